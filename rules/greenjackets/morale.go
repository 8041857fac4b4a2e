package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Morale is a squad's state (sections 11 and 12).
type Morale string

// Morale states.
const (
	Steady  Morale = "steady"
	Pinned  Morale = "pinned"
	Running Morale = "running"
	Routing Morale = "routing"
)

// Morales lists the morale states, from steady to the worst.
var Morales = []Morale{Steady, Pinned, Running, Routing}

// ParseMorale reads a morale state.
func ParseMorale(s string) (Morale, error) {
	return moraleWords.parse(s)
}

var moraleWords = vocabulary[Morale]{"a morale state", Morales, map[string]Morale{
	"": Steady, "run": Running, "rout": Routing, "routed": Routing,
}}

// MoraleChart is the morale test (section 11), d20 with modifiers.
//
//	1-12   Carry on
//	13-16  Pinned to spot. Counts as stunned if in melee. May not move or fire.
//	17-18  Run away back to nearest cover at full charge speed. This is immediate.
//	19-20  Rout. Move at full charge speed to table edge.
var MoraleChart = []struct {
	From, To int
	Result   Morale
	Text     string
	// Short names the outcome among the odds.
	Short string
}{
	{1, 12, Steady, "carry on", "carry on"},
	{13, 16, Pinned, "pinned to the spot: may not move or fire, counts as stunned in melee", "pinned"},
	{17, 18, Running, "runs back to the nearest cover at full charge speed, now", "runs back"},
	{19, 20, Routing, "routs to the table edge at full charge speed", "routs"},
}

// A MoraleTest is one squad's test.
type MoraleTest struct {
	Squad   string
	Quality Quality
	Dead    int
	// Literal: house rule morale-dead-figures=literal applies −1 per dead figure as printed.
	Literal bool
}

func moraleRow(total int) int {
	for i, r := range MoraleChart {
		if total >= r.From && total <= r.To {
			return i
		}
	}
	if total < 1 {
		return 0
	}
	return len(MoraleChart) - 1
}

// MoraleModifiers are the squad's modifiers (section 11, G21).
func MoraleModifiers(m MoraleTest) ([]rules.Modifier, rules.Reading) {
	mods := qualityMods(m.Quality, "veteran", "raw", -2, 2)
	rd := reading("G21")
	if m.Dead > 0 {
		if m.Literal {
			mods = append(mods, rules.Modifier{Value: -m.Dead, Reason: "for " + rules.Plural(m.Dead, "dead figure", "dead figures") + " in the squad (as printed)", Short: rules.Plural(m.Dead, "dead figure", "dead figures")})
			rd = rules.Reading{ID: "house rule", Text: "morale-dead-figures=literal: −1 per dead figure, as printed"}
		} else {
			mods = append(mods, rules.Modifier{Value: m.Dead, Reason: "for " + rules.Plural(m.Dead, "dead figure", "dead figures") + " in the squad", Short: rules.Plural(m.Dead, "dead figure", "dead figures")})
		}
	}
	return mods, rd
}

// Test resolves a morale test (G21).
func Test(src dice.Source, m MoraleTest) (rules.Ruling, Morale) {
	mods, rd := MoraleModifiers(m)
	sum := rules.Sum(mods)
	roll := d20(src)
	total := roll.Total + sum
	row := MoraleChart[moraleRow(total)]
	who := nameOr(m.Squad, "the squad")
	r := rules.Ruling{Ruleset: ID, Title: "Morale: " + who, Readings: []rules.Reading{rd, reading("G5")}}
	r.Steps = []rules.Step{{What: who + " tests", Roll: roll, Table: "morale", Row: fmt.Sprintf("%d-%d", row.From, row.To),
		Modifiers: mods, Result: fmt.Sprintf("%d: %s", total, row.Text)}}
	r.Result = fmt.Sprintf("%s %s.", who, row.Text)
	if row.Result == Steady {
		r.Result = who + " carries on."
	}
	for _, x := range MoraleChart {
		p := 0.0
		for f := 1; f <= 20; f++ {
			if MoraleChart[moraleRow(f+sum)].Result == x.Result {
				p += 1.0 / 20
			}
		}
		r.Odds = append(r.Odds, rules.Chance{Outcome: x.Short, P: p})
	}
	return r, row.Result
}

// RallyNeed is the d20 a routing squad needs to rally (section 12): 16–20.
const RallyNeed = 16

// A Rally is one rally action on a squad (G22).
type Rally struct {
	Squad string
	State Morale
	// OfficerNear: its officer or a hero is in contact or within 3".
	OfficerNear bool
}

// RallySquad resolves a rally action (G22).
func RallySquad(src dice.Source, ra Rally) (rules.Ruling, Morale, error) {
	who := nameOr(ra.Squad, "the squad")
	r := rules.Ruling{Ruleset: ID, Title: "Rally: " + who, Readings: []rules.Reading{reading("G22")}}
	switch ra.State {
	case Steady, "":
		return r, Steady, rules.Breachf("%s is steady and needs no rally.", who)
	case Pinned, Running:
		r.Steps = []rules.Step{{What: who, Table: "rally", Row: string(ra.State), Result: "rallied: one rally action, no roll"}}
		r.Result = who + " rallies and is steady."
		r.Odds = []rules.Chance{{Outcome: "rallied", P: 1}}
		return r, Steady, nil
	}
	if !ra.OfficerNear {
		return r, Routing, rules.Breachf("%s is routing: its officer or a hero must be in contact or within 3\" to rally it.", who)
	}
	roll := d20(src)
	ok := roll.Total >= RallyNeed
	res := "still routing"
	if ok {
		res = "rallied"
	}
	r.Steps = []rules.Step{{What: who, Roll: roll, Table: "rally", Row: "routing", Need: "16-20", Result: res}}
	p := float64(20-RallyNeed+1) / 20
	r.Odds = []rules.Chance{{Outcome: "rallied", P: p}, {Outcome: "still routing", P: 1 - p}}
	if ok {
		r.Result = who + " rallies and is steady. The officer may only move and rally this turn."
		return r, Steady, nil
	}
	r.Result = who + " is still routing. The officer may only move and rally this turn."
	return r, Routing, nil
}
