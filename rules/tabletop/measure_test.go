package tabletop

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

const near = 1e-6

func TestFootprint(t *testing.T) {
	tests := []struct {
		name string
		unit Unit
		want orb.Ring
	}{
		{"facing north", Unit{At: Point{10, 10}, Facing: 0, Width: 4, Depth: 2},
			orb.Ring{{8, 11}, {12, 11}, {12, 9}, {8, 9}, {8, 11}}},
		{"facing east", Unit{At: Point{10, 10}, Facing: 90, Width: 4, Depth: 2},
			orb.Ring{{11, 12}, {11, 8}, {9, 8}, {9, 12}, {11, 12}}},
	}
	for _, tt := range tests {
		got := tt.unit.Footprint()
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, near)); diff != "" {
			t.Errorf("%s: Footprint() mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestGap(t *testing.T) {
	tests := []struct {
		name string
		a, b orb.Ring
		want float64
	}{
		{"side by side, 8 apart", tabletoptest.Square(0, 0, 2, 2), tabletoptest.Square(10, 0, 12, 2), 8},
		{"corner to corner, a 3-4-5", tabletoptest.Square(0, 0, 1, 1), tabletoptest.Square(4, 5, 6, 6), 5},
		{"touching", tabletoptest.Square(0, 0, 2, 2), tabletoptest.Square(2, 0, 4, 2), 0},
		{"overlapping", tabletoptest.Square(0, 0, 3, 3), tabletoptest.Square(2, 2, 5, 5), 0},
		{"one inside the other", tabletoptest.Square(0, 0, 10, 10), tabletoptest.Square(4, 4, 5, 5), 0},
		{"a corner against a side", tabletoptest.Square(0, 0, 2, 2), orb.Ring{{5, 1}, {7, -1}, {9, 1}, {7, 3}, {5, 1}}, 3},
	}
	for _, tt := range tests {
		if got := Gap(tt.a, tt.b); math.Abs(got-tt.want) > near {
			t.Errorf("%s: Gap = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestThroughAndLegs(t *testing.T) {
	wood := tabletoptest.Square(10, -5, 14, 5)
	path := []Point{{0, 0}, {20, 0}}
	if got := Through(path, wood); math.Abs(got-4) > near {
		t.Errorf("Through a 4-inch wood = %v, want 4", got)
	}
	diagonal := []Point{{10, -5}, {14, -1}} // along the wood's inside, corner to inner point
	if got, want := Through(diagonal, wood), math.Hypot(4, 4); math.Abs(got-want) > near {
		t.Errorf("Through from a corner = %v, want %v", got, want)
	}
	bent := []Point{{0, 0}, {12, 0}, {12, 10}} // into the wood, then north out of it
	if got := Through(bent, wood); math.Abs(got-7) > near {
		t.Errorf("Through a bent path = %v, want 2 + 5", got)
	}
	table := Table{Width: 48, Depth: 48, Terrain: []Feature{
		{Kind: "wood", Name: "Bois", Area: wood},
		{Kind: "hill", Name: "Knoll", Area: tabletoptest.Square(12, -5, 20, 5), Height: 1},
	}}
	want := []Leg{{10, nil}, {2, []int{0}}, {2, []int{0, 1}}, {6, []int{1}}}
	if diff := cmp.Diff(want, table.Legs(path), cmpopts.EquateApprox(0, near)); diff != "" {
		t.Errorf("Legs mismatch (-want +got):\n%s", diff)
	}
}

func TestCrossings(t *testing.T) {
	river := orb.LineString{{10, -10}, {10, 0}, {12, 10}}
	tests := []struct {
		name string
		path []Point
		want int
	}{
		{"across once", []Point{{0, -5}, {20, -5}}, 1},
		{"through the bend counts once", []Point{{0, 0}, {20, 0}}, 1},
		{"there and back", []Point{{0, 5}, {20, 5}, {0, 6}}, 2},
		{"short of it", []Point{{0, 5}, {5, 5}}, 0},
	}
	for _, tt := range tests {
		if got := Crossings(tt.path, river); got != tt.want {
			t.Errorf("%s: Crossings = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestArc(t *testing.T) {
	gun := Unit{At: Point{0, 0}, Facing: 0, Width: 2, Depth: 2}
	tests := []struct {
		name string
		r    orb.Ring
		want bool
	}{
		{"dead ahead", tabletoptest.Square(-1, 10, 1, 12), true},
		{"on the 45° line", tabletoptest.Square(9, 9, 10, 10), true},
		{"off to the flank", tabletoptest.Square(10, 0, 12, 2), false},
		{"behind", tabletoptest.Square(-1, -12, 1, -10), false},
		{"straddling the arc's edge with corners outside", orb.Ring{{20, 15}, {30, 15}, {15, 30}, {20, 15}}, true},
	}
	for _, tt := range tests {
		if got := gun.InArc(tt.r, 45); got != tt.want {
			t.Errorf("%s: InArc = %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := gun.OffFront(Point{-10, 0}); math.Abs(got-90) > near {
		t.Errorf("OffFront to the left = %v, want 90", got)
	}
}

func TestSightlines(t *testing.T) {
	table := Table{Width: 72, Depth: 48,
		Terrain: []Feature{
			{Kind: "wood", Name: "Bois de Boulogne", Area: tabletoptest.Square(20, 10, 30, 20)},
			{Kind: "hill", Name: "Big Hill", Area: tabletoptest.Square(40, 0, 50, 48), Height: 2},
			{Kind: "field", Name: "Wheat", Area: tabletoptest.Square(0, 30, 10, 40)},
		},
		Units: []Unit{{Name: "Screen", At: Point{15, 45}, Width: 4, Depth: 1}},
	}
	woods := func(f Feature) bool { return f.Kind == "wood" }
	s := table.Sightlines(SightRule{Blocks: woods, SeeInto: 2, Screens: true})
	tests := []struct {
		name string
		a, b Point
		want Sight
	}{
		{"open ground", Point{0, 5}, Point{35, 5}, Sight{Clear: true}},
		{"through the wood", Point{10, 15}, Point{35, 15}, Sight{By: "Bois de Boulogne"}},
		{"from the wood's edge", Point{21, 15}, Point{0, 15}, Sight{Clear: true}},
		{"from deep in the wood", Point{25, 15}, Point{0, 15}, Sight{By: "Bois de Boulogne"}},
		{"fields do not block", Point{5, 25}, Point{5, 45}, Sight{Clear: true}},
		{"over the hill, both below it", Point{35, 5}, Point{60, 5}, Sight{By: "Big Hill"}},
		{"from the hill down", Point{45, 5}, Point{60, 5}, Sight{Clear: true}},
		{"a unit screens", Point{15, 40}, Point{15, 47}, Sight{By: "Screen"}},
	}
	for _, tt := range tests {
		if got := s.Between(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: Between(%v, %v) = %+v, want %+v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
	if got := s.Between(Point{15, 40}, Point{15, 47}, "Screen"); !got.Clear {
		t.Errorf("Between skipping the screen = %+v, want clear", got)
	}
	// Seen from 0,15 only part of a base beside the wood's corner shows.
	base := tabletoptest.Square(32, 22, 34, 24)
	if got := s.Whole(Point{0, 15}, base); got.Clear {
		t.Errorf("Whole of a base half behind the wood = %+v, want blocked", got)
	}
	if got := s.Whole(Point{0, 25}, base); !got.Clear {
		t.Errorf("Whole of a base in the open = %+v, want clear", got)
	}
}

func TestParse(t *testing.T) {
	if p, err := ParsePoint(` 12, 30.5" `); err != nil || p != (Point{12, 30.5}) {
		t.Errorf("ParsePoint = %v, %v", p, err)
	}
	for _, bad := range []string{"", "12", "a,b", "1e400,2", "NaN,1"} {
		if _, err := ParsePoint(bad); err == nil {
			t.Errorf("ParsePoint(%q) accepted", bad)
		}
	}
	for in, want := range map[string]float64{"N": 0, "se": 135, "270": 270, "-90": 270, "450°": 90} {
		if got, err := ParseFacing(in); err != nil || got != want {
			t.Errorf("ParseFacing(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseFacing("up"); err == nil {
		t.Error(`ParseFacing("up") accepted`)
	}
}

func TestValidate(t *testing.T) {
	good := Table{Width: 72, Depth: 48,
		Terrain: []Feature{{Kind: "wood", Name: "W", Area: tabletoptest.Square(1, 1, 5, 5)}, {Kind: "river", Name: "R", Line: orb.LineString{{0, 10}, {72, 10}}}},
		Units:   []Unit{{Name: "U", At: Point{3, 3}, Width: 2, Depth: 1}}}
	if err := good.Validate(); err != nil {
		t.Fatalf("Validate(good) = %v", err)
	}
	bad := map[string]func(*Table){
		"no size":           func(t *Table) { t.Width = 0 },
		"open outline":      func(t *Table) { t.Terrain[0].Area = t.Terrain[0].Area[:4] },
		"off the table":     func(t *Table) { t.Terrain[1].Line[1] = Point{80, 10} },
		"unnamed":           func(t *Table) { t.Terrain[0].Name = "" },
		"two of a name":     func(t *Table) { t.Terrain[1].Name = "W" },
		"unit off table":    func(t *Table) { t.Units[0].At = Point{-1, 3} },
		"unit with no size": func(t *Table) { t.Units[0].Width = 0 },
		"placed twice":      func(t *Table) { t.Units = append(t.Units, t.Units[0]) },
		"negative height":   func(t *Table) { t.Terrain[0].Height = -1 },
	}
	for name, spoil := range bad {
		tb := good
		tb.Terrain = append([]Feature(nil), good.Terrain...)
		tb.Terrain[0].Area = append(orb.Ring(nil), good.Terrain[0].Area...)
		tb.Terrain[1].Line = append(orb.LineString(nil), good.Terrain[1].Line...)
		tb.Units = append([]Unit(nil), good.Units...)
		spoil(&tb)
		if err := tb.Validate(); err == nil {
			t.Errorf("%s: Validate accepted it", name)
		}
	}
}
