package firing2007

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A Fate is what befalls a general on the risk chart.
type Fate int

// The fates of a general.
const (
	Unhurt Fate = iota
	LightWound
	// Incapacitated: a second light wound; he is removed from play.
	Incapacitated
	Killed
)

func (f Fate) String() string {
	switch f {
	case LightWound:
		return "light wound, moves at ½ speed"
	case Incapacitated:
		return "second light wound: incapacitated, removed from play"
	case Killed:
		return "dead"
	}
	return "no effect"
}

// Short is the fate in a word for a log: "wounded".
func (f Fate) Short() string {
	switch f {
	case LightWound:
		return "wounded"
	case Incapacitated:
		return "incapacitated"
	case Killed:
		return "killed"
	}
	return "unhurt"
}

// A RiskRow is one band of the risk-to-generals chart.
type RiskRow struct {
	From, To int
	Fate     Fate
	Text     string
}

// RiskChart is "Risk to Generals" of the post (F5): 2d6 when a general is with a
// unit that suffers losses from fire.
var RiskChart = []RiskRow{
	{2, 8, Unhurt, "No effect"},
	{9, 10, LightWound, "Suffers a light wound and moves at 1/2 speed"},
	{11, 12, Killed, "Dead"},
}

// ChainRadius is how far from a killed general the units of his chain of
// command are shaken, in inches (F5).
const ChainRadius = 18

// A GeneralOutcome is what the risk roll did to a general.
type GeneralOutcome struct {
	Name string
	Fate Fate
	// LightWounds is his count of light wounds after the roll.
	LightWounds int
}

var twoD6 = dice.Die(6).Times(2)

// riskRow finds the chart band of a 2d6 score.
func riskRow(score int) RiskRow {
	for _, r := range RiskChart {
		if score >= r.From && score <= r.To {
			return r
		}
	}
	panic(fmt.Sprintf("firing2007: 2d6 score %d off the risk chart", score))
}

// RiskChances are the chances of each fate of a general with the given light
// wounds when the risk roll is made.
func RiskChances(priorWounds int) []rules.Chance {
	var out []rules.Chance
	for _, r := range RiskChart {
		p := twoD6.AtLeast(r.From) - twoD6.AtLeast(r.To+1)
		out = append(out, rules.Chance{Outcome: woundFate(r.Fate, priorWounds).String(), P: p})
	}
	return out
}

// woundFate is the chart's fate for a general with the given light wounds: a
// second light wound incapacitates him.
func woundFate(f Fate, priorWounds int) Fate {
	if f == LightWound && priorWounds >= 1 {
		return Incapacitated
	}
	return f
}

// RiskRoll rolls the risk chart for a general whose unit has lost strength to fire.
func RiskRoll(src dice.Source, g General) (rules.Step, GeneralOutcome) {
	a, b := src.Roll(6), src.Roll(6)
	row := riskRow(a + b)
	out := GeneralOutcome{Name: g.Name, Fate: woundFate(row.Fate, g.LightWounds), LightWounds: g.LightWounds}
	if row.Fate == LightWound {
		out.LightWounds++
	}
	step := rules.Step{
		What:   "Risk to " + generalName(g.Name),
		Roll:   rules.Roll{Notation: "2d6", Faces: []int{a, b}, Total: a + b},
		Table:  "risk to generals",
		Row:    fmt.Sprintf("%d–%d", row.From, row.To),
		Result: out.Fate.String(),
	}
	return step, out
}

// Risk is the ruling for a risk roll made on its own (the umpire calls one).
func Risk(src dice.Source, g General) (rules.Ruling, GeneralOutcome) {
	step, out := RiskRoll(src, g)
	r := rules.Ruling{
		Ruleset: ID,
		Title:   "Risk to " + generalName(g.Name),
		Steps:   []rules.Step{step},
		Result:  generalSentence(out),
		Odds:    RiskChances(g.LightWounds),
	}
	if out.Fate == Killed {
		r.Readings = append(r.Readings, ReadingChain)
	}
	return r, out
}

// ReadingChain says how the chain-of-command rule is settled: the referee cannot
// measure, so the umpire confirms which units are within 18".
var ReadingChain = rules.Reading{ID: "F5",
	Text: "a general killed shakes every unit in his chain of command within 18\"; the umpire confirms which units are within 18\""}

// generalName is how a general is named: "General Wolfe", or "the general" in a
// quick ruling that gives no name.
func generalName(name string) string {
	if name == "" {
		return "the general"
	}
	return "General " + name
}

func generalSentence(o GeneralOutcome) string {
	who := rules.Capital(generalName(o.Name))
	switch o.Fate {
	case LightWound:
		return who + " suffers a light wound and moves at ½ speed."
	case Incapacitated:
		return who + " suffers a second light wound: he is incapacitated and removed from play."
	case Killed:
		return fmt.Sprintf("%s is killed: every unit in his chain of command within %d\" is shaken.", who, ChainRadius)
	}
	return who + " is unhurt."
}

// RiskTable renders the risk chart as a fixed-width table for /rules.
func RiskTable() string {
	var b strings.Builder
	for _, r := range RiskChart {
		fmt.Fprintf(&b, "%2d-%-2d  %s\n", r.From, r.To, r.Text)
	}
	return b.String()
}
