package tabletop

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// The looks at a 1" square standing at (15,30), over a wood from (10,10) to
// (20,20) that blocks sight, from lookers of 1" squares: the gaps are
// between the nearest edges (centres apart less 1"), the lines of sight
// between the centres.
func TestSightings(t *testing.T) {
	wood := Feature{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(10, 10, 20, 20)}
	blocks := SightRule{Blocks: func(f Feature) bool { return f.Kind == "wood" }, SeeInto: SeeInto}
	at := func(name string, x, y float64) Unit { return Unit{Name: name, At: Point{x, y}, Width: 1, Depth: 1} }
	target := at("Voltigeurs", 15, 30)
	south, east, north, far := at("South", 15, 5), at("East", 30, 30), at("North", 15, 40), at("Far", 40, 30)
	screen := at("Screen", 15, 35)
	type look struct {
		by    string
		gap   float64
		clear bool
		block string
	}
	tests := []struct {
		name    string
		units   []Unit
		rule    SightRule
		lookers []Unit
		want    []look
	}{{
		name:    "the wood blocks the look from the south; the nearest clear look comes first",
		rule:    blocks,
		lookers: []Unit{south, east, target, far, north},
		want: []look{{"North", 9, true, ""}, {"East", 14, true, ""}, {"Far", 24, true, ""},
			{"South", 24, false, "Copse"}},
	}, {
		name:    "a unit standing between screens the look from the north, when units screen",
		units:   []Unit{target, north, screen},
		rule:    SightRule{Blocks: blocks.Blocks, SeeInto: SeeInto, Screens: true},
		lookers: []Unit{north, east},
		want:    []look{{"East", 14, true, ""}, {"North", 9, false, "Screen"}},
	}, {
		name:    "no lookers, no looks",
		rule:    blocks,
		lookers: nil,
		want:    []look{},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table := Table{Width: 72, Depth: 48, Terrain: []Feature{wood}, Units: tt.units}
			got := []look{}
			for _, s := range table.Sightings(tt.rule, target, tt.lookers) {
				got = append(got, look{s.By.Name, Tenth(s.Gap), s.Sight.Clear, s.Sight.By})
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(look{})); diff != "" {
				t.Errorf("Sightings(%s) (-want +got):\n%s", target.Name, diff)
			}
		})
	}
}
