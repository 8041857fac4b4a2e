package greenjackets

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/rules"
)

// House is the house rules in force: the docs/readings.md readings an umpire switched.
type House struct {
	// MoraleLiteral: morale-dead-figures=literal, −1 per dead figure as printed (G21).
	MoraleLiteral bool
	// LightWounds is light-wounds: "none" (the reading) or "minus1" (G13).
	LightWounds string
	// CanisterUnder: canister-roll=under, strictly under as printed (G15).
	CanisterUnder bool
	// SpottingOff: spotting=off, the umpire tracks spotting on the table (G6).
	SpottingOff bool
}

// kind names an action for the AP rules (G3) and the restrictions on it.
type kind string

const (
	actObserve  kind = "observe"
	actMove     kind = "move"
	actCover    kind = "take cover"
	actGetUp    kind = "get up"
	actLimber   kind = "limber"
	actUnlimber kind = "unlimber"
	actAim      kind = "take aim"
	actFire     kind = "fire"
	actReload   kind = "reload"
	actRally    kind = "rally"
	actMorale   kind = "morale"
	actMelee    kind = "melee"
)

// An order is an action given to one or more squads of one character.
type order struct {
	char   *Character
	squads []*Squad
	cost   int
	// free: no turn is running (or a morale test), so no AP are counted.
	free bool
}

// A Command is what every order to squads carries: who gives it, the squads
// (or figures, standing for their squads) it goes to, and how far they are
// from their officer (G4).
type Command struct {
	Actor    rules.Actor
	Squads   []string
	Distance float64
}

// mayCommand refuses anyone but the umpire and the player of the character.
func mayCommand(a rules.Actor, c *Character, what string) error {
	if a.Umpire || (c != nil && c.Player != "" && c.Player == a.User) {
		return nil
	}
	if c == nil || c.Player == "" {
		return rules.Breachf("Only the umpire can %s.", what)
	}
	return rules.Breachf("%s is not yours to command: only %s or the umpire can %s.", c.Name, nameOr(c.PlayerName, "his player"), what)
}

