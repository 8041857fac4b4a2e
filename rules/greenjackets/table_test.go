package greenjackets

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestLook measures views across a table with a wood, a farm and a hedge,
// every number worked by hand.
func TestLook(t *testing.T) {
	table := tabletop.Table{Width: 48, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(20, 20, 30, 30)},
		{Kind: "building", Name: "Farm", Area: tabletoptest.Square(0, 40, 6, 46)},
		{Kind: "hedge", Name: "Hedge", Line: orb.LineString{{10, 39}, {20, 39}}},
	}}
	// 1" figures and squads of 3" by 1".
	at := func(name string, x, y, w float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: w, Depth: 1}
	}
	tests := []struct {
		name     string
		from, to tabletop.Unit
		want     View
		refused  string
	}{
		{"into the copse's edge, 21 − 10.5 = 10.5 inches", at("Harper", 25, 10, 1), at("Voltigeurs", 25, 21.5, 3),
			View{Range: 10.5, Cover: Soft, CoverBy: "Copse"}, ""},
		{"behind the hedge, 39.5 − 10.5 = 29 inches", at("Harper", 15, 10, 1), at("Behind", 15, 40, 3),
			View{Range: 29, Cover: Soft, CoverBy: "Hedge"}, ""},
		{"in the farm, 40.5 − 10.5 = 30 inches", at("Harper", 3, 10, 1), at("Garrison", 3, 41, 3),
			View{Range: 30, Cover: Hard, CoverBy: "Farm"}, ""},
		{"through the copse", at("Harper", 25, 10, 1), at("Beyond", 25, 40, 3), View{}, "Harper cannot see Beyond: Copse is in the way."},
	}
	for _, tt := range tests {
		got, err := Look(table, tt.from, tt.to)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: Look = %+v, %v; want refused: %s", tt.name, got, err, tt.refused)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); err != nil || diff != "" {
			t.Errorf("%s: Look = %v (-want +got):\n%s", tt.name, err, diff)
		}
	}
}

// TestCommandDistance measures an officer's distance to the farthest of his
// squads, worked by hand.
func TestCommandDistance(t *testing.T) {
	// Fothergill, a 1" figure at (10,10): his footprint runs 9.5 to 10.5 each way.
	officer := tabletop.Unit{Name: "Fothergill", At: tabletop.Point{10, 10}, Width: 1, Depth: 1}
	squad := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 3, Depth: 1} // 3" by 1"
	}
	tests := []struct {
		name   string
		squads []tabletop.Unit
		want   float64
		far    string
	}{
		// Front edge at 15.5 − 0.5 = 15, officer's top at 10.5: 15 − 10.5 = 4.5.
		{"one squad ahead, 4.5 inches", []tabletop.Unit{squad("First", 10, 15.5)}, 4.5, "First"},
		// Like the source's example, two near and one 8" away. Second's left edge at
		// 17 − 1.5 = 15.5: 15.5 − 10.5 = 5. Third's right edge at 2 + 1.5 = 3.5:
		// 9.5 − 3.5 = 6. Fourth's near edge at 19 − 0.5 = 18.5: 18.5 − 10.5 = 8.
		{"three squads: the farthest is 8 inches", []tabletop.Unit{squad("Second", 17, 10), squad("Third", 2, 10), squad("Fourth", 10, 19)}, 8, "Fourth"},
		// Overlapping footprints touch: 0.
		{"in contact", []tabletop.Unit{squad("Close", 10, 10.5)}, 0, "Close"},
	}
	for _, tt := range tests {
		d, far := CommandDistance(officer, tt.squads)
		if d != tt.want || far.Name != tt.far {
			t.Errorf("%s: CommandDistance = %g to %s, want %g to %s", tt.name, d, far.Name, tt.want, tt.far)
		}
	}
}

