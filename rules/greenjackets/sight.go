package greenjackets

import (
	"slices"

	"github.com/referee-bot/referee/rules"
)

// Fog of war: what each side knows of the enemy is kept per section (G6), on
// the character who leads it (Character.Sight); his squads and their figures
// share it. A squad no character leads has no side and is always in plain
// sight. A section the umpire placed hidden (roster option hidden:true) is
// seen by its own side only, until:
//
//   - an enemy officer's observation spots it: it is revealed to his side (G6);
//   - it comes into contact with an enemy section (an observation or melee
//     with contact:true): each is revealed to the other's side;
//   - it fires, is fired upon, or fights a melee: it is revealed to all;
//   - the umpire reveals it (Reveal), to a side or to all.
//
// A player's order that names an enemy his side has not seen is refused as if
// it were not on the roster: no such target in sight.

// SideOf is the side of the characters user plays, "" when he plays none.
func (b *Board) SideOf(user string) string {
	for _, c := range b.Characters {
		if user != "" && c.Player == user {
			return c.Side
		}
	}
	return ""
}

// seen reports whether reader (a side, or "" for the main channel) sees the
// section sec.
func (b *Board) seen(sec section, reader string) bool {
	if sec.side == "" {
		return true
	}
	c := b.Character(sec.key)
	return c == nil || c.SeenBy(reader, c.Side)
}

// unitsOf are the names of a character's section: his, his squads' and
// their figures'.
func (b *Board) unitsOf(c *Character) []string {
	out := []string{c.Name}
	for _, s := range b.SquadsOf(c) {
		out = append(out, s.Name)
		for _, f := range s.Figures {
			out = append(out, f.Name)
		}
	}
	return out
}

// Unseen are the names reader (a side, or "" for the main channel) has not
// seen: every character, squad and figure of the sections hidden from it.
func (b *Board) Unseen(reader string) []string {
	var out []string
	for _, c := range b.Characters {
		if !c.SeenBy(reader, c.Side) {
			out = append(out, b.unitsOf(c)...)
		}
	}
	return out
}

// NameSides are every character, squad and figure on the roster, each with
// its side ("" for a squad no character leads, and its figures).
func (b *Board) NameSides() map[string]string {
	out := map[string]string{}
	for _, c := range b.Characters {
		for _, n := range b.unitsOf(c) {
			out[n] = c.Side
		}
	}
	for _, s := range b.Squads {
		if b.Character(s.Officer) == nil {
			out[s.Name] = ""
			for _, f := range s.Figures {
				out[f.Name] = ""
			}
		}
	}
	return out
}

// sightOf is the sight of the section a squad, figure or character named
// belongs to, with its side; nil when it has none (a squad no character
// leads) or is not on the roster.
func (b *Board) sightOf(name string) (*Character, bool) {
	sec, ok := b.sectionNamed(name)
	if !ok {
		return nil, false
	}
	return b.Character(sec.key), sec.side != ""
}

// Shown is how the umpire's reveal names what name names: its character's or
// squad's own spelling, else name as given.
func (b *Board) Shown(name string) string {
	if c := b.Character(name); c != nil {
		return c.Name
	}
	if s := b.Squad(name); s != nil {
		return s.Name
	}
	return name
}

// Reveal is the umpire's reveal of the section of the character, squad or
// figure called name to side ("" reveals it to all): the board after it.
func (b *Board) Reveal(side, name string) (*Board, error) {
	if side != "" && !containsName(b.Sides(), side) {
		return nil, rules.Breachf("There is no side %q in this battle.", rules.Inert(side))
	}
	nb := b.Clone()
	c, sided := nb.sightOf(name)
	switch {
	case c == nil && !sided && nb.Taken(name):
		return nil, rules.Breachf("%s is led by no character: it is in plain sight.", rules.Inert(name))
	case c == nil:
		return nil, rules.Breachf("There is no character, squad or figure called %s on the roster.", rules.Inert(name))
	case side != "" && Same(side, c.Side):
		return nil, rules.Breachf("%s is on the %s side: it sees its own.", rules.Inert(c.Name), c.Side)
	}
	for _, s := range nb.Sides() {
		if Same(s, side) {
			side = s
		}
	}
	c.RevealTo(side)
	return nb, nil
}

// inSight refuses, under fog of war, a player's order naming an enemy his
// side has not seen: as if it were not on the roster. The umpire sees all.
func (b *Board) inSight(a rules.Actor, names ...string) error {
	if a.Umpire {
		return nil
	}
	seer, fogged := a.Side, b.fogged()
	if seer == "" {
		seer = b.SideOf(a.User)
	}
	for _, n := range names {
		if n == "" {
			continue
		}
		// Under fog of war a name not on the roster is refused alike, so
		// that the refusal does not tell a hidden unit from no unit.
		if sec, ok := b.sectionNamed(n); ok && !b.seen(sec, seer) || !ok && fogged {
			return rules.NoTarget(n)
		}
	}
	return nil
}

// fogged reports whether any section is hidden from anyone.
func (b *Board) fogged() bool {
	return slices.ContainsFunc(b.Characters, func(c *Character) bool { return c.Hidden && !c.Public })
}

// revealAll reveals the sections of the named characters, squads and
// figures to all: they fired, were fired upon, or fought.
func (b *Board) revealAll(names ...string) {
	for _, n := range names {
		if c, _ := b.sightOf(n); c != nil {
			c.RevealAll()
		}
	}
}

// spotted reveals the section of target to the side of observer (G6).
func (b *Board) spotted(observer *Character, target string) {
	if c, _ := b.sightOf(target); c != nil && !Same(c.Side, observer.Side) {
		c.RevealTo(observer.Side)
	}
}
