package duel

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// ID is the rule set's id, defined here alone.
const ID = "duel"

// A Board is a duel: the duellists on the roster.
type Board struct {
	Duellists []Duellist `json:"duellists"`
}

// A Duellist is one man on the roster, hit or not.
type Duellist struct {
	Name string `json:"name"`
	Side string `json:"side"`
	Hit  bool   `json:"hit,omitempty"`
}

// Find is the duellist called name (nil: none).
func (b *Board) Find(name string) *Duellist {
	i := slices.IndexFunc(b.Duellists, func(d Duellist) bool { return strings.EqualFold(d.Name, name) })
	if i < 0 {
		return nil
	}
	return &b.Duellists[i]
}

// Add puts a duellist on the roster.
func (b *Board) Add(name, side string) error {
	if b.Find(name) != nil {
		return rules.Breachf("%s is on the roster already.", rules.Inert(name))
	}
	b.Duellists = append(b.Duellists, Duellist{Name: name, Side: side})
	return nil
}

// Need is the score of a d6 a shot needs at a range in inches: 4, and one
// more for each full 10", at most 6.
func Need(inches float64) int { return min(6, 4+int(inches/10)) }

// A ShotOrder is one shot: who fires at whom, from how far.
type ShotOrder struct {
	Shooter, Target string
	Range           float64
}

// A Shot is what a shot rolled and whether it hit.
type Shot struct {
	Roll, Need int
	Hit        bool
}

// Fire rolls a shot; on the roster a hit marks its target. A shooter or
// target hit already cannot fire or be fired at.
func (b *Board) Fire(src dice.Source, o ShotOrder) (Shot, error) {
	for _, name := range []string{o.Shooter, o.Target} {
		if d := b.Find(name); d != nil && d.Hit {
			return Shot{}, rules.Breachf("%s is hit already.", rules.Inert(d.Name))
		}
	}
	s := Shot{Roll: src.Roll(6), Need: Need(o.Range)}
	s.Hit = s.Roll >= s.Need
	if d := b.Find(o.Target); d != nil && s.Hit {
		d.Hit = true
	}
	return s, nil
}
