package tabletop

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// plainBetween is the line of sight read straight from the rule, feature by
// feature and unit by unit with nothing worked out beforehand: what
// Sightlines.Between must always answer.
func plainBetween(t Table, rule SightRule, a, b Point, skip ...string) Sight {
	ha, hb := t.Elevation(a), t.Elevation(b)
	length := Distance(a, b)
	for _, f := range t.Terrain {
		if f.IsLine() {
			continue
		}
		blocks := rule.Blocks != nil && rule.Blocks(f)
		for _, sp := range inside(a, b, f.Area) {
			atEnd := sp.from <= epsilon || sp.to >= 1-epsilon
			if blocks && !(atEnd && (sp.to-sp.from)*length <= rule.SeeInto+epsilon) {
				return Sight{By: f.Name}
			}
			if f.Height > 0 && !atEnd && f.Height > min(ha+(hb-ha)*sp.from, ha+(hb-ha)*sp.to)+epsilon {
				return Sight{By: f.Name}
			}
		}
	}
	if !rule.Screens {
		return Sight{Clear: true}
	}
	for _, u := range t.Units {
		if slices.Contains(skip, u.Name) {
			continue
		}
		for _, sp := range inside(a, b, u.Footprint()) {
			if sp.to-sp.from > epsilon {
				return Sight{By: u.Name}
			}
		}
	}
	return Sight{Clear: true}
}

// crowdedTable is a table of 100 units among 30 pieces of ground, a third of
// them hills, drawn from a seed; with turned, the units face every way.
func crowdedTable(seed uint64, turned bool) Table {
	r := rand.New(rand.NewPCG(seed, 2))
	t := Table{Width: 72, Depth: 48}
	for i := range 30 {
		x, y := r.Float64()*64, r.Float64()*40
		f := Feature{Kind: "wood", Name: fmt.Sprintf("wood %d", i), Area: tabletoptest.Square(x, y, x+4+r.Float64()*4, y+4+r.Float64()*4)}
		if i%3 == 0 {
			f.Kind, f.Height = "hill", 1+float64(i%2)
		}
		t.Terrain = append(t.Terrain, f)
	}
	for i := range 100 {
		u := Unit{Name: fmt.Sprintf("unit %d", i), At: Point{r.Float64() * 72, r.Float64() * 48}, Width: 2, Depth: 1}
		if turned {
			u.Facing = r.Float64() * 360
		}
		t.Units = append(t.Units, u)
	}
	return t
}

var woodsBlock = SightRule{Blocks: func(f Feature) bool { return f.Kind == "wood" }, SeeInto: 2, Screens: true}

// TestSightlinesAsTheRuleReads holds Sightlines.Between to plainBetween on
// every pair of units of crowded tables, their fronts and corners too, and on
// lines along the edges of the ground (where rounding would show first).
func TestSightlinesAsTheRuleReads(t *testing.T) {
	for seed := range uint64(2) {
		table := crowdedTable(seed, seed == 1)
		s := table.Sightlines(woodsBlock)
		var points []Point
		for _, u := range table.Units {
			points = append(points, u.At, u.Front())
		}
		for _, f := range table.Terrain[:8] {
			points = append(points, f.Area[:len(f.Area)-1]...)
		}
		for i, a := range points {
			for _, b := range points[i+1:] {
				want := plainBetween(table, woodsBlock, a, b, table.Units[0].Name)
				if got := s.Between(a, b, table.Units[0].Name); got != want {
					t.Fatalf("seed %d: Between(%v, %v) = %+v, want %+v", seed, a, b, got, want)
				}
			}
		}
	}
}

// FuzzSightlines holds Sightlines.Between to plainBetween on tables of a few
// pieces of ground and units placed by the fuzzer.
func FuzzSightlines(f *testing.F) {
	f.Add(uint64(1), 10.0, 15.0, 35.0, 15.0)
	f.Add(uint64(2), 21.0, 15.0, 0.0, 15.0)
	f.Add(uint64(3), 30.0, 20.0, 20.0, 10.0)
	f.Fuzz(func(t *testing.T, seed uint64, ax, ay, bx, by float64) {
		table := crowdedTable(seed, seed%2 == 1)
		table.Terrain, table.Units = table.Terrain[:6], table.Units[:8]
		a, b := Point{ax, ay}, Point{bx, by}
		if !table.Contains(a) || !table.Contains(b) {
			return
		}
		for _, rule := range []SightRule{woodsBlock, {SeeInto: 2}} {
			want := plainBetween(table, rule, a, b)
			if got := table.Sightlines(rule).Between(a, b); got != want {
				t.Fatalf("Between(%v, %v) = %+v, want %+v", a, b, got, want)
			}
		}
	})
}
