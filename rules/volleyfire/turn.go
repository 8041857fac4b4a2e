package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Phase is the part of the turn being played (Turn Sequence).
type Phase string

// Phases.
const (
	Activations Phase = "activations"
	Combats     Phase = "combat"
	Over        Phase = "over"
)

// An Action is one of a unit's two actions (Activations).
type Action string

// Actions.
const (
	ActMove      Action = "move"
	ActShoot     Action = "shoot"
	ActReload    Action = "reload"
	ActCharge    Action = "charge"
	ActFormation Action = "change formation"
	ActBreakAway Action = "break away"
)

// ActionsPerUnit is how many actions a unit has in its activation.
const ActionsPerUnit = 2

// A Turn is the state of the turn sequence (V3): sides take turns activating one
// unit each; an activated unit has two actions and is then spent until the next
// turn; when no side has a unit left to activate, the combats are fought.
type Turn struct {
	Number int      `json:"number"`
	Phase  Phase    `json:"phase"`
	Order  []string `json:"order,omitempty"`
	// Side is the index in Order of the side whose activation it is.
	Side int `json:"side"`
	// Active is the unit activated now ("" between activations).
	Active    string `json:"active,omitempty"`
	InCommand bool   `json:"in_command,omitempty"`
	// Used counts the actions each unit has taken this turn; Spent marks the
	// units whose activation is over.
	Used  map[string]int  `json:"used,omitempty"`
	Spent map[string]bool `json:"spent,omitempty"`
}

// RollFirst rolls for the side that activates first (ReadingFirstSide): each side
// rolls a d6, the highest goes first, ties among the highest roll again. The
// order returned starts with the winner and follows the listed order round.
func RollFirst(src dice.Source, sides []string) (rules.Ruling, []string, error) {
	r := rules.Ruling{Ruleset: ID, Title: "Who activates first", Readings: []rules.Reading{V3, ReadingFirstSide}}
	if len(sides) < 2 {
		return r, nil, rules.Breachf("A turn needs units on at least two sides; the umpire adds them with `/volleyfire-roster unit-add`.")
	}
	in := append([]string(nil), sides...)
	for round := 1; len(in) > 1; round++ {
		best, top := 0, []string(nil)
		var parts []string
		var faces []int
		for _, s := range in {
			f := src.Roll(6)
			faces = append(faces, f)
			parts = append(parts, fmt.Sprintf("%s %d", s, f))
			switch {
			case f > best:
				best, top = f, []string{s}
			case f == best:
				top = append(top, s)
			}
		}
		res := top[0] + " goes first"
		if len(top) > 1 {
			res = "tie: " + strings.Join(top, ", ") + " roll again"
		}
		what := "Each side rolls"
		if round > 1 {
			what = "Roll-off"
		}
		r.Steps = append(r.Steps, rules.Step{What: what + ": " + strings.Join(parts, ", "),
			Roll: rules.Roll{Notation: fmt.Sprintf("%dd6", len(faces)), Faces: faces, Total: best}, Result: res})
		in = top
	}
	i := slices.Index(sides, in[0])
	order := append(append([]string(nil), sides[i:]...), sides[:i]...)
	r.Result = fmt.Sprintf("%s activates first.", in[0])
	p := 1 / float64(len(sides))
	for _, s := range sides {
		r.Odds = append(r.Odds, rules.Chance{Outcome: s + " first", P: round6(p)})
	}
	return r, order, nil
}

// Start begins the next turn with the sides in the order given.
func (t *Turn) Start(order []string) {
	*t = Turn{Number: t.Number + 1, Phase: Activations, Order: order, Used: map[string]int{}, Spent: map[string]bool{}}
}

// Whose is the side whose activation it is ("" outside the activations).
func (t *Turn) Whose() string {
	if t.Phase != Activations || len(t.Order) == 0 {
		return ""
	}
	return t.Order[t.Side]
}

// Left is how many actions unit has left this turn.
func (t *Turn) Left(unit string) int {
	if t.Spent[unit] {
		return 0
	}
	return ActionsPerUnit - t.Used[unit]
}

// Activate activates unit of side. inCommand says whether a command base is in
// range (V3).
func (t *Turn) Activate(unit, side string, inCommand bool) error {
	if err := t.mayActivate(unit, side); err != nil {
		return err
	}
	t.Active, t.InCommand = unit, inCommand
	return nil
}

// ClosestOnly reports whether unit may shoot only at the closest enemy
// (V3): it is the unit activated now, out of command.
func (t Turn) ClosestOnly(unit string) bool { return !t.InCommand && t.Active == unit }

// mayActivate refuses the activation of unit of side when the turn does not
// allow it now.
func (t *Turn) mayActivate(unit, side string) error {
	switch {
	case t.Phase == "" || t.Number == 0:
		return rules.Breachf("No turn has started: the umpire starts one with `/turn new`.")
	case t.Phase != Activations:
		return rules.Breachf("The activations of turn %d are over.", t.Number)
	case t.Active != "":
		return rules.Breachf("%s is still activated: finish its actions or end it with `/volleyfire done`.", t.Active)
	case t.Spent[unit]:
		return rules.Breachf("%s has already acted this turn.", unit)
	case side != t.Whose():
		return rules.Breachf("The %s side activates now, not the %s side.", t.Whose(), side)
	}
	return nil
}

// Use spends one of the active unit's actions on a (V3). Out of command a unit may
// only shoot (ReadingOutOfCommand).
func (t *Turn) Use(unit string, a Action) error {
	if err := t.mayUse(unit, a); err != nil {
		return err
	}
	if t.Used == nil {
		t.Used = map[string]int{}
	}
	t.Used[unit]++
	return nil
}

// mayUse refuses what Use refuses, changing nothing.
func (t *Turn) mayUse(unit string, a Action) error {
	switch {
	case t.Active != unit && t.Active != "":
		return rules.Breachf("%s is activated now, not %s.", t.Active, unit)
	case t.Active != unit:
		return rules.Breachf("%s is not activated: activate it first with `/volleyfire activate`.", unit)
	case t.Left(unit) <= 0:
		return rules.Breachf("%s has used both its actions.", unit)
	case !t.InCommand && a != ActShoot:
		return rules.Breachf("%s is out of command: it may only shoot at the closest enemy.", unit)
	}
	return nil
}

// spend marks unit spent for the rest of the turn.
func (t *Turn) spend(unit string) {
	if t.Spent == nil {
		t.Spent = map[string]bool{}
	}
	t.Spent[unit] = true
}

// End ends the active unit's activation (it is spent) and passes to the next side
// with a unit ready to activate; when there is none the combat phase begins.
// ready reports whether a side has a unit left to activate.
func (t *Turn) End(ready func(side string) bool) {
	if t.Active != "" {
		t.spend(t.Active)
		t.Active, t.InCommand = "", false
	}
	t.advance(ready, 1)
}

// Settle moves the turn on when the side whose activation it is has no unit
// ready (none left, or all spent): to the next side, or to the combats.
func (t *Turn) Settle(ready func(side string) bool) {
	if t.Active == "" {
		t.advance(ready, 0)
	}
}

func (t *Turn) advance(ready func(side string) bool, from int) {
	if t.Phase != Activations {
		return
	}
	for i := from; i < from+len(t.Order); i++ {
		s := (t.Side + i) % len(t.Order)
		if ready(t.Order[s]) {
			t.Side = s
			return
		}
	}
	t.Phase = Combats
}