// squadsNamed finds the named squads (a figure's name stands for its squad).
func (b *Board) squadsNamed(names []string) ([]*Squad, error) {
	if len(names) == 0 {
		return nil, rules.Breachf("Name the squad (or squads, separated by commas).")
	}
	var out []*Squad
	for _, n := range names {
		s := b.Squad(n)
		if s == nil {
			s, _ = b.Figure(n)
		}
		if s == nil {
			return nil, rules.Breachf("There is no squad called %s on the roster.", rules.Inert(n))
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// command finds the squads of cmd and gives them the order k.
func (b *Board) command(cmd Command, k kind) (*order, error) {
	squads, err := b.squadsNamed(cmd.Squads)
	if err != nil {
		return nil, err
	}
	return b.giveOrder(cmd.Actor, squads, cmd.Distance, k)
}

// commandOne is command for an action by one squad: naming more is refused with tooMany.
func (b *Board) commandOne(cmd Command, k kind, tooMany string) (*order, error) {
	squads, err := b.squadsNamed(cmd.Squads)
	if err != nil {
		return nil, err
	}
	if len(squads) > 1 {
		return nil, rules.Breachf("%s", tooMany)
	}
	return b.giveOrder(cmd.Actor, squads, cmd.Distance, k)
}

// giveOrder checks who may order the squads and charges the AP (G3, G4): one
// order for all squads within 6" of their officer, and for a squad d" away
// 1 + ceil((d − 6)/6) AP each.
func (b *Board) giveOrder(a rules.Actor, squads []*Squad, distance float64, k kind) (*order, error) {
	for _, s := range squads {
		if s.Officer != squads[0].Officer {
			return nil, rules.Breachf("%s and %s answer to different officers: give them separate orders.", squads[0].Name, s.Name)
		}
		if len(s.Living()) == 0 {
			return nil, rules.Breachf("Every man of %s is dead.", s.Name)
		}
	}
	c := b.Character(squads[0].Officer)
	if err := mayCommand(a, c, "order "+squads[0].Name); err != nil {
		return nil, err
	}
	return b.orderFor(c, squads, distance, k)
}

// orderFor charges character c (nil: a squad with no officer, the umpire's) for
// an action by squads (none: the character himself).
func (b *Board) orderFor(c *Character, squads []*Squad, distance float64, k kind) (*order, error) {
	o := &order{char: c, squads: squads}
	if c != nil && c.Dead && k != actMorale {
		return nil, rules.Breachf("%s is dead: the umpire gives his squads to another character (/greenjackets roster squad officer:…).", c.Name)
	}
	t := b.Turn
	if !b.Running() || c == nil || k == actMorale {
		// A morale test costs no AP and may be taken when owed or called (G5).
		o.free = true
		return o, nil
	}
	switch c.State {
	case Waiting:
		if c.Card == nil || t.Pos < CallIndex(*c.Card, t.Suits) {
			return nil, rules.Breachf("It is not %s's move yet: he acts when the count reaches his card.", c.Name)
		}
		return nil, rules.Breachf("%s's card has been called, but his move has not begun: `/act` (or **Act now** on the turn message) begins it.", c.Name)
	case Acted:
		return nil, rules.Breachf("%s has already acted this turn.", c.Name)
	}
	if len(t.Order) > 0 && !Same(t.Order[0], c.Name) {
		return nil, rules.Breachf("%s has precedence and moves first; %s waits until that move is done.", t.Order[0], c.Name)
	}
	if owed := b.OwingMorale(c); len(owed) > 0 {
		s := owed[0]
		return nil, rules.Breachf("%s must first test morale (G5): `/greenjackets morale squad:%s`.", s.Name, rules.Arg(s.Name))
	}
	if c.RallyOnly == t.Number && k != actMove && k != actRally {
		return nil, rules.Breachf("%s rallied a routing squad this turn and may only move and rally.", c.Name)
	}
	per, err := CommandCost(distance)
	if err != nil {
		return nil, err
	}
	o.cost = per
	if distance > 6 {
		o.cost = per * len(squads)
	}
	if _, err := Spend(c.AP, o.cost, string(k)); err != nil {
		return nil, rules.Breachf("%s has %s left; %s %s costs %s.", c.Name, rules.Plural(c.AP, "AP", "AP"), k, costWhy(distance), rules.Plural(o.cost, "AP", "AP"))
	}
	return o, nil
}

// owesMorale reports whether the squad must test morale before its officer acts (G5).
func (s *Squad) owesMorale() bool { return (s.Owed > 0 || s.Called) && len(s.Living()) > 0 }

func costWhy(distance float64) string {
	if distance > 6 {
		return fmt.Sprintf("at %s from him", inches(distance))
	}
	return "here"
}

// pay spends the order's AP and ends the move when none are left; it returns the note.
func (o *order) pay(b *Board) string {
	if o.free {
		return "No turn is running: no AP counted."
	}
	if o.char == nil || o.cost == 0 {
		return ""
	}
	c := o.char
	c.AP -= o.cost
	c.Spent += o.cost
	note := fmt.Sprintf("%s spends %s; %s left.", c.Name, rules.Plural(o.cost, "AP", "AP"), rules.Plural(c.AP, "AP", "AP"))
	if c.AP <= 0 {
		b.endMove(c)
		note += " His move is done."
		if len(b.Turn.Order) > 0 {
			note += fmt.Sprintf(" %s may go on.", b.Turn.Order[0])
		}
	}
	return note
}

// endMove ends a character's move.
func (b *Board) endMove(c *Character) {
	c.State, c.AP = Acted, 0
	b.Turn.Order = slices.DeleteFunc(b.Turn.Order, func(n string) bool { return Same(n, c.Name) })
}
