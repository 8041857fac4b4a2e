package volleyfire

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Fog of war: a unit or command base placed hidden is seen by its own side
// only, until the umpire reveals it to a side or to all, or it shoots, is shot
// at, charges or is charged, which reveals it to all. A command base that has
// joined a unit is revealed with it.

// SideOf is the side of the units and command bases user commands, "" when
// he commands none.
func (b *Board) SideOf(user string) string {
	if user == "" {
		return ""
	}
	for _, u := range b.Units {
		if u.Player == user {
			return u.Side
		}
	}
	for _, c := range b.Commanders {
		if c.Player == user {
			return c.Side
		}
	}
	return ""
}

// NameSides are every unit and command base, each with its side.
func (b *Board) NameSides() map[string]string {
	names := map[string]string{}
	for _, u := range b.Units {
		names[u.Name] = u.Side
	}
	for _, c := range b.Commanders {
		names[c.Name] = c.Side
	}
	return names
}

// Unseen are the names of the units and command bases reader (a side, or ""
// for the battle's main channel) has not seen, for cutting them from free text.
func (b *Board) Unseen(reader string) []string {
	var out []string
	for _, u := range b.Units {
		if !u.SeenBy(reader, u.Side) {
			out = append(out, u.Name)
		}
	}
	for _, c := range b.Commanders {
		if !c.SeenBy(reader, c.Side) {
			out = append(out, c.Name)
		}
	}
	return out
}

// Shown is how the umpire's reveal names what name names: its unit's or
// command base's own spelling, else name as given.
func (b *Board) Shown(name string) string {
	if u := b.UnitNamed(name); u != nil {
		return u.Name
	}
	if c := b.CommanderNamed(name); c != nil {
		return c.Name
	}
	return name
}

// Reveal is the umpire's reveal of the unit or command base called name to
// side ("" reveals it to all): the board after it.
func (b *Board) Reveal(side, name string) (*Board, error) {
	to := ""
	if side != "" {
		if to = b.sideNamed(side); to == "" {
			return nil, rules.Breachf("There is no side %s on the roster: reveal to %s, or to all.", side, strings.Join(b.AllSides(), " or "))
		}
	}
	nb := b.Clone()
	var sight *rules.Sight
	var own string
	if u := nb.UnitNamed(name); u != nil {
		sight, own, name = &u.Sight, u.Side, u.Name
	} else if c := nb.CommanderNamed(name); c != nil {
		sight, own, name = &c.Sight, c.Side, c.Name
	} else {
		return nil, rules.Breachf("There is no unit or command base %s on the roster.", name)
	}
	switch {
	case !sight.Hidden || sight.Public:
		return nil, rules.Breachf("%s is in plain sight: every side sees it already.", name)
	case to == own:
		return nil, rules.Breachf("%s is on the %s side, which sees it already.", name, own)
	}
	sight.RevealTo(to)
	return nb, nil
}

// revealAll reveals a unit to all, and the command base that has joined it.
func (b *Board) revealAll(u *RosterUnit) {
	u.RevealAll()
	if c := b.Joined(u.Name); c != nil {
		c.RevealAll()
	}
}

// orderedSeen is ordered, for an actor whose side (seer) sees only what it
// has seen: a unit it has not seen is not on the roster. seer "" (fog of war
// off, or the umpire) sees every unit.
func (b *Board) orderedSeen(seer string, a rules.Actor, name string) (*RosterUnit, error) {
	if u := b.UnitNamed(name); u != nil && seer != "" && !u.SeenBy(seer, u.Side) {
		return nil, noUnit(name)
	}
	return b.ordered(a, name)
}

// unseenBy reports whether the side seer (not "") has not seen the enemy unit
// or command base named: as good as not there.
func (b *Board) unseenBy(seer, name string) bool {
	if u := b.UnitNamed(name); u != nil {
		return !u.SeenBy(seer, u.Side)
	}
	if c := b.CommanderNamed(name); c != nil {
		return !c.SeenBy(seer, c.Side)
	}
	return true
}
