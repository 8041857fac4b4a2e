package volleyfire

import (
	"maps"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// View is the board as reader knows it: the umpire's is the whole board; a
// side's or the main channel's has the units and command bases it has not seen off
// it, with every mention of them (a command base joined to a unit, a combat, the unit active now and
// the actions counted this turn), so that nothing rendered from it
// can name, count or describe them.
func (b *Board) View(reader rules.Reader) *Board {
	v := b.Clone()
	unseen := map[string]bool{}
	if reader.All {
		return b.Clone()
	}
	for _, n := range b.Unseen(reader.Side) {
		unseen[strings.ToLower(n)] = true
	}
	if len(unseen) == 0 {
		return v
	}
	gone := func(name string) bool { return unseen[strings.ToLower(name)] }
	v.Units = slices.DeleteFunc(v.Units, func(u RosterUnit) bool { return gone(u.Name) })
	v.Commanders = slices.DeleteFunc(v.Commanders, func(c Commander) bool { return gone(c.Name) })
	for i := range v.Commanders {
		if gone(v.Commanders[i].Joined) {
			v.Commanders[i].Joined = ""
		}
	}
	for _, u := range b.Units {
		if gone(u.Name) {
			v.leaveCombat(u.Name)
		}
	}
	t := &v.Turn
	if gone(t.Active) {
		t.Active, t.InCommand = "", false
	}
	maps.DeleteFunc(t.Used, func(n string, _ int) bool { return gone(n) })
	maps.DeleteFunc(t.Spent, func(n string, _ bool) bool { return gone(n) })
	return v
}
