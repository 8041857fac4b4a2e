package firing2007

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Fog of war: a unit or general placed hidden is seen by its own side only,
// until the umpire reveals it to a side or to all, or it fires or is fired
// upon, which reveals it, and the generals with the unit fired upon, to all.

// spelt is side as Sides spells it (sides are named ignoring case), or side.
func (b *Board) spelt(side string) string { return spelling(b.Sides())(side) }

// spelling spells a side as sides, the board's Sides, do (spelt): for a walk
// of the whole roster, which lists the sides once, not once a unit.
func spelling(sides []string) func(side string) string {
	return func(side string) string {
		for _, s := range sides {
			if strings.EqualFold(s, side) {
				return s
			}
		}
		return side
	}
}

// ActingSide is the side of the unit called firer, else of user's first unit
// or general; "" when neither says.
func (b *Board) ActingSide(user, firer string) string {
	if u := b.Unit(firer); u != nil {
		return u.Side
	}
	return b.SideOf(user)
}

// SideOf is the side of the units and generals user commands, "" when he
// commands none.
func (b *Board) SideOf(user string) string {
	if user == "" {
		return ""
	}
	for _, u := range b.Units {
		if u.Player == user {
			return b.spelt(u.Side)
		}
	}
	for _, g := range b.Generals {
		if g.Player == user {
			return b.spelt(g.Side)
		}
	}
	return ""
}

// NameSides are every unit and general, each with his side as Sides spells it.
func (b *Board) NameSides() map[string]string {
	names, spelt := map[string]string{}, spelling(b.Sides())
	for _, u := range b.Units {
		names[u.Name] = spelt(u.Side)
	}
	for _, g := range b.Generals {
		names[g.Name] = spelt(g.Side)
	}
	return names
}

// Unseen are the names of the units and generals reader (a side, or "" for
// the battle's main channel) has not seen, for cutting them from free text.
func (b *Board) Unseen(reader string) []string {
	var out []string
	spelt := spelling(b.Sides())
	for _, u := range b.Units {
		if !u.SeenBy(reader, spelt(u.Side)) {
			out = append(out, u.Name)
		}
	}
	for _, g := range b.Generals {
		if !g.SeenBy(reader, spelt(g.Side)) {
			out = append(out, g.Name)
		}
	}
	return out
}

// Shown is how the umpire's reveal names what name names: its unit's own
// spelling or "General" and its general's, else name as given.
func (b *Board) Shown(name string) string {
	if u := b.Unit(name); u != nil {
		return u.Name
	}
	if g := b.General(name); g != nil {
		return "General " + g.Name
	}
	return name
}

// Reveal is the umpire's reveal of the unit or general called name to side
// ("" reveals it to all): the board after it.
func (b *Board) Reveal(side, name string) (*Board, error) {
	to := ""
	if side != "" {
		if to = b.spelt(side); !slices.Contains(b.Sides(), to) {
			return nil, rules.Breachf("There is no side %s on the roster: reveal to %s, or to all.", rules.Inert(side), rules.Inert(strings.Join(b.Sides(), " or ")))
		}
	}
	nb := *b
	nb.Units, nb.Generals = slices.Clone(b.Units), slices.Clone(b.Generals)
	var sight *rules.Sight
	var own string
	if u := nb.Unit(name); u != nil {
		sight, own, name = &u.Sight, b.spelt(u.Side), bold(u.Name)
	} else if g := nb.General(name); g != nil {
		sight, own, name = &g.Sight, b.spelt(g.Side), "General "+bold(g.Name)
	} else {
		return nil, rules.Breachf("There is no unit or general called %s on the roster; `/firing2007 roster` lists them.", bold(name))
	}
	switch {
	case !sight.Hidden || sight.Public:
		return nil, rules.Breachf("%s is in plain sight: every side sees it already.", name)
	case to == own:
		return nil, rules.Breachf("%s is on the %s side, which sees it already.", name, rules.Inert(own))
	}
	sight.RevealTo(to)
	return &nb, nil
}

// seenUnit is the unit called name as the side seer knows the roster: one it
// has not seen is not on it. seer "" (fog of war off, or the umpire) sees all.
func (b *Board) seenUnit(seer, name string) (*Unit, error) {
	u, err := b.unit(name)
	if err == nil && seer != "" && !u.SeenBy(seer, b.spelt(u.Side)) {
		return nil, noUnit(name)
	}
	return u, err
}

// inSight is the unit called name that the side seer may fire at: one it has
// not seen is refused as if it were not there. seer "" sees every unit.
func (b *Board) inSight(seer, name string) (*Unit, error) {
	if seer == "" {
		return b.unit(name)
	}
	if u := b.Unit(name); u != nil && u.SeenBy(seer, b.spelt(u.Side)) {
		return u, nil
	}
	return nil, rules.NoTarget(name)
}
