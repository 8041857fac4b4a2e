package volleyfire

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// TestAimAt measures shots on a table with a forest, a swamp and a 2" hill,
// every number worked by hand.
func TestAimAt(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "forest", Name: "Black Wood", Area: tabletoptest.Square(30, 20, 40, 30)},
		{Kind: "swamp", Name: "Fen", Area: tabletoptest.Square(0, 30, 10, 40)},
		{Kind: "hill", Name: "Ridge", Area: tabletoptest.Square(0, 0, 20, 10), Height: 2},
	}}
	// 6" by 2" lines, their long sides facing each other.
	line := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 6, Depth: 2}
	}
	tests := []struct {
		name            string
		shooter, target tabletop.Unit
		want            Aim
		refused         string
	}{
		{"from the ridge, 14 − 6 = 8 inches up the table", line("Ridge line", 10, 5), line("Open", 10, 15),
			Aim{Range: 8, Elevation: 2}, ""},
		{"into the fen, 34 − 18 = 16 inches", line("Below", 5, 17), line("In the fen", 5, 35),
			Aim{Range: 16, Cover: true, CoverBy: "Fen"}, ""},
		{"through the wood", line("West", 25, 25), line("East", 45, 25), Aim{}, "West cannot see East: Black Wood is in the way."},
	}
	for _, tt := range tests {
		got, err := AimAt(table, tt.shooter, tt.target)
		if tt.refused != "" {
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Errorf("%s: AimAt = %+v, %v; want refused: %s", tt.name, got, err, tt.refused)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); err != nil || diff != "" {
			t.Errorf("%s: AimAt = %v (-want +got):\n%s", tt.name, err, diff)
		}
	}
}

// TestNearest measures the closest enemy (V3) from a 6" by 2" line at
// (20,10) facing north, its front edge at y=11, on a table with a forest.
func TestNearest(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "forest", Name: "Black Wood", Area: tabletoptest.Square(30, 0, 40, 48)},
	}}
	line := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 6, Depth: 2}
	}
	shooter := line("Shooter", 20, 10)
	ahead := line("Ahead", 20, 22)     // back edge at y=21: 21 − 11 = 10
	farther := line("Farther", 10, 30) // corner (13,29) to corner (17,11): √(4² + 18²)
	hidden := line("In the wood", 45, 10)
	beside := line("Beside", 28, 10) // its left end at 25, the shooter's right at 23: 2
	tests := []struct {
		name    string
		target  tabletop.Unit
		enemies []tabletop.Unit
		is      bool
		nearest string
		gap     float64
	}{
		{"the only enemy", ahead, []tabletop.Unit{ahead}, true, "Ahead", 10},
		{"the nearer of two", ahead, []tabletop.Unit{ahead, farther}, true, "Ahead", 10},
		{"the farther of two", farther, []tabletop.Unit{ahead, farther}, false, "Ahead", 10},
		{"one nearer beside it", ahead, []tabletop.Unit{ahead, beside}, false, "Beside", 2},
		{"one hidden by the wood does not count", ahead, []tabletop.Unit{ahead, hidden}, true, "Ahead", 10},
		{"as near as another", ahead, []tabletop.Unit{ahead, line("Also ahead", 20.04, 22)}, true, "Ahead", 10},
	}
	for _, tt := range tests {
		got := Nearest(table, shooter, tt.target, tt.enemies)
		if got.Is != tt.is || got.Nearest.Name != tt.nearest || math.Abs(got.Gap-tt.gap) > 1e-9 {
			t.Errorf("%s: Nearest = %v, %s at %g; want %v, %s at %g", tt.name, got.Is, got.Nearest.Name, got.Gap, tt.is, tt.nearest, tt.gap)
		}
	}
}

