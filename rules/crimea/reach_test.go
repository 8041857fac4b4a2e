package crimea

import (
	"testing"

	"github.com/referee-bot/referee/rules/tabletop"
)

// TestReach: the umpire's allowance for the unit's row (C6), none before he
// sets it; no ranges.
func TestReach(t *testing.T) {
	b := &Board{Units: []Unit{{Name: "Light Brigade", Type: LightCavalry, Stands: 4, Start: 4}}}
	if got, err := b.Reach("Light Brigade"); err != nil || got.Moves != nil || got.Bands != nil {
		t.Errorf("Reach before the allowance is set = %+v, %v; want nothing to draw", got, err)
	}
	b.Allowances = map[MoveRow]int{RowLightCavalry: 12}
	got, err := b.Reach("Light Brigade")
	if err != nil || len(got.Moves) != 1 || got.Moves[0] != (tabletop.Band{Name: string(RowLightCavalry) + ", before the die", Inches: 12}) {
		t.Errorf("Reach = %+v, %v; want the light cavalry's 12\"", got, err)
	}
}
