package greenjackets

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestMeasureMove measures moves of a squad's centre across a table with a
// wood, rough ground, a road, a hedge and a stream, every number worked by
// hand, and reads each into the move order the table gives (G7).
func TestMeasureMove(t *testing.T) {
	table := tabletop.Table{Width: 48, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(20, 20, 30, 30)},
		{Kind: "rough", Name: "Scrub", Area: tabletoptest.Square(0, 20, 6, 30)},
		{Kind: "road", Name: "Lisbon Road", Line: orb.LineString{{40, 0}, {40, 48}}},
		{Kind: "hedge", Name: "Long Hedge", Line: orb.LineString{{10, 15}, {18, 15}}},
		{Kind: "stream", Name: "Brook", Line: orb.LineString{{0, 40}, {48, 40}}},
	}}
	squad := func(x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: "Chosen Men", At: tabletop.Point{x, y}, Width: 3, Depth: 1}
	}
	tests := []struct {
		name             string
		from             tabletop.Unit
		via              []tabletop.Point
		to               tabletop.Point
		length           float64
		road, hard, guns string
		obstacles        []string
		woods, rough     bool
		refused          string
	}{
		{"open ground over the hedge: 10 to 16, 6 inches", squad(14, 10), nil, tabletop.Point{14, 16},
			6, "", "", "", []string{"Long Hedge"}, false, false, ""},
		{"up the road, half an inch off it at the end: √(0.5² + 8²) = 8.0 inches", squad(40, 10), nil, tabletop.Point{40.5, 18},
			8.0156, "Lisbon Road", "", "", nil, false, false, ""},
		{"off the road by way of 43,14 and 43,17 and back: 5 + 3 + 5 = 13 inches, 3\" off it", squad(40, 10), []tabletop.Point{{43, 14}, {43, 17}}, tabletop.Point{40, 21},
			13, "", "", "", nil, false, false, ""},
		{"into the copse: 15 to 22, 7 inches", squad(25, 15), nil, tabletop.Point{25, 22},
			7, "", "Copse", "Copse", nil, true, false, ""},
		{"past the copse by way of 18,25: 9 + 5 = 14 inches, in the open", squad(18, 16), []tabletop.Point{{18, 25}}, tabletop.Point{18, 30},
			14, "", "", "", nil, false, false, ""},
		{"into the scrub: 17 to 21, 4 inches", squad(3, 17), nil, tabletop.Point{3, 21},
			4, "", "Scrub", "", nil, false, true, ""},
		{"across the brook", squad(14, 38), nil, tabletop.Point{14, 42},
			4, "", "", "", nil, false, false, "Chosen Men's move crosses Brook: rivers are the umpire's to rule (G7)"},
	}
	for _, tt := range tests {
		got := MeasureMove(table, tt.from, tt.via, tt.to)
		if !tabletop.Agree(got.Length, tt.length) || got.Road != tt.road || got.Hard != tt.hard || got.NoGuns != tt.guns ||
			!cmp.Equal(got.Obstacles, tt.obstacles) {
			t.Errorf("%s: MeasureMove = %g\" road %q hard %q no guns %q obstacles %v, want %g\" road %q hard %q no guns %q obstacles %v",
				tt.name, got.Length, got.Road, got.Hard, got.NoGuns, got.Obstacles, tt.length, tt.road, tt.hard, tt.guns, tt.obstacles)
		}
		if want := len(tt.via) + 2; len(got.Path) != want || got.Path[0] != tt.from.At || got.Path[want-1] != tt.to {
			t.Errorf("%s: the path is %v, want %d points from %v to %v", tt.name, got.Path, want, tt.from.At, tt.to)
		}
		o, err := got.Order("Chosen Men", MoveOrder{Speed: Jog})
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: Order = %v, want refused %q", tt.name, err, tt.refused)
			}
			continue
		}
		if err != nil || o.Inches == nil || *o.Inches != tabletop.Tenth(tt.length) || o.Road != (tt.road != "") || o.Woods != tt.woods || o.Rough != tt.rough {
			t.Errorf("%s: Order = %+v, %v; want %g\" road %v woods %v rough %v", tt.name, o, err, tabletop.Tenth(tt.length), tt.road != "", tt.woods, tt.rough)
		}
	}
}

// TestAllowanceRough holds rough ground to hard going at a crawl, and no
// charge through it, but open to guns, which woods and marsh are not (G7).
func TestAllowanceRough(t *testing.T) {
	tests := []struct {
		m       Move
		inches  float64
		refused string
	}{
		{Move{Arm: Infantry, Speed: Jog, Rough: true}, 3, ""},
		{Move{Arm: Infantry, Speed: Run, Rough: true}, 0, "No one may charge through rough ground"},
		{Move{Arm: Artillery, Speed: Crawl, Rough: true, Limbered: true}, 2, ""},
		{Move{Arm: Artillery, Speed: Crawl, Woods: true, Limbered: true}, 0, "impassable to artillery"},
	}
	for _, tt := range tests {
		_, got, err := Allowance(tt.m)
		if tt.refused == "" && (err != nil || got.Inches != tt.inches) || tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)) {
			t.Errorf("Allowance(%+v) = %g\", %v; want %g\" or refused %q", tt.m, got.Inches, err, tt.inches, tt.refused)
		}
	}
}
