package rules

import (
	"fmt"
	"slices"
	"strings"
)

// A Sight is what the sides of a battle know of one unit, section or officer
// under fog of war. It is embedded (json inline) in each rule set's unit
// types; its zero value is "in plain sight".
type Sight struct {
	// Hidden is set when the umpire placed it hidden (roster option hidden:true).
	Hidden bool `json:"hidden,omitempty"`
	// KnownTo are the enemy sides it has been revealed to (spotted, or the umpire's reveal).
	KnownTo []string `json:"known_to,omitempty"`
	// Public is set once it is revealed to all: it fired, was fired upon,
	// charged, came into contact, or the umpire revealed it to all.
	Public bool `json:"public,omitempty"`
}

// SeenBy says whether reader sees what belongs to the side own. The reader ""
// is the battle's main channel, which sees only what both sides know; a side
// sees its own in full, and of the enemy what is not hidden, what is public
// and what was revealed to it.
func (s Sight) SeenBy(reader, own string) bool {
	switch {
	case !s.Hidden || s.Public:
		return true
	case reader == "":
		return false
	case reader == own:
		return true
	}
	return slices.Contains(s.KnownTo, reader)
}

// RevealTo reveals it to side; revealing twice changes nothing. The side ""
// reveals it to all. KnownTo is copied before it grows, so a Sight copied
// with its board (a shallow clone) is not changed through the copy.
func (s *Sight) RevealTo(side string) {
	if side == "" {
		s.RevealAll()
		return
	}
	if !slices.Contains(s.KnownTo, side) {
		s.KnownTo = append(slices.Clip(s.KnownTo), side)
	}
}

// Place puts it hidden, out of every enemy's sight whatever it was revealed
// to before, or in plain sight: the umpire's roster option hidden:true or
// hidden:false. nil (the option not given) leaves it as it is.
func (s *Sight) Place(hidden *bool) {
	if hidden != nil {
		*s = Sight{Hidden: *hidden}
	}
}

// ChangeSide is for what the umpire moves to side: that side is its own
// now, so it is no longer among those it was revealed to.
func (s *Sight) ChangeSide(side string) {
	s.KnownTo = slices.DeleteFunc(slices.Clone(s.KnownTo), func(k string) bool { return strings.EqualFold(k, side) })
}

// RevealAll reveals it to all sides and the main channel.
func (s *Sight) RevealAll() { s.Public = true }

// Check refuses a Sight, as imported, that is known to a side not among the
// battle's sides, to its own side, or to one side twice. The error reads after
// the name of what it is: `unit "Rifles" ` + err.Error().
func (s Sight) Check(own string, sides []string) error {
	for i, k := range s.KnownTo {
		switch {
		case k == own:
			return fmt.Errorf("is known to its own side %q", k)
		case !slices.Contains(sides, k):
			return fmt.Errorf("is known to %q, not a side of this battle", k)
		case slices.Contains(s.KnownTo[:i], k):
			return fmt.Errorf("is known to %q twice", k)
		}
	}
	return nil
}

// Note says how far it is hidden, for the roster lines its own side and the
// umpire read: "hidden", "hidden, known to Russian", or "" when it is in
// plain sight or revealed to all.
func (s Sight) Note() string {
	switch {
	case !s.Hidden || s.Public:
		return ""
	case len(s.KnownTo) > 0:
		return "hidden, known to " + strings.Join(s.KnownTo, " and ")
	}
	return "hidden"
}

// NoTarget is the refusal of a player's order, under fog of war, naming what
// his side has not seen, and alike of one naming what is not on the roster at
// all: the refusal must not tell a hidden unit from no unit.
func NoTarget(name string) error {
	return Breachf("No such target in sight: %s.", Inert(name))
}
