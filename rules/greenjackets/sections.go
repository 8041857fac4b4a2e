package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/rules"
)

// A section is what an officer spots (G6): a character's command, named by
// the character, or a squad no character commands, named by the squad.
type section struct {
	key  string
	side string // "" when no character commands it
}

func (s section) label() string { return s.key + "'s section" }

// enemy reports whether the section is an enemy of character c.
func (s section) enemy(c *Character) bool { return s.side == "" || !Same(s.side, c.Side) }

func (b *Board) sectionOf(t target) section {
	if t.char != nil {
		return section{key: t.char.Name, side: t.char.Side}
	}
	return b.squadSection(t.squad)
}

func (b *Board) squadSection(s *Squad) section {
	if c := b.Character(s.Officer); c != nil {
		return section{key: c.Name, side: c.Side}
	}
	return section{key: s.Name}
}

// sectionNamed finds the section of a squad, figure or character on the roster.
func (b *Board) sectionNamed(name string) (section, bool) {
	if s := b.Squad(name); s != nil {
		return b.squadSection(s), true
	}
	if s, _ := b.Figure(name); s != nil {
		return b.squadSection(s), true
	}
	if c := b.Character(name); c != nil {
		return section{key: c.Name, side: c.Side}, true
	}
	return section{}, false
}

// sighting is c's sighting of a section this turn, if any.
func (c *Character) sighting(key string) *Sighting {
	for i := range c.Spotted {
		if Same(c.Spotted[i].Section, key) {
			return &c.Spotted[i]
		}
	}
	return nil
}

// spot records that c has spotted a section this turn.
func (c *Character) spot(key string, contact bool) {
	if c.sighting(key) == nil {
		c.Spotted = append(c.Spotted, Sighting{Section: key, Contact: contact})
	}
}

// touch records that two units are in contact (G6a).
func (b *Board) touch(x, y string) {
	if Same(x, y) || b.contactOf(x, y) != nil {
		return
	}
	b.Contacts = append(b.Contacts, Contact{A: x, B: y, Since: b.Turn.Number})
}

func (b *Board) contactOf(x, y string) *Contact {
	for i, ct := range b.Contacts {
		if (Same(ct.A, x) && Same(ct.B, y)) || (Same(ct.A, y) && Same(ct.B, x)) {
			return &b.Contacts[i]
		}
	}
	return nil
}

// moveAway ends the contacts of a unit that moves (G6a) and names the units it leaves.
func (b *Board) moveAway(unit string) []string {
	var left []string
	b.Contacts = slices.DeleteFunc(b.Contacts, func(ct Contact) bool {
		switch {
		case Same(ct.A, unit):
			left = append(left, ct.B)
		case Same(ct.B, unit):
			left = append(left, ct.A)
		default:
			return false
		}
		return true
	})
	return left
}

// renameUnit keeps the contacts of a renamed unit; dropUnit forgets a removed one.
func (b *Board) renameUnit(from, to string) {
	for i := range b.Contacts {
		if Same(b.Contacts[i].A, from) {
			b.Contacts[i].A = to
		}
		if Same(b.Contacts[i].B, from) {
			b.Contacts[i].B = to
		}
	}
}

func (b *Board) dropUnit(name string) { b.moveAway(name) }

// unitSection is the section of a unit of a contact: a squad, or a character.
func (b *Board) unitSection(name string) (section, bool) {
	if s := b.Squad(name); s != nil {
		return b.squadSection(s), true
	}
	if c := b.Character(name); c != nil {
		return section{key: c.Name, side: c.Side}, true
	}
	return section{}, false
}

// contactWith is a contact between c's section and the section s (G6a).
func (b *Board) contactWith(c *Character, s section) (Contact, bool) {
	for _, ct := range b.Contacts {
		x, okx := b.unitSection(ct.A)
		y, oky := b.unitSection(ct.B)
		if !okx || !oky {
			continue
		}
		if (Same(x.key, c.Name) && Same(y.key, s.key)) || (Same(y.key, c.Name) && Same(x.key, s.key)) {
			return ct, true
		}
	}
	return Contact{}, false
}

// spottingOff is the reading shown when the umpire tracks spotting on the table.
var spottingOff = rules.Reading{ID: "house rule", Text: "spotting=off: the umpire tracks spotting on the table (G6)."}

// mustSpot checks that officer c has spotted each enemy section in secs this
// turn (G6), or is in contact with it (G6a), before his squads fire at it or
// close with it; contact spots automatically and is recorded. It returns the
// reading lines to show.
func (b *Board) mustSpot(h House, c *Character, secs []section, contact bool, k kind) ([]rules.Reading, error) {
	var enemies []section
	for _, s := range secs {
		if c != nil && s.enemy(c) && !slices.ContainsFunc(enemies, func(e section) bool { return Same(e.key, s.key) }) {
			enemies = append(enemies, s)
		}
	}
	if len(enemies) == 0 {
		return nil, nil
	}
	if h.SpottingOff {
		return []rules.Reading{spottingOff}, nil
	}
	if !b.Running() {
		return nil, nil
	}
	var out []rules.Reading
	for _, s := range enemies {
		if contact {
			c.spot(s.key, true)
		}
		sg := c.sighting(s.key)
		if sg == nil {
			if ct, ok := b.contactWith(c, s); ok {
				out = append(out, rules.Reading{ID: "G6a", Text: fmt.Sprintf("%s in contact with %s since turn %d: spotted without a new observation.", s.label(), c.Name, ct.Since)})
				continue
			}
			return nil, rules.Breachf("%s has not spotted %s this turn, so his squads may not %s it: observe first (`/greenjackets observe officer:%s target:%s`)%s.",
				c.Name, s.label(), k.verb(), rules.Arg(c.Name), rules.Arg(s.key), k.contactHint())
		}
		how := "observation"
		if sg.Contact {
			how = "contact"
		}
		out = append(out, rules.Reading{ID: "G6", Text: fmt.Sprintf("%s spotted this turn by %s (%s).", s.label(), how, c.Name)})
	}
	return out, nil
}

// contactHint is the way round observing that melee has.
func (k kind) contactHint() string {
	if k == actMelee {
		return ", or give contact:true if the parties actually move into contact"
	}
	return ""
}

// verb is how a refusal names the action against the enemy.
func (k kind) verb() string {
	if k == actMelee {
		return "close with"
	}
	return "fire at"
}
