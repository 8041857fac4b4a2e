package crimea

import (
	"github.com/referee-bot/referee/rules/tabletop"
)

// Reach is what the map draws for the unit called name: the umpire's
// allowance for its row of the movement table (C6), before the die's
// modifier; none while he has not set it. The text gives no ranges.
func (b *Board) Reach(name string) (tabletop.Reach, error) {
	u, err := b.Unit(name)
	if err != nil {
		return tabletop.Reach{}, err
	}
	var r tabletop.Reach
	row, _ := RowFor(u.Type, u.Nationality, u.Formation)
	if in, ok := b.Allowances[row]; ok {
		r.Moves = []tabletop.Band{{Name: string(row) + ", before the die", Inches: float64(in)}}
	}
	return r, nil
}
