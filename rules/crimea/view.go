package crimea

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// View is the board as reader knows it: the umpire's is the whole board; a
// side's or the main channel's has the units and officers it has not seen off
// it, with every mention of them (a unit's officer, an officer's superior, a movement modifier rolled
// for them, the free move's choice made by their move), so that nothing
// rendered from it can name, count or describe them.
func (b *Board) View(reader rules.Reader) *Board {
	unseen := map[string]bool{}
	if reader.All {
		return b.Clone()
	}
	for _, n := range b.Unseen(reader.Side) {
		unseen[strings.ToLower(n)] = true
	}
	v := b.Clone()
	if !b.freeSeenBy(reader.Side) {
		v.Free = ""
	}
	if len(unseen) == 0 {
		return v
	}
	gone := func(name string) bool { return unseen[strings.ToLower(name)] }
	v.Units = slices.DeleteFunc(v.Units, func(u Unit) bool { return gone(u.Name) })
	v.Officers = slices.DeleteFunc(v.Officers, func(o Officer) bool { return gone(o.Name) })
	for i := range v.Units {
		if gone(v.Units[i].Officer) {
			v.Units[i].Officer = ""
		}
	}
	for i := range v.Officers {
		if gone(v.Officers[i].Superior) {
			v.Officers[i].Superior = ""
		}
	}
	for key := range v.Rolled {
		if _, name, _ := strings.Cut(key, ":"); gone(name) {
			delete(v.Rolled, key)
		}
	}
	return v
}
