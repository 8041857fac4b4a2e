package tabletop

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

func TestRouteAndCut(t *testing.T) {
	path := Route(Point{0, 0}, []Point{{3, 4}}, Point{3, 10}) // 5" then 6"
	if got := Length(path); got != 11 {
		t.Fatalf("Length of the route = %v, want 5 + 6", got)
	}
	tests := []struct {
		name   string
		length float64
		want   []Point
	}{
		{"within the first leg", 2.5, []Point{{0, 0}, {1.5, 2}}},
		{"at the bend", 5, []Point{{0, 0}, {3, 4}}},
		{"into the second leg", 8, []Point{{0, 0}, {3, 4}, {3, 7}}},
		{"the whole path", 11, path},
		{"more than the path", 20, path},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Cut(path, tt.length), cmpopts.EquateApprox(0, near)); diff != "" {
			t.Errorf("%s: Cut(%v) mismatch (-want +got):\n%s", tt.name, tt.length, diff)
		}
	}
}

func TestAlong(t *testing.T) {
	road := orb.LineString{{0, 10}, {20, 10}, {20, 30}} // east, then north
	tests := []struct {
		name string
		path []Point
		want bool
	}{
		{"on the road", []Point{{2, 10}, {18, 10}}, true},
		{"half an inch beside it", []Point{{2, 10.5}, {18, 10.5}}, true},
		{"round the bend", []Point{{10, 10}, {20, 10}, {20, 20}}, true},
		{"cutting the corner strays 7\" off", []Point{{10, 10}, {20, 20}}, false},
		{"leaving it at the end", []Point{{2, 10}, {18, 14}}, false},
		{"off the end of it", []Point{{18, 30}, {18, 34}}, false},
	}
	for _, tt := range tests {
		if got := Along(tt.path, road, 1); got != tt.want {
			t.Errorf("%s: Along = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestEntered(t *testing.T) {
	table := Table{Width: 48, Depth: 48, Terrain: []Feature{
		{Kind: "wood", Name: "Bois", Area: tabletoptest.Square(10, -5, 14, 5)},
		{Kind: "river", Name: "Aa", Line: orb.LineString{{30, 0}, {30, 40}}},
		{Kind: "swamp", Name: "Moor", Area: tabletoptest.Square(40, 40, 45, 45)},
		{Kind: "hill", Name: "Knoll", Area: tabletoptest.Square(12, -5, 20, 5), Height: 1},
	}}
	if diff := cmp.Diff([]int{0, 3}, table.Entered([]Point{{0, 0}, {35, 0}})); diff != "" {
		t.Errorf("Entered through the wood and up the knoll (-want +got):\n%s", diff)
	}
	if got := table.Entered([]Point{{0, 20}, {35, 20}}); got != nil {
		t.Errorf("Entered in the open = %v, want none (a river is no area)", got)
	}
}
