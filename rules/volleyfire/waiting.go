package volleyfire

import (
	"slices"

	"github.com/referee-bot/referee/rules"
)

// An UmpireCall is the call the umpire owes a turn for it to go on (V3).
type UmpireCall int

const (
	// NoCall: the activations are being played (a unit activated, or a
	// side due to activate one), or no turn has begun.
	NoCall UmpireCall = iota
	// CallCombats: every unit capable has taken its actions: the umpire
	// fights the combats, and the turn ends.
	CallCombats
	// CallTurn: the turn is over: the umpire begins the next.
	CallTurn
)

// UmpireCall is the call the turn waits on the umpire for, if any (V3).
func (b *Board) UmpireCall() UmpireCall {
	switch b.Turn.Phase {
	case Combats:
		return CallCombats
	case Over:
		return CallTurn
	}
	return NoCall
}

// Due are the units of the side whose activation it is that may be
// activated now, in roster order; none while a unit is activated, or
// outside the activations.
func (b *Board) Due() []RosterUnit {
	t := &b.Turn
	if t.Phase != Activations || t.Active != "" {
		return nil
	}
	side := t.Whose()
	var out []RosterUnit
	for _, u := range b.Units {
		if u.Side == side && u.Gone == "" && !t.Spent[u.Name] {
			out = append(out, u)
		}
	}
	return out
}

// Hold has a unit of the side whose activation it is hold: it is spent
// this turn without acting, as if activated and ended at once, and the
// activation passes to the next side (V3: players switch off activations
// until all units capable have taken actions). The unit is the first due
// (Due) that player commands ("": the umpire's own). Only the umpire, or
// a deadline in his name, holds a unit.
func (b *Board) Hold(a rules.Actor, player string) (string, error) {
	return b.hold(a, func(u RosterUnit) bool { return u.Player == player })
}

// hold has the first unit due that of picks hold.
func (b *Board) hold(a rules.Actor, of func(RosterUnit) bool) (string, error) {
	if err := umpire(a, "have a unit hold"); err != nil {
		return "", err
	}
	due := b.Due()
	i := slices.IndexFunc(due, of)
	if i < 0 {
		return "", rules.Breachf("No unit of %s is due to activate now (`/turn status`).", b.Turn.Whose())
	}
	t := &b.Turn
	t.spend(due[i].Name)
	t.End(b.ready)
	return due[i].Name, nil
}
