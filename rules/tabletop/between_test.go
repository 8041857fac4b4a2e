package tabletop

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

func TestBetween(t *testing.T) {
	// Two 2" squares side by side, 8" apart: the ground between is the 12" by 2" strip.
	got := Between(tabletoptest.Square(0, 0, 2, 2), tabletoptest.Square(10, 0, 12, 2))
	want := orb.Ring{{0, 0}, {12, 0}, {12, 2}, {0, 2}, {0, 0}}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, near)); diff != "" {
		t.Errorf("Between side by side (-want +got):\n%s", diff)
	}
	// One square above and right of the other: a hexagon, its two cut corners
	// at (2,0)-(12,10) and (0,2)-(10,12).
	got = Between(tabletoptest.Square(0, 0, 2, 2), tabletoptest.Square(10, 10, 12, 12))
	want = orb.Ring{{0, 0}, {2, 0}, {12, 10}, {12, 12}, {10, 12}, {0, 2}, {0, 0}}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, near)); diff != "" {
		t.Errorf("Between on the diagonal (-want +got):\n%s", diff)
	}
}

func TestIntervening(t *testing.T) {
	gun := Unit{Name: "Gun", At: Point{10, 2}, Width: 2, Depth: 2}
	target := Unit{Name: "Target", At: Point{10, 40}, Width: 4, Depth: 1}
	others := []Unit{
		gun, target,
		{Name: "In the way", At: Point{10, 20}, Width: 4, Depth: 1},
		// The ground's right edge runs from the gun's (11,1) to the target's (12,39.5):
		// at y=29.5 it is at x=11.74, past this one's left side at 11.5.
		{Name: "Half in the way", At: Point{12.5, 30}, Width: 2, Depth: 1},
		{Name: "Just clear", At: Point{13, 30}, Width: 2, Depth: 1},
		{Name: "Off to the side", At: Point{20, 20}, Width: 4, Depth: 1},
		{Name: "Behind the gun", At: Point{10, -0.5}, Width: 4, Depth: 0.5},
	}
	var names []string
	for _, u := range Intervening(gun, target, others) {
		names = append(names, u.Name)
	}
	if diff := cmp.Diff([]string{"In the way", "Half in the way"}, names); diff != "" {
		t.Errorf("Intervening (-want +got):\n%s", diff)
	}
}

func TestLinesNear(t *testing.T) {
	table := Table{Width: 72, Depth: 48, Terrain: []Feature{
		{Kind: "wall", Name: "Near wall", Line: orb.LineString{{0, 19}, {20, 19}}},
		{Kind: "hedge", Name: "Far hedge", Line: orb.LineString{{0, 10}, {20, 10}}},
		{Kind: "wood", Name: "Wood", Area: tabletoptest.Square(0, 15, 20, 18)},
	}}
	var names []string
	for _, f := range table.LinesNear(Point{5, 0}, Point{5, 20}, 2) {
		names = append(names, f.Name)
	}
	if diff := cmp.Diff([]string{"Near wall"}, names); diff != "" {
		t.Errorf("LinesNear within 2\" of the target (-want +got):\n%s", diff)
	}
}
