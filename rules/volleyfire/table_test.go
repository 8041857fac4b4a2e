package volleyfire

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
