package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// A Pace is a move order as the battle records it (G8a): its speed, and for
// a run whether it was a charge.
type Pace string

// Paces.
const (
	PaceCrawl  Pace = "crawl"
	PaceJog    Pace = "jog"
	PaceRun    Pace = "run"
	PaceCharge Pace = "charge"
)

func knownPace(p Pace) bool {
	return p == "" || p == PaceCrawl || p == PaceJog || p == PaceRun || p == PaceCharge
}

// paceOf is the pace of a move order at speed sp.
func paceOf(sp Speed, charge bool) Pace {
	switch {
	case sp == Run && charge:
		return PaceCharge
	case sp == Run:
		return PaceRun
	case sp == Jog:
		return PaceJog
	}
	return PaceCrawl
}

// A MoveOrder is one move order (G7, G7a): for squads, or for a character
// moving on his own (named alone in Squads).
type MoveOrder struct {
	Command
	// Figures, when given, are the only figures that go; the others stay (G7a).
	Figures []string
	Speed   Speed
	// Charge: the run is a charge (G8a: target charging, not running).
	Charge bool
	// Inches is how far they go; nil: as far as the order allows. With a
	// Target, it is how far off the target is.
	Inches *float64
	// Target is the enemy a charge goes at ("" none): a charge that reaches
	// it ends in contact (G6a).
	Target                string
	Road, Woods, Passable bool
	// Rough: the move enters rough ground, hard going a gun may enter.
	Rough bool
	// Wounded: a quick ruling's movers are wounded, halving all movement (G7);
	// on the roster the wounds recorded count instead (G7a).
	Wounded bool
}

// A MarchOutcome is a move: the ruling over every squad moved, and each one's
// own allowance ruling.
type MarchOutcome struct {
	Outcome
	Allowances []rules.Ruling
}

