package firing2007

import (
	"slices"

	"github.com/referee-bot/referee/rules"
)

// View is the board as reader knows it: the umpire's is the whole board; a
// side's or the main channel's has the units and generals it has not seen off
// it, with every mention of them (the unit a general is with, his chain of command, a chain test
// waiting for him, the last id handed out), so that nothing rendered from it
// can name, count or describe them.
func (b *Board) View(reader rules.Reader) *Board {
	v := *b
	v.Units = slices.Clone(b.Units)
	v.Generals = slices.Clone(b.Generals)
	v.Pending = slices.Clone(b.Pending)
	units, generals := map[int]bool{}, map[int]bool{}
	spelt := spelling(b.Sides())
	for _, u := range b.Units {
		units[u.ID] = !reader.Sees(u.Sight, spelt(u.Side))
	}
	for _, g := range b.Generals {
		generals[g.ID] = !reader.Sees(g.Sight, spelt(g.Side))
	}
	v.Units = slices.DeleteFunc(v.Units, func(u Unit) bool { return units[u.ID] })
	v.Generals = slices.DeleteFunc(v.Generals, func(g General) bool { return generals[g.ID] })
	v.Pending = slices.DeleteFunc(v.Pending, func(p Pending) bool { return generals[p.General] })
	for i := range v.Generals {
		g := &v.Generals[i]
		if units[g.With] {
			g.With = 0
		}
		g.Chain = slices.DeleteFunc(slices.Clone(g.Chain), func(id int) bool { return units[id] })
	}
	if len(v.Units) < len(b.Units) || len(v.Generals) < len(b.Generals) { // the last id handed out would count the hidden
		v.NextID = 0
		for _, u := range v.Units {
			v.NextID = max(v.NextID, u.ID)
		}
		for _, g := range v.Generals {
			v.NextID = max(v.NextID, g.ID)
		}
	}
	return &v
}
