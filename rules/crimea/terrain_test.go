package crimea

import (
	"testing"

	"github.com/paulmach/orb"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestSeesAndUphill: a wood between two units hides one from the other; a
// defender on the 1" Causeway Heights is uphill of an attacker below.
func TestSeesAndUphill(t *testing.T) {
	table := tabletop.Table{Width: 72, Depth: 48, Terrain: []tabletop.Feature{
		{Kind: "wood", Name: "Vineyard", Area: orb.Ring{{30, 20}, {40, 20}, {40, 30}, {30, 30}, {30, 20}}},
		{Kind: "hill", Name: "Causeway Heights", Area: orb.Ring{{0, 40}, {72, 40}, {72, 48}, {0, 48}, {0, 40}}, Height: 1},
	}}
	unit := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 4, Depth: 1}
	}
	if err := Sees(table, unit("Light Brigade", 25, 25), unit("Battery", 45, 25)); err == nil || err.Error() != "Light Brigade cannot see Battery: Vineyard is in the way." {
		t.Errorf("Sees through the vineyard = %v", err)
	}
	if err := Sees(table, unit("Light Brigade", 25, 10), unit("Battery", 45, 10)); err != nil {
		t.Errorf("Sees in the open = %v", err)
	}
	if !Uphill(table, unit("Light Brigade", 20, 35), unit("Redoubt", 20, 44)) {
		t.Error("Uphill onto the heights = false")
	}
	if Uphill(table, unit("Redoubt", 20, 44), unit("Light Brigade", 20, 35)) {
		t.Error("Uphill off the heights = true")
	}
}
