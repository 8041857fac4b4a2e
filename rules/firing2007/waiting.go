package firing2007

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// An UmpireCall is the call the umpire owes a turn for the battle to go on.
type UmpireCall int

const (
	// NoCall: a side is still to end the turn, the umpire has a killed
	// general's chain to settle, or no turn has begun.
	NoCall UmpireCall = iota
	// CallTurn: every side is done with the turn, one or more held by its
	// deadline: the umpire begins the next.
	CallTurn
)

// The text has no turn sequence: each side fires as its commanders will,
// then ends its turn with its own command. The next turn begins when every
// side has ended it so (EndTurn), or at the umpire's call; a side its
// deadline held (Hold) is done with the turn, but its hold starts no turn.

// Due are the sides still to end the turn, in the roster's order; none
// before the first turn.
func (b *Board) Due() []string {
	if b.Turn == 0 {
		return nil
	}
	var out []string
	for _, s := range b.Sides() {
		if !b.done(s) {
			out = append(out, s)
		}
	}
	return out
}

// done reports whether side has ended or held this turn.
func (b *Board) done(side string) bool {
	same := func(o string) bool { return strings.EqualFold(o, side) }
	return slices.ContainsFunc(b.Ended, same) || slices.ContainsFunc(b.Held, same)
}

// EndTurn ends the turn for side, by its own command; when every side has
// ended it so, the next turn begins (next).
func (b *Board) EndTurn(side string) (next bool, err error) {
	if err := b.mayEnd(side); err != nil {
		return false, err
	}
	b.Ended = append(b.Ended, side)
	if len(b.Due()) == 0 && len(b.Held) == 0 && len(b.Pending) == 0 {
		b.NextTurn()
		return true, nil
	}
	return false, nil
}

// Hold has side's deadline hold it: it is done with the turn, and its hold
// starts no turn.
func (b *Board) Hold(side string) error {
	if err := b.mayEnd(side); err != nil {
		return err
	}
	b.Held = append(b.Held, side)
	return nil
}

// mayEnd refuses to end or hold the turn of a side not due.
func (b *Board) mayEnd(side string) error {
	switch {
	case b.Turn == 0:
		return rules.Breachf("No turn has begun: the umpire begins turn 1 with `/turn new`.")
	case !slices.ContainsFunc(b.Sides(), func(s string) bool { return strings.EqualFold(s, side) }):
		return rules.Breachf("No side %s is on the roster.", side)
	case b.done(side):
		return rules.Breachf("%s is done with turn %d already.", side, b.Turn)
	}
	return nil
}

// UmpireCall is the call the battle waits on the umpire for, if any.
func (b *Board) UmpireCall() UmpireCall {
	if b.Turn == 0 || len(b.Due()) > 0 || len(b.Pending) > 0 {
		return NoCall
	}
	return CallTurn
}

// checkEnds checks the sides done with the turn: each on the roster, once.
func (b *Board) checkEnds() error {
	seen := map[string]bool{}
	for _, s := range slices.Concat(b.Ended, b.Held) {
		k := strings.ToLower(s)
		if seen[k] || !slices.ContainsFunc(b.Sides(), func(o string) bool { return strings.EqualFold(o, s) }) {
			return fmt.Errorf("the side %s is done with the turn twice, or is not on the roster", s)
		}
		seen[k] = true
	}
	return nil
}
