package tabletop

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// ray is the point of an outline of Reachable or Seen in the direction of a
// bearing (a multiple of 360/rays).
func ray(r []Point, bearing float64) Point { return r[int(bearing*rays/360)] }

func TestReachable(t *testing.T) {
	kinds := []Kind{{Name: "forest", Cost: 3, NoGuns: true}, {Name: "field"}, {Name: "marsh"}}
	table := Table{Width: 72, Depth: 48, Terrain: []Feature{
		{Kind: "forest", Name: "Sherwood", Area: tabletoptest.Square(12, 20, 20, 28)},
		{Kind: "field", Name: "Wheat", Area: tabletoptest.Square(0, 30, 10, 40)},
		{Kind: "marsh", Name: "Fen", Area: tabletoptest.Square(40, 0, 50, 10)},
	}}
	jog := Band{Name: "jog", Inches: 6, Hard: 3}
	tests := []struct {
		name    string
		from    Point
		reach   Reach
		move    Band
		bearing float64
		want    Point
	}{
		{"open ground, north", Point{36, 24}, Reach{}, jog, 0, Point{36, 30}},
		{"open ground, west", Point{36, 24}, Reach{}, jog, 270, Point{30, 24}},
		{"2\" open, then 4\" of allowance at 3\" an inch in the forest", Point{10, 24}, Reach{}, jog, 90, Point{10 + 2 + 4.0/3, 24}},
		{"a gun stops at the forest's edge", Point{10, 24}, Reach{Gun: true}, jog, 90, Point{12, 24}},
		{"a field costs nothing more", Point{5, 28}, Reach{}, jog, 0, Point{5, 34}},
		{"no move leaves the table", Point{70, 24}, Reach{}, jog, 90, Point{72, 24}},
		{"a jog into hard going goes 3\" in all", Point{38, 5}, Reach{Hard: []string{"marsh"}}, jog, 90, Point{41, 5}},
		{"a jog that has gone 4\" stops at hard going", Point{36, 5}, Reach{Hard: []string{"marsh"}}, jog, 90, Point{40, 5}},
		{"a run enters no hard going", Point{38, 5}, Reach{Hard: []string{"marsh"}}, Band{Name: "run", Inches: 9}, 90, Point{40, 5}},
		{"hard going for others is open ground here", Point{38, 5}, Reach{}, jog, 90, Point{44, 5}},
	}
	for _, tt := range tests {
		got := ray(table.Reachable(kinds, tt.from, tt.reach, tt.move), tt.bearing)
		if Distance(got, tt.want) > 1e-6 {
			t.Errorf("%s: Reachable(%v, %+v) at %g° = %v, want %v", tt.name, tt.from, tt.move, tt.bearing, got, tt.want)
		}
	}
	for _, p := range table.Reachable(kinds, Point{36, 10}, Reach{}, jog) {
		if d := Distance(p, Point{36, 10}); math.Abs(d-6) > 1e-6 {
			t.Errorf("in the open every end of a 6\" move is 6\" away, not %g (%v)", d, p)
		}
	}
}

func TestBeyond(t *testing.T) {
	base := tabletoptest.Square(9, 9, 11, 11)
	out := Beyond(base, 3)
	if !out.Closed() {
		t.Fatalf("Beyond is not closed: %v", out)
	}
	for _, p := range out {
		if g := GapTo(base, p); math.Abs(g-3) > 1e-6 {
			t.Errorf("a point of Beyond(base, 3) is %g\" from the base, want 3 (%v)", g, p)
		}
	}
	for _, p := range []Point{{14, 9}, {11, 6}, {11 + 3/math.Sqrt2, 11 + 3/math.Sqrt2}} {
		found := false
		for _, q := range out {
			found = found || Distance(p, q) < 1e-6
		}
		if !found {
			t.Errorf("Beyond(base, 3) misses %v", p)
		}
	}
}

func TestSeen(t *testing.T) {
	table := Table{Width: 72, Depth: 48, Terrain: []Feature{{Kind: "wood", Name: "Bois", Area: tabletoptest.Square(20, 10, 30, 20)}}}
	s := table.Sightlines(woodsBlock)
	seen := s.Seen(Point{10, 15}, 100)
	tests := []struct {
		name    string
		bearing float64
		want    Point
	}{
		{"into the wood as far as a unit at its edge is seen", 90, Point{22, 15}},
		{"to the table's edge", 270, Point{0, 15}},
		{"north to the far edge", 0, Point{10, 48}},
	}
	for _, tt := range tests {
		if got := ray(seen, tt.bearing); Distance(got, tt.want) > 1e-6 {
			t.Errorf("%s: Seen at %g° = %v, want %v", tt.name, tt.bearing, got, tt.want)
		}
	}
	if got := ray(s.Seen(Point{10, 15}, 6), 0); Distance(got, Point{10, 21}) > 1e-6 {
		t.Errorf("Seen to 6\" north = %v, want 10,21", got)
	}
}
