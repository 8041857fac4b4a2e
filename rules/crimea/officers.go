package crimea

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A Calibre is an officer's quality, rolled at the start of the game (C3).
type Calibre string

// Calibres.
const (
	Indolent Calibre = "indolent"
	Cautious Calibre = "cautious"
	Normal   Calibre = "normal"
	Rash     Calibre = "rash"
)

// Calibres lists them in the order of the table.
var Calibres = []Calibre{Indolent, Cautious, Normal, Rash}

// ParseCalibre reads an officer's calibre.
func ParseCalibre(s string) (Calibre, error) { return parse(s, "An officer's calibre", Calibres) }

// A CalibreRow is one band of the calibre table.
type CalibreRow struct {
	Lo, Hi  int
	Calibre Calibre
}

// CalibreTable is the reading C3 (the text says "roll dice to see the caliber of
// each officer" but prints no table).
var CalibreTable = []CalibreRow{
	{1, 25, Indolent},
	{26, 50, Cautious},
	{51, 75, Normal},
	{76, 100, Rash},
}

// ReadingC3Table is the calibre table reading.
var ReadingC3Table = rules.Reading{ID: "C3", Text: "the text has no calibre table: 01–25 indolent, 26–50 cautious, 51–75 normal, 76–100 rash"}

// CalibreFor looks up a d100 roll in the calibre table.
func CalibreFor(roll int) CalibreRow {
	for _, r := range CalibreTable {
		if roll >= r.Lo && roll <= r.Hi {
			return r
		}
	}
	panic(fmt.Sprintf("crimea: d100 roll %d outside the calibre table", roll))
}

// RollCalibre rolls an officer's calibre at the start of the game (C3).
func RollCalibre(src dice.Source, officer string) (rules.Ruling, Calibre) {
	roll := D100(src)
	row := CalibreFor(roll.Total)
	r := rules.Ruling{
		Ruleset: ID,
		Title:   "Calibre: " + officer,
		Steps: []rules.Step{{What: officer, Roll: roll, Table: "calibre table", Row: Band(row.Lo, row.Hi),
			Result: string(row.Calibre)}},
		Result:   rules.Capital(fmt.Sprintf("%s is %s: %s.", officer, row.Calibre, CalibreSummary(row.Calibre))),
		Readings: []rules.Reading{ReadingC3Table, ReadingC1},
	}
	for _, c := range CalibreTable {
		r.Odds = append(r.Odds, rules.Chance{Outcome: string(c.Calibre), P: chance(c.Lo, c.Hi)})
	}
	return r, row.Calibre
}

// CalibreSummary says what a calibre means in play (C3).
func CalibreSummary(c Calibre) string {
	switch c {
	case Indolent:
		return "2 orders a turn, never rides with a charge, moves only if he passes officer morale"
	case Cautious:
		return "3 orders a turn, may ride with a charge if he passes officer morale"
	case Normal:
		return "5 orders a turn, may ride with a charge if he passes officer morale"
	case Rash:
		return "3 orders a turn, or 5 if he passes officer morale; must ride with any charge of his men"
	}
	return "unknown calibre"
}

// BaseOrders is the orders an officer of each calibre issues a turn (C3); a
// rash officer has RashOrders instead if he passes officer morale.
var BaseOrders = map[Calibre]int{Indolent: 2, Cautious: 3, Normal: 5, Rash: 3}

// RashOrders is a rash officer's orders when he passes officer morale.
const RashOrders = 5

// Orders is the orders a calibre gives a turn, as players read it: "5", "3 or 5".
func (c Calibre) Orders() string {
	if c == Rash {
		return fmt.Sprintf("%d or %d", BaseOrders[c], RashOrders)
	}
	return fmt.Sprint(BaseOrders[c])
}

// An OfficerState is what a turn's orders depend on besides calibre.
type OfficerState struct {
	Name    string
	Calibre Calibre
	Morale  int
	Wounded bool
	Dead    bool
}

// TurnOrders sets an officer's orders for the turn (C3): indolent 2, cautious 3,
// normal 5, rash 3 or 5 on passing officer morale; none while wounded or dead.
// Steps are nil when nothing was rolled.
func TurnOrders(src dice.Source, o OfficerState, rule MoraleRule) ([]rules.Step, int, error) {
	switch {
	case o.Dead:
		return nil, 0, nil
	case o.Wounded:
		return nil, 0, nil
	}
	base, ok := BaseOrders[o.Calibre]
	if !ok {
		return nil, 0, rules.Breachf("%s has no calibre yet; roll it first.", o.Name)
	}
	if o.Calibre != Rash {
		return nil, base, nil
	}
	if err := CheckRating(o.Name, o.Morale); err != nil {
		return nil, 0, err
	}
	step, out := moraleStep(src, o.Name+" (rash) tests officer morale for 5 orders", o.Morale, rule)
	if out.Passed {
		step.Result = "passes: 5 orders"
		return []rules.Step{step}, RashOrders, nil
	}
	step.Result = "fails: 3 orders"
	return []rules.Step{step}, base, nil
}