// Move gives a move order and records how far and how fast each squad went.
func (b *Board) Move(o MoveOrder) (MarchOutcome, error) {
	return atomically(b, func(b *Board) (MarchOutcome, error) {
		at, err := b.chargeAt(o)
		if err != nil {
			return MarchOutcome{}, err
		}
		if len(o.Squads) == 1 && b.Squad(o.Squads[0]) == nil {
			if c := b.Character(o.Squads[0]); c != nil {
				return b.moveCharacter(c, o, at)
			}
		}
		ord, err := b.command(o.Command, actMove)
		if err != nil {
			return MarchOutcome{}, err
		}
		out := MarchOutcome{Outcome: Outcome{Ruling: rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Move: %s at %s", squadNames(ord.squads), paceOf(o.Speed, o.Charge))}}}
		for _, s := range ord.squads {
			if err := b.moveSquad(s, o, &out); err != nil {
				return MarchOutcome{}, err
			}
		}
		if o.Target != "" {
			out.Ruling.Title = fmt.Sprintf("Charge: %s at %s", ord.squads[0].Name, o.Target)
			out.Notes = append(out.Notes, b.charged(ord.squads[0].Name, at, o.Target))
		}
		b.statePerAction(ord, o.Distance, &out)
		out.Notes = append(out.Notes, ord.pay(b))
		return out, nil
	})
}

// statePerAction says, when no turn counts the AP, what each action of the
// order would cost at its distance from the officer (G4).
func (b *Board) statePerAction(ord *order, distance float64, out *MarchOutcome) {
	if !ord.free || distance <= 0 {
		return
	}
	cost, _ := CommandCost(distance)
	line := fmt.Sprintf("At %s from its officer each action costs %s (G4).", inches(distance), rules.Plural(cost, "AP", "AP"))
	if distance <= 6 {
		line = fmt.Sprintf("At %s from its officer, within 6\", each action costs 1 AP (G4).", inches(distance))
	}
	out.Ruling.Result += " " + line
	out.Ruling.Readings = append(out.Ruling.Readings, reading("G4"))
	for i := range out.Allowances {
		out.Allowances[i].Result += " " + line
		out.Allowances[i].Readings = append(out.Allowances[i].Readings, reading("G4"))
	}
}

// moveArm is the movement row a figure moves by: a gun's team moves as
// artillery, a cavalryman whose horse is down as infantry.
func moveArm(s *Squad, f *Figure) Arm {
	a := s.ArmOf(f)
	switch {
	case s.Gun() != nil || a == Gun:
		return Artillery
	case a.Mounted() && f.Horse == HorseDown:
		return Infantry
	}
	return a
}

// stays says why a living figure does not go with its squad's move ("" if he goes).
func (b *Board) stays(f *Figure) string {
	switch {
	case b.Stunned(f.StunnedUntil):
		return " is stunned and stays put."
	case f.Destroyed:
		return " is destroyed and cannot be moved."
	case f.Wheel:
		return " has lost a wheel and cannot be moved."
	case f.Horse == HorseStunned && b.Stunned(f.HorseUntil):
		return "'s horse is stunned and stands."
	}
	return ""
}

func (b *Board) moveSquad(s *Squad, o MoveOrder, out *MarchOutcome) error {
	switch s.Morale {
	case Pinned:
		return rules.Breachf("%s is pinned and may not move: rally it first.", s.Name)
	case Running, Routing:
		return rules.Breachf("%s is %s and out of its officer's hand: rally it first.", s.Name, s.Morale)
	}
	movers, left := b.movers(s, o.Figures, &out.Notes)
	if len(movers) == 0 {
		return rules.Breachf("No one in %s is able to move.", s.Name)
	}
	turn := b.Turn.Number
	moved := 0.0
	if s.MovedTurn == turn {
		moved = s.Moved
	}
	ago := 0 // running again in the turn it ran is the same move
	if s.RanTurn > 0 && s.RanTurn != turn {
		ago = turn - s.RanTurn
	}
	pace, err := squadAllowance(s, movers, Move{Squad: s.Name, Speed: o.Speed, Road: o.Road, Wounded: o.Wounded, Woods: o.Woods, Rough: o.Rough,
		WoodsPassable: o.Passable, Moved: moved, TurnsSinceRun: ago, Limbered: s.Limbered || s.Gun() == nil})
	if err != nil {
		return err
	}
	allowed, allow, lines := pace.Ruling, pace.Allow, pace.Lines
	goes := allow.Inches
	if o.Inches != nil {
		if err := o.beyond(s.Name, allow.Inches); err != nil {
			return err
		}
		goes = *o.Inches
	}
	s.Moved, s.MovedTurn, s.Pace = moved+goes, turn, paceOf(o.Speed, o.Charge)
	if o.Speed == Run {
		s.RanTurn, s.Charged = turn, turn
	}
	for _, f := range movers {
		f.Aimed = false
	}
	line := fmt.Sprintf("%s moves %s (%s of %s this turn).", s.Name, inches(goes), inches(s.Moved), inches(allow.Max))
	if o.Wounded {
		line += " Wounded men halve its movement."
	}
	r := &out.Ruling
	r.Steps = append(r.Steps, allowed.Steps...)
	r.Readings = allowed.Readings
	r.Result = strings.TrimSpace(strings.Join(append([]string{r.Result, line}, lines...), " "))
	out.Allowances = append(out.Allowances, allowed)
	if len(left) > 0 {
		where := "stay where they are"
		if len(left) == 1 {
			where = "stays where he is"
		}
		out.Notes = append(out.Notes, fmt.Sprintf("%s %s (G7a).", strings.Join(left, ", "), where))
		return nil // those left behind stay in contact
	}
	if away := b.moveAway(s.Name); len(away) > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("%s moves out of contact with %s (G6a).", s.Name, strings.Join(away, ", ")))
	}
	return nil
}

// movers are the living figures of s that go with the order (those named,
// when any are), and the names of those it leaves behind; notes say who
// cannot go.
func (b *Board) movers(s *Squad, only []string, notes *[]string) (movers []*Figure, left []string) {
	for _, f := range s.Living() {
		switch why := b.stays(f); {
		case len(only) > 0 && !containsName(only, f.Name):
			left = append(left, f.Name)
		case why != "":
			*notes = append(*notes, f.Name+why)
		default:
			movers = append(movers, f)
		}
	}
	return movers, left
}

// squadPace is the allowance squadAllowance works out for a squad's move order:
// the ruling on it, the movement allowed, and lines saying why when it is not
// the squad's own row.
type squadPace struct {
	Ruling rules.Ruling
	Allow  MoveOutcome
	Lines  []string
}

