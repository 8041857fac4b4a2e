package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// A section is what an officer spots (G6): a character's command, named by
// the character, or a squad no character commands, named by the squad.
type section struct {
	key  string
	side string // "" when no character commands it
}

func (s section) label() string { return s.key + "'s section" }

// sectionOf is the section a roster target belongs to.
func sectionOf(b *Board, t target) section {
	if t.char != nil {
		return section{key: t.char.Name, side: t.char.Side}
	}
	return squadSection(b, t.squad)
}

func squadSection(b *Board, s *Squad) section {
	if c := b.Character(s.Officer); c != nil {
		return section{key: c.Name, side: c.Side}
	}
	return section{key: s.Name}
}

// sectionNamed finds the section of a squad, figure or character on the roster.
func sectionNamed(b *Board, name string) (section, bool) {
	if s := b.Squad(name); s != nil {
		return squadSection(b, s), true
	}
	if s, f := b.Figure(name); f != nil {
		return squadSection(b, s), true
	}
	if c := b.Character(name); c != nil {
		return section{key: c.Name, side: c.Side}, true
	}
	return section{}, false
}

// enemy reports whether the section is an enemy of character c.
func (s section) enemy(c *Character) bool {
	return s.side == "" || !same(s.side, c.Side)
}

// sighting is c's sighting of a section this turn, if any.
func (c *Character) sighting(key string) *Sighting {
	for i := range c.Spotted {
		if same(c.Spotted[i].Section, key) {
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

// spottingChecked reports whether fire and melee need the enemy spotted: a
// turn is being played and the house rule leaves spotting to the referee.
func spottingChecked(tx *battle.Tx, b *Board) bool {
	return tx.HouseRule(gj.HouseSpotting) != "off" && b.Turn.Number > 0 && !b.Turn.Ended
}

// spottingOff is the reading shown when the umpire tracks spotting on the table.
var spottingOff = rules.Reading{ID: "house rule", Text: "spotting=off: the umpire tracks spotting on the table (G6)."}

// mustSpot checks that officer c has spotted each enemy section in secs this
// turn (G6) before his squads fire at it or close with it; contact spots
// automatically and is recorded. It returns the reading lines to show.
func mustSpot(tx *battle.Tx, b *Board, c *Character, secs []section, contact bool, k kind) ([]rules.Reading, error) {
	var enemies []section
	for _, s := range secs {
		if c != nil && s.enemy(c) && !slices.ContainsFunc(enemies, func(e section) bool { return same(e.key, s.key) }) {
			enemies = append(enemies, s)
		}
	}
	if len(enemies) == 0 {
		return nil, nil
	}
	if tx.HouseRule(gj.HouseSpotting) == "off" {
		return []rules.Reading{spottingOff}, nil
	}
	if !spottingChecked(tx, b) {
		return nil, nil
	}
	var out []rules.Reading
	for _, s := range enemies {
		if contact {
			c.spot(s.key, true)
		}
		sg := c.sighting(s.key)
		if sg == nil {
			return nil, rules.Breachf("%s has not spotted %s this turn, so his squads may not %s it: observe first (`/greenjackets observe officer:%s target:%s`)%s.",
				c.Name, s.label(), k.verb(), c.Name, s.key, k.contactHint())
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
