package volleyfire

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestReach: infantry in column move 3" + 3" an action (V4, Formations); a
// musket's 20" is cut in quarters (Ranges); unlimbered guns have no move.
func TestReach(t *testing.T) {
	b := &Board{Units: []RosterUnit{
		{Unit: Unit{Name: "Voltigeurs", Kind: Infantry, Bases: 4, Formation: Column, Weapon: Musket}},
		{Unit: Unit{Name: "Battery", Kind: Artillery, Bases: 1, Weapon: Cannon}},
	}}
	got, err := b.Reach("voltigeurs", House{})
	want := tabletop.Reach{Moves: []tabletop.Band{{Name: "a move action", Inches: 6}},
		Bands: []tabletop.Band{{Name: "point blank", Inches: 5}, {Name: "close", Inches: 10}, {Name: "moderate", Inches: 15}, {Name: "long", Inches: 20}}}
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("Reach(Voltigeurs) = %+v, %v; want %+v", got, err, want)
	}
	guns, err := b.Reach("Battery", House{})
	if err != nil || guns.Moves != nil || !guns.Gun || guns.Bands[3].Inches != 100 {
		t.Errorf("Reach(unlimbered Battery) = %+v, %v; want no move, a gun, 100\" long range", guns, err)
	}
	if _, err := b.Reach("Nobody", House{}); err == nil {
		t.Error("Reach(Nobody) found a unit")
	}
}