// IndolentMove tests whether an indolent officer moves at all this turn (C3:
// "they will not move at all unless they pass officer morale").
func IndolentMove(src dice.Source, o OfficerState, rule MoraleRule) (rules.Step, bool, error) {
	if err := CheckRating(o.Name, o.Morale); err != nil {
		return rules.Step{}, false, err
	}
	step, out := moraleStep(src, o.Name+" (indolent) tests officer morale to move", o.Morale, rule)
	if out.Passed {
		step.Result = "passes: he may move this turn"
	} else {
		step.Result = "fails: he does not move this turn"
	}
	return step, out.Passed, nil
}

// OrdersNeeded is the orders a unit needs to move: two when it is more than 18"
// from its officer (C3).
func OrdersNeeded(far bool) int {
	if far {
		return 2
	}
	return 1
}

// A RideOutcome says whether an officer rides with a charge, and with which unit.
type RideOutcome struct {
	Rides bool
	// Must is true for a rash officer, who has no choice.
	Must bool
	// Unit is the unit he rides with when the dice chose it (rash, several units),
	// or the only unit charging.
	Unit string
}

// Summary is the ruling in a few words for the battle's log: "stays back",
// "may ride", "rides with 17th Lancers".
func (o RideOutcome) Summary() string {
	switch {
	case o.Rides && o.Must:
		return "rides with " + o.Unit
	case o.Rides:
		return "may ride"
	}
	return "stays back"
}

// RideWithCharge rules whether an officer rides with a charge of his men (C3):
// indolent never; cautious and normal if they pass officer morale; rash always,
// and if several units charge a die picks which.
func RideWithCharge(src dice.Source, o OfficerState, units []string, rule MoraleRule) (rules.Ruling, RideOutcome, error) {
	r := rules.Ruling{Ruleset: ID, Title: "Ride with the charge: " + o.Name, Readings: []rules.Reading{ReadingC1}}
	switch {
	case o.Dead:
		return r, RideOutcome{}, rules.Breachf("%s is dead.", o.Name)
	case o.Wounded:
		return r, RideOutcome{}, rules.Breachf("%s is wounded and cannot ride with a charge.", o.Name)
	case len(units) == 0:
		return r, RideOutcome{}, rules.Breachf("Name the unit or units charging.")
	}
	only := ""
	if len(units) == 1 {
		only = units[0]
	}
	switch o.Calibre {
	case Indolent:
		r.Result = fmt.Sprintf("%s is indolent: he never rides with a charge.", o.Name)
		r.Odds = []rules.Chance{{Outcome: "stays back", P: 1}}
		return r, RideOutcome{}, nil
	case Cautious, Normal:
		if err := CheckRating(o.Name, o.Morale); err != nil {
			return r, RideOutcome{}, err
		}
		step, out := moraleStep(src, fmt.Sprintf("%s (%s) tests officer morale", o.Name, o.Calibre), o.Morale, rule)
		r.Steps = []rules.Step{step}
		r.Readings = append([]rules.Reading{ReadingC5(rule)}, r.Readings...)
		r.Odds = []rules.Chance{{Outcome: "may ride", P: float64(o.Morale) / 100}, {Outcome: "stays back", P: float64(100-o.Morale) / 100}}
		if !out.Passed {
			step.Result = "fails: he stays back"
			r.Steps[0] = step
			r.Result = fmt.Sprintf("%s fails officer morale (%d): he may not ride with the charge.", o.Name, out.Roll)
			return r, RideOutcome{}, nil
		}
		step.Result = "passes: he may ride"
		r.Steps[0] = step
		r.Result = fmt.Sprintf("%s passes officer morale (%d): he may ride with the charge if his player wishes.", o.Name, out.Roll)
		return r, RideOutcome{Rides: true, Unit: only}, nil
	case Rash:
		out := RideOutcome{Rides: true, Must: true, Unit: only}
		if only != "" {
			r.Result = fmt.Sprintf("%s is rash: he must ride with %s.", o.Name, only)
			r.Odds = []rules.Chance{{Outcome: "rides with " + only, P: 1}}
			return r, out, nil
		}
		steps, i := pickOne(src, units)
		out.Unit = units[i]
		r.Steps = steps
		r.Result = fmt.Sprintf("%s is rash: he must ride with the charge, and the dice send him with %s.", o.Name, out.Unit)
		for _, u := range units {
			r.Odds = append(r.Odds, rules.Chance{Outcome: "with " + u, P: 1 / float64(len(units))})
		}
		return r, out, nil
	}
	return r, RideOutcome{}, rules.Breachf("%s has no calibre yet; roll it first.", o.Name)
}

// pickOne chooses one of n names with a fair d100: the 100 are split into n equal
// bands and a roll above the last whole band is rolled again.
func pickOne(src dice.Source, names []string) ([]rules.Step, int) {
	n := len(names)
	size := 100 / n
	var steps []rules.Step
	for {
		roll := D100(src)
		s := rules.Step{What: "which unit he rides with", Roll: roll}
		if roll.Total > size*n {
			s.Result = fmt.Sprintf("over %d: roll again", size*n)
			steps = append(steps, s)
			continue
		}
		i := (roll.Total - 1) / size
		s.Row = fmt.Sprintf("%s, one of %d bands of %d", Band(i*size+1, (i+1)*size), n, size)
		s.Result = names[i]
		return append(steps, s), i
	}
}
