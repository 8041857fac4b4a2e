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

// TestFromOfficer: more than 18" from his officer a unit needs two orders
// (C3), measured between the nearest points of the footprints.
func TestFromOfficer(t *testing.T) {
	// Raglan, 1" at (10,10): his footprint ends at y=10.5.
	raglan := tabletop.Unit{Name: "Raglan", At: tabletop.Point{10, 10}, Width: 1, Depth: 1}
	unit := func(y float64) tabletop.Unit { // 6" by 1": its near edge at y − 0.5
		return tabletop.Unit{Name: "Light", At: tabletop.Point{10, y}, Width: 6, Depth: 1}
	}
	tests := []struct {
		name string
		unit tabletop.Unit
		d    float64
		far  bool
	}{
		{"12 inches off", unit(23), 12, false},
		{"18 inches off: one order", unit(29), 18, false},
		{"18.5 inches off: two", unit(29.5), 18.5, true},
	}
	for _, tt := range tests {
		if d, far := FromOfficer(raglan, tt.unit); d != tt.d || far != tt.far {
			t.Errorf("%s: FromOfficer = %g, %v; want %g, %v", tt.name, d, far, tt.d, tt.far)
		}
	}
}
