package greenjackets

import (
	"slices"

	"github.com/referee-bot/referee/rules"
)

// View is the board as reader knows it: the umpire's is the whole board; a
// side's or the main channel's has the sections it has not seen off it, with
// every mention of them (what its officers spotted, the contacts, the order
// of the move, the deal), so that nothing rendered from it can name, rank,
// count or place them.
func (b *Board) View(reader rules.Reader) *Board {
	v := b.Clone()
	var gone []string
	for _, c := range v.Characters {
		if !reader.Sees(c.Sight, c.Side) {
			gone = append(gone, c.Name)
		}
	}
	if len(gone) == 0 {
		return v
	}
	hidden := func(name string) bool { return containsName(gone, name) }
	squadGone := func(s *Squad) bool { return hidden(s.Officer) }
	for _, s := range v.Squads {
		if squadGone(s) {
			gone = append(gone, s.Name)
		}
	}
	v.Squads = slices.DeleteFunc(v.Squads, squadGone)
	v.Characters = slices.DeleteFunc(v.Characters, func(c *Character) bool { return hidden(c.Name) })
	for _, c := range v.Characters {
		c.Spotted = slices.DeleteFunc(c.Spotted, func(s Sighting) bool { return hidden(s.Section) })
	}
	v.Contacts = slices.DeleteFunc(v.Contacts, func(ct Contact) bool { return hidden(ct.A) || hidden(ct.B) })
	v.Turn.Order = slices.DeleteFunc(v.Turn.Order, hidden)
	v.Turn.Deal = slices.DeleteFunc(v.Turn.Deal, hidden)
	return v
}