// TestFigureRanges measures each figure placed apart from his squad on his
// own, worked by hand.
func TestFigureRanges(t *testing.T) {
	table := tabletop.Table{Width: 48, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(20, 20, 30, 30)},
	}}
	figure := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 1, Depth: 1}
	}
	// The Voltigeurs, 3" by 1" at (10,36): 8.5 to 11.5 across, 35.5 to 36.5 deep.
	target := tabletop.Unit{Name: "Voltigeurs", At: tabletop.Point{10, 36}, Width: 3, Depth: 1}
	tests := []struct {
		name    string
		figures []tabletop.Unit
		want    map[string]float64
		refused string
	}{
		{"none placed apart", nil, map[string]float64{}, ""},
		// Harris's top at 20.5: 35.5 − 20.5 = 15. Hagman's corner (14.5,30.5) to
		// (11.5,35.5): √(3² + 5²) = 5.83.
		{"two at their own ranges", []tabletop.Unit{figure("Harris", 10, 20), figure("Hagman", 15, 30)},
			map[string]float64{"Harris": 15, "Hagman": 5.830951894845301}, ""},
		{"one behind the copse", []tabletop.Unit{figure("Harris", 10, 20), figure("Cooper", 25, 15)},
			nil, "Cooper cannot see Voltigeurs: Copse is in the way."},
	}
	for _, tt := range tests {
		got, err := FigureRanges(table, target, tt.figures)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: FigureRanges = %v, %v; want refused: %s", tt.name, got, err, tt.refused)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-9)); err != nil || diff != "" {
			t.Errorf("%s: FigureRanges = %v (-want +got):\n%s", tt.name, err, diff)
		}
	}
}

// TestFiringFiguresRanges: off the table each figure fires at the range
// typed for him (or the squad's); on it at his own measured range, or his
// squad's when he stands with it, and a typed range the table contradicts
// by more than half an inch is refused.
func TestFiringFiguresRanges(t *testing.T) {
	firing := []*Figure{{Name: "Harris"}, {Name: "Hagman"}, {Name: "Cooper"}}
	measured := map[string]float64{"Hagman": 5.83}
	tests := []struct {
		name    string
		order   FireOrder
		want    []float64
		refused string
	}{
		{"off the table, the squad's range", FireOrder{Range: 12}, []float64{12, 12, 12}, ""},
		{"off the table, each typed", FireOrder{Range: 12, Ranges: []float64{10, 8}}, []float64{10, 8, 12}, ""},
		{"on the table, Hagman apart", FireOrder{Range: 15, FigureRanges: measured}, []float64{15, 5.8, 15}, ""},
		{"on the table, typed within half an inch", FireOrder{Range: 15, Ranges: []float64{15.5, 6}, FigureRanges: measured}, []float64{15, 5.8, 15}, ""},
		{"on the table, typed otherwise", FireOrder{Range: 15, Ranges: []float64{15, 8}, Target: FireTarget{Name: "Voltigeurs"}, FigureRanges: measured},
			nil, "The map says otherwise than the `ranges:` typed: Hagman stands 5.8\" from Voltigeurs, not 8\"."},
	}
	for _, tt := range tests {
		got, err := tt.order.figureRanges(firing)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: figureRanges = %v, %v; want refused: %s", tt.name, got, err, tt.refused)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); err != nil || diff != "" {
			t.Errorf("%s: figureRanges = %v (-want +got):\n%s", tt.name, err, diff)
		}
	}
}

// TestInContact: the Voltigeurs, 3" by 1" at (10,36), are touched when a
// footprint of the officer's section reaches their edge, by hand: 8.5 to
// 11.5 across, 35.5 to 36.5 deep.
func TestInContact(t *testing.T) {
	target := tabletop.Unit{Name: "Voltigeurs", At: tabletop.Point{10, 36}, Width: 3, Depth: 1}
	at := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 1, Depth: 1}
	}
	for _, tt := range []struct {
		name    string
		section []tabletop.Unit
		want    bool
	}{
		{"the officer alone, 26.5\" off (y 8.5 to 35.5)", []tabletop.Unit{at("Sharpe", 10, 8)}, false},
		{"his squad's front edge on theirs (y 35.5)", []tabletop.Unit{at("Sharpe", 10, 8), at("Rifles", 10, 35)}, true},
		{"a figure at their flank, edge to edge (x 11.5)", []tabletop.Unit{at("Sharpe", 10, 8), at("Harris", 12, 36)}, true},
		{"a figure a twenty-fifth of an inch short (x 11.54), nothing to the tenth", []tabletop.Unit{at("Harris", 12.04, 36)}, true},
		{"a figure a fifth of an inch short (x 11.7)", []tabletop.Unit{at("Harris", 12.2, 36)}, false},
		{"no one on the table", nil, false},
	} {
		if got := InContact(target, tt.section); got != tt.want {
			t.Errorf("%s: InContact = %v, want %v", tt.name, got, tt.want)
		}
	}
}