// TestChargeReach measures charges across a 4"-wide stream and a forest,
// every number worked by hand.
func TestChargeReach(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "stream", Name: "Brook", Area: tabletoptest.Square(0, 14, 72, 18)},
		{Kind: "forest", Name: "Black Wood", Area: tabletoptest.Square(40, 0, 50, 48)},
	}}
	unit := func(name string, x, y, facing float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Facing: facing, Width: 6, Depth: 2}
	}
	tests := []struct {
		name            string
		charger, target tabletop.Unit
		want            Reach
	}{
		// Front at y=11 to the target's front at y=21: 3" open, 4" of stream, 3" open.
		{"across the brook, front to front", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 22, 180), Reach{Path{Open: 6, Light: 4}, Front}},
		// The target faces away: charged from behind.
		{"into the rear", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 22, 0), Reach{Path{Open: 6, Light: 4}, Rear}},
		// On y=5, the charger facing east, its front at x=31, the target's left end
		// at 52: 9" open to the wood at 40, 10" of forest, 2" open.
		{"through the wood, at a flank", unit("Cuirassiers", 30, 5, 90), unit("Guard", 55, 5, 0), Reach{Path{Open: 11, Heavy: 10}, Flank}},
		// Already touching: no path.
		{"in contact", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 12, 180), Reach{Path{}, Front}},
	}
	for _, tt := range tests {
		got := ChargeReach(table, tt.charger, tt.target)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: ChargeReach (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestChargeEnd stands each charger of TestChargeReach where its charge
// leaves it (V4 and V7): its front against the middle of the side it
// strikes, facing square into it, every number worked by hand for 6" by 2"
// bases (an edge's middle 1" from the centre ahead or behind, 3" to a flank).
func TestChargeEnd(t *testing.T) {
	unit := func(name string, x, y, facing float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Facing: facing, Width: 6, Depth: 2}
	}
	tests := []struct {
		name            string
		charger, target tabletop.Unit
		strikes         Facing
		want            tabletop.Unit
	}{
		// The Ligne's front at y=21, the hussars' centre 1" short of it.
		{"front to front", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 22, 180), Front, unit("Hussars", 20, 20, 0)},
		// The Ligne faces away: its rear at y=21.
		{"into the rear", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 22, 0), Rear, unit("Hussars", 20, 20, 0)},
		// The Guard faces north; its left end at x=52, the cuirassiers' centre at 51, facing east.
		{"at a flank", unit("Cuirassiers", 30, 5, 90), unit("Guard", 55, 5, 0), Flank, unit("Cuirassiers", 51, 5, 90)},
		// Already against the middle of the Ligne's front: it stays.
		{"in contact", unit("Hussars", 20, 10, 0), unit("Ligne", 20, 12, 180), Front, unit("Hussars", 20, 10, 0)},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ChargeEnd(tt.charger, tt.target, tt.strikes), tabletoptest.Near); diff != "" {
			t.Errorf("%s: ChargeEnd (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestPathOver prices a move's path by the ground it goes through (V4): a
// 10" path with 2" through a stream, light terrain, counts 8 + 2×2 = 12"; 4"
// through the forest, heavy, 3" an inch; round it, open ground all the way.
func TestPathOver(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "stream", Name: "Brook", Area: tabletoptest.Square(0, 14, 72, 16)},
		{Kind: "forest", Name: "Black Wood", Area: tabletoptest.Square(40, 0, 50, 10)},
	}}
	tests := []struct {
		name string
		path []tabletop.Point
		want Path
		cost float64
	}{
		{"10\" north across 2\" of stream", []tabletop.Point{{20, 10}, {20, 20}}, Path{Open: 8, Light: 2}, 12},
		{"6\" east into the forest and 4\" through it", []tabletop.Point{{34, 5}, {44, 5}}, Path{Open: 6, Heavy: 4}, 18},
		{"round the forest by way of 34,12 and 52,12", []tabletop.Point{{34, 5}, {34, 12}, {52, 12}}, Path{Open: 25}, 25},
	}
	for _, tt := range tests {
		got := PathOver(table, tt.path)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s: PathOver (-want +got):\n%s", tt.name, diff)
		}
		if c := MoveCost(got.Open, got.Light, got.Heavy); !tabletop.Agree(c, tt.cost) {
			t.Errorf("%s: MoveCost = %g\", want %g\"", tt.name, c, tt.cost)
		}
	}
}
