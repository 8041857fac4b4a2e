package crimea

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// MoraleRule is how a morale test is passed (C5 and house rule morale-pass).
type MoraleRule string

// Morale rules.
const (
	// MoraleHigh is the reading: pass on d100 ≥ 101 − rating.
	MoraleHigh MoraleRule = "high"
	// MoraleLow is the house rule: pass on d100 ≤ rating.
	MoraleLow MoraleRule = "low"
)

// DefaultMorale is the morale rating of a unit or officer the umpire has not rated (C5).
const DefaultMorale = 50

// ReadingC5 is the morale reading in force.
func ReadingC5(rule MoraleRule) rules.Reading {
	if rule == MoraleLow {
		return rules.Reading{ID: "house rule", Text: "morale-pass=low: a morale test passes on d100 at or under the rating"}
	}
	return rules.Reading{ID: "C5", Text: "the text gives no pass number: a test passes with the rating's chance, on a HIGH roll, d100 ≥ 101 − rating (high rolls pass because close combat keeps them as the combat rolls)"}
}

// CheckRating refuses a morale rating outside 0–100%.
func CheckRating(who string, rating int) error {
	if rating < 0 || rating > 100 {
		return rules.Breachf("%s's morale rating must be 0 to 100%% (it is %d).", who, rating)
	}
	return nil
}

// Passes reports whether a d100 roll passes a test at the rating.
func Passes(roll, rating int, rule MoraleRule) bool {
	if rule == MoraleLow {
		return roll <= rating
	}
	return roll >= 101-rating
}

// need is what a roll must make: "≥ 51", "≤ 50", "any roll" (at 0% no roll
// can: "≥ 101", "≤ 0").
func need(rating int, rule MoraleRule) string {
	switch {
	case rating >= 100:
		return "any roll"
	case rule == MoraleLow:
		return fmt.Sprintf("≤ %d", rating)
	}
	return fmt.Sprintf("≥ %d", 101-rating)
}

// A MoraleOutcome is the result of a morale test.
type MoraleOutcome struct {
	Passed bool
	// Roll is the d100 as read; close combat keeps it as the combat roll.
	Roll int
}

// Summary is the test in a few words for the battle's log: "passes (62)".
func (o MoraleOutcome) Summary() string {
	if o.Passed {
		return fmt.Sprintf("passes (%d)", o.Roll)
	}
	return fmt.Sprintf("fails (%d)", o.Roll)
}

// moraleStep rolls one test and returns it as a step.
func moraleStep(src dice.Source, what string, rating int, rule MoraleRule) (rules.Step, MoraleOutcome) {
	roll := D100(src)
	out := MoraleOutcome{Passed: Passes(roll.Total, rating, rule), Roll: roll.Total}
	s := rules.Step{What: what, Roll: roll, Table: "morale", Row: fmt.Sprintf("rating %d%%", rating),
		Need: need(rating, rule), Result: "fails"}
	if out.Passed {
		s.Result = "passes"
	}
	return s, out
}

// MoraleTest rolls a unit's morale test, or an officer's ("officer morale": can he
// perform the task?). The chance of passing is the rating (C5).
func MoraleTest(src dice.Source, who string, rating int, officer bool, rule MoraleRule) (rules.Ruling, MoraleOutcome, error) {
	if err := CheckRating(who, rating); err != nil {
		return rules.Ruling{}, MoraleOutcome{}, err
	}
	kind := "Morale"
	if officer {
		kind = "Officer morale"
	}
	step, out := moraleStep(src, who+" tests "+lower(kind), rating, rule)
	r := rules.Ruling{
		Ruleset:  ID,
		Title:    fmt.Sprintf("%s: %s", kind, who),
		Steps:    []rules.Step{step},
		Odds:     []rules.Chance{{Outcome: "pass", P: float64(rating) / 100}, {Outcome: "fail", P: float64(100-rating) / 100}},
		Readings: []rules.Reading{ReadingC5(rule), ReadingC1},
	}
	if out.Passed {
		r.Result = fmt.Sprintf("%s passes (%d).", who, out.Roll)
		if officer {
			r.Result = fmt.Sprintf("%s passes officer morale (%d): he can do it.", who, out.Roll)
		}
	} else {
		r.Result = fmt.Sprintf("%s fails (%d).", who, out.Roll)
		if officer {
			r.Result = fmt.Sprintf("%s fails officer morale (%d): he may not.", who, out.Roll)
		}
	}
	r.Result = rules.Capital(r.Result)
	return r, out, nil
}

func lower(s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	if b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}
