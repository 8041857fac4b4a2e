package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A TurnReport is how a turn began: the roll for the side that activates first,
// or the side the umpire chose.
type TurnReport struct {
	Roll   *rules.Ruling
	Chosen string
}

// StartTurn is /turn new (the umpire): the side that activates first is the
// umpire's choice (ChooseFirst) or rolled for (ReadingFirstSide).
func (b *Board) StartTurn(src dice.Source, a rules.Actor) (TurnReport, error) {
	t := &b.Turn
	if err := umpire(a, "start a turn"); err != nil {
		return TurnReport{}, err
	}
	switch t.Phase {
	case Activations:
		return TurnReport{}, rules.Breachf("Turn %d is still in its activations: `/turn next` ends the current activation or passes; the combats come after.", t.Number)
	case Combats:
		return TurnReport{}, rules.Breachf("Turn %d's combats are still to be fought: `/turn next` fights them.", t.Number)
	}
	sides := b.Sides()
	var rep TurnReport
	order := sides
	if first := b.sideNamed(b.First); first != "" && slices.Contains(sides, first) {
		order, rep.Chosen = rotate(sides, first), first
	} else {
		r, o, err := RollFirst(src, sides)
		if err != nil {
			return TurnReport{}, err
		}
		rep.Roll, order = &r, o
	}
	b.First = ""
	t.Start(order)
	t.Settle(b.ready)
	return rep, nil
}

// A FirstReport says when the side chosen activates first: this turn (Now) or
// when the next begins.
type FirstReport struct {
	Side string
	Now  bool
}

// ChooseFirst is the umpire choosing the side that activates first: this turn
// if no unit has acted yet, otherwise the next.
func (b *Board) ChooseFirst(a rules.Actor, side string) (FirstReport, error) {
	if err := umpire(a, "choose who activates first"); err != nil {
		return FirstReport{}, err
	}
	sides := b.Sides()
	i := slices.IndexFunc(sides, func(s string) bool { return strings.EqualFold(s, side) })
	if i < 0 {
		return FirstReport{}, rules.Breachf("No side %s has units on the field (sides: %s).", side, strings.Join(sides, ", "))
	}
	t := &b.Turn
	rep := FirstReport{Side: sides[i]}
	if t.Phase == Activations && t.Active == "" && len(t.Used) == 0 && len(t.Spent) == 0 {
		t.Order, t.Side, rep.Now = rotate(t.Order, rep.Side), 0, true
		t.Settle(b.ready)
	} else {
		b.First = rep.Side
	}
	return rep, nil
}

// rotate puts first at the head of sides, keeping the order round.
func rotate(sides []string, first string) []string {
	i := slices.Index(sides, first)
	if i < 0 {
		return sides
	}
	return slices.Concat(sides[i:], sides[:i])
}

// A NextReport is what a step of /turn next did: ended a unit's activation,
// had a unit of the side due hold (Held), fought a combat, or ended the
// turn (Over).
type NextReport struct {
	Ended string
	Held  string
	Fight *FightReport
	Over  bool
}

// Next moves the turn on one step: in the activations it ends the active
// unit's activation (its player or the umpire) or, with none active, has
// the first unit due of the side whose activation it is hold (the umpire:
// Hold), so that no side due is skipped; in the combat phase it fights the
// next combat not yet fought this turn, and with none left ends the turn.
// /turn next takes steps until the turn is over or the activations move on.
func (b *Board) Next(src dice.Source, a rules.Actor, h House) (NextReport, error) {
	t := &b.Turn
	var rep NextReport
	switch t.Phase {
	case "":
		return rep, rules.Breachf("No turn has started: the umpire starts one with `/turn new`.")
	case Over:
		return rep, rules.Breachf("Turn %d is over: the umpire starts turn %d with `/turn new`.", t.Number, t.Number+1)
	case Combats:
		i := slices.IndexFunc(b.Combats, func(c Melee) bool { return c.Fought < t.Number })
		if i < 0 {
			t.Phase, rep.Over = Over, true
			return rep, nil
		}
		f, err := b.fight(src, i, h)
		rep.Fight = &f
		return rep, err
	}
	if t.Active == "" {
		held, err := b.hold(a, func(RosterUnit) bool { return true })
		rep.Held = held
		return rep, err
	}
	u := b.UnitNamed(t.Active)
	if err := mayOrder(a, u); err != nil {
		return rep, err
	}
	rep.Ended = u.Name
	t.End(b.ready)
	return rep, nil
}

// Done ends the activation of unit, the active unit ("": whichever it is).
func (b *Board) Done(a rules.Actor, unit string) (string, error) {
	t := &b.Turn
	if unit == "" {
		unit = t.Active
	}
	if unit == "" || !strings.EqualFold(unit, t.Active) {
		return "", rules.Breachf("No such unit is activated now (`/turn status`).")
	}
	u := b.UnitNamed(t.Active)
	if err := mayOrder(a, u); err != nil {
		return "", err
	}
	t.End(b.ready)
	return u.Name, nil
}

// After is where an action left its unit's activation: Left actions still to
// take, or Ended now that it took its last.
type After struct {
	Unit  string
	Left  int
	Ended bool
}

// after settles the turn once u has acted: its activation ends with its last
// action, or (it left the field) the turn moves on.
func (b *Board) after(u *RosterUnit) After {
	t := &b.Turn
	if u.Gone != "" || t.Active != u.Name {
		t.Settle(b.ready)
		return After{Unit: u.Name}
	}
	if n := t.Left(u.Name); n > 0 {
		return After{Unit: u.Name, Left: n}
	}
	t.End(b.ready)
	return After{Unit: u.Name, Ended: true}
}

// Moment is where the turn stands: a key that changes exactly when the turn
// moves on (a turn begins, a unit is activated, an activation ends, a side
// passes, the combats are fought), and the same in words.
func (b *Board) Moment() rules.Moment {
	t := &b.Turn
	m := rules.Moment{Turn: t.Number}
	switch t.Phase {
	case "":
		m.Key, m.Text = "0", "before the first turn"
		return m
	case Combats:
		m.Key, m.Text = fmt.Sprintf("%d.c", t.Number), fmt.Sprintf("turn %d, the combat phase", t.Number)
		return m
	case Over:
		m.Key, m.Text = fmt.Sprintf("%d.o", t.Number), fmt.Sprintf("the end of turn %d", t.Number)
		return m
	}
	m.Key = fmt.Sprintf("%d.%d.%d", t.Number, len(t.Spent), t.Side)
	m.Text = fmt.Sprintf("turn %d, the %s side's activation", t.Number, t.Whose())
	if t.Active != "" {
		m.Key += ".a"
		m.Text = fmt.Sprintf("turn %d, %s activated", t.Number, t.Active)
	}
	if len(t.Spent) > 0 {
		m.Text += fmt.Sprintf(", %s spent", plural(len(t.Spent), "unit"))
	}
	return m
}