// squadAllowance is the allowance of a squad's move order: the slowest of its movers'
// movement rows, and at most 1" with a seriously wounded man along (G7a);
// lines say why when it is not the squad's own row.
func squadAllowance(s *Squad, movers []*Figure, m Move) (squadPace, error) {
	var arms []Arm
	var wounded []string
	for _, f := range movers {
		if a := moveArm(s, f); !slices.Contains(arms, a) {
			arms = append(arms, a)
		}
		if f.Serious > 0 {
			wounded = append(wounded, f.Name)
		}
	}
	var best rules.Ruling
	var allow MoveOutcome
	var steps []rules.Step
	for i, a := range arms {
		m.Arm = a
		r, mo, err := Allowance(m)
		if err != nil {
			return squadPace{Ruling: r, Allow: mo}, err
		}
		steps = append(steps, r.Steps...)
		if i == 0 || mo.Inches < allow.Inches {
			best, allow = r, mo
		}
	}
	var lines []string
	if len(arms) > 1 {
		best.Steps = steps
		best.Readings = append(best.Readings, reading("G7a"))
		lines = append(lines, "Men on foot and mounted: the squad goes at the pace of the slowest (G7a).")
	}
	if len(wounded) > 0 && allow.Inches > 1 {
		allow.Inches = 1
		best.Steps = append(best.Steps, rules.Step{What: strings.Join(wounded, ", "), Row: "seriously wounded, G7a", Result: "at most 1\" a move order"})
		best.Result = fmt.Sprintf("%s moves up to 1\": %s seriously wounded (G7a).", s.Name, isAre(wounded))
		best.Readings = append(best.Readings, reading("G7a"))
		lines = append(lines, fmt.Sprintf("%s seriously wounded: the squad goes at that pace, 1\" (G7a); name the figures that go (figures:) to leave the wounded behind.", isAre(wounded)))
	}
	return squadPace{Ruling: best, Allow: allow, Lines: lines}, nil
}

func isAre(names []string) string {
	if len(names) == 1 {
		return names[0] + " is"
	}
	return strings.Join(names, ", ") + " are"
}

// moveCharacter moves a character on his own, on foot (G7a): a light wound
// halves his movement, a serious one leaves him 1" a move order.
func (b *Board) moveCharacter(c *Character, o MoveOrder, at section) (MarchOutcome, error) {
	if err := mayCommand(o.Actor, c, "move "+c.Name); err != nil {
		return MarchOutcome{}, err
	}
	if b.Stunned(c.StunnedUntil) {
		return MarchOutcome{}, rules.Breachf("%s is stunned and cannot move this turn.", c.Name)
	}
	ord, err := b.orderFor(c, nil, 0, actMove)
	if err != nil {
		return MarchOutcome{}, err
	}
	turn := b.Turn.Number
	moved := 0.0
	if c.MovedTurn == turn {
		moved = c.Moved
	}
	halved := c.Light > 0 || o.Wounded
	r, allow, err := Allowance(Move{Squad: c.Name, Arm: Infantry, Speed: o.Speed, Road: o.Road, Wounded: halved, Woods: o.Woods, Rough: o.Rough, Moved: moved})
	if err != nil {
		return MarchOutcome{}, err
	}
	if c.Light > 0 {
		r.Readings = append(r.Readings, reading("G7a"))
	}
	if c.Serious > 0 && allow.Inches > 1 {
		allow.Inches = 1
		r.Readings = append(r.Readings, reading("G7a"))
		r.Steps = append(r.Steps, rules.Step{What: c.Name, Row: "seriously wounded, G7a", Result: "at most 1\" a move order"})
		r.Result = fmt.Sprintf("%s moves up to 1\": he is seriously wounded (G7a).", c.Name)
	}
	goes := allow.Inches
	if o.Inches != nil {
		if err := o.beyond(c.Name, allow.Inches); err != nil {
			return MarchOutcome{}, err
		}
		goes = *o.Inches
	}
	c.Moved, c.MovedTurn, c.Pace = moved+goes, turn, paceOf(o.Speed, o.Charge)
	out := MarchOutcome{Outcome: Outcome{Ruling: r}, Allowances: []rules.Ruling{r}}
	out.Ruling.Result = fmt.Sprintf("%s moves %s (%s of %s this turn).", c.Name, inches(goes), inches(c.Moved), inches(allow.Max))
	if c.Light > 0 {
		out.Ruling.Result += " His light wounds halve his movement (G7a)."
	}
	if away := b.moveAway(c.Name); len(away) > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("%s moves out of contact with %s (G6a).", c.Name, strings.Join(away, ", ")))
	}
	if o.Target != "" {
		out.Ruling.Title = fmt.Sprintf("Charge: %s at %s", c.Name, o.Target)
		out.Notes = append(out.Notes, b.charged(c.Name, at, o.Target))
	}
	out.Notes = append(out.Notes, ord.pay(b))
	return out, nil
}
