package firing2007

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// HitScore is the score that removes a strength point (F3): 7 or more.
const HitScore = 7

// A Target is the unit fired at, as far as it is known: a quick ruling may know
// neither its strength nor its basic morale.
type Target struct {
	Name string
	// Strength is its strength points before the fire, when HasStrength.
	Strength    int
	HasStrength bool
	// Morale is its basic morale, when HasMorale.
	Morale    int
	HasMorale bool
	// Shaken: it is already shaken.
	Shaken bool
	// Generals are the generals with the unit, at risk if it loses strength.
	Generals []General
}

// An Outcome is what one fire did.
type Outcome struct {
	// Score is the 2d6 plus the factors.
	Score int
	// Lost: the target loses 1 strength point.
	Lost bool
	// Shaken: the score exceeded the target's basic morale (false when its morale is
	// not known).
	Shaken   bool
	Generals []GeneralOutcome
}

// LossChance is the chance that 2d6 plus a factor total of f removes a strength
// point: P(2d6 ≥ 7 − f).
func LossChance(f int) float64 { return twoD6.AtLeast(HitScore - f) }

// ShakeChance is the chance that 2d6 plus a factor total of f exceeds a basic morale.
func ShakeChance(f, morale int) float64 { return twoD6.AtLeast(morale + 1 - f) }

// Fire resolves one unit's fire (F3–F5): the range band, 2d6 plus every factor
// that applies, a strength point lost on 7 or more, the target shaken when the
// same score exceeds its basic morale, and, when it loses strength, a risk roll
// for each general with it. A shot the rules do not allow is a *rules.Breach and
// rolls nothing.
func Fire(src dice.Source, firer string, s Shot, t Target) (rules.Ruling, Outcome, error) {
	if t.HasStrength && t.Strength < 1 {
		return rules.Ruling{}, Outcome{}, rules.Breachf("%s has no strength points left to lose.", bold(t.Name))
	}
	sf, err := Factors(s)
	if err != nil {
		return rules.Ruling{}, Outcome{}, err
	}
	reach, mods, readings := sf.Reach, sf.Modifiers, sf.Readings
	f := rules.Sum(mods)
	a, b := src.Roll(6), src.Roll(6)
	out := Outcome{Score: a + b + f}
	out.Lost = out.Score >= HitScore
	out.Shaken = t.HasMorale && out.Score > t.Morale

	target := t.Name
	if target == "" {
		target = "the target"
	}
	need := fmt.Sprintf("%d+ to remove a strength point", HitScore)
	if t.HasMorale {
		need += fmt.Sprintf(", more than %d (basic morale) to shake", t.Morale)
	}
	var hit []string
	if out.Lost {
		hit = append(hit, "loses 1 strength point")
	} else {
		hit = append(hit, "no loss")
	}
	if out.Shaken {
		hit = append(hit, "shaken")
	} else if t.HasMorale {
		hit = append(hit, "morale holds")
	}
	step := rules.Step{
		What:      firer + " fires",
		Roll:      rules.Roll{Notation: "2d6", Faces: []int{a, b}, Total: a + b},
		Row:       fmt.Sprintf("%s, %s range %s", reach.Row.Weapon, reach.Band, reach.Span),
		Modifiers: mods,
		Need:      need,
		Result:    fmt.Sprintf("score %d: %s", out.Score, strings.Join(hit, ", ")),
	}
	r := rules.Ruling{
		Ruleset:  ID,
		Title:    fmt.Sprintf("Fire: %s at %s, %s\"", firer, target, inches(s.Distance)),
		Steps:    []rules.Step{step},
		Readings: readings,
	}

	var res []string
	switch {
	case out.Lost && t.HasStrength:
		res = append(res, fmt.Sprintf("%s loses 1 strength point (%d → %d)", target, t.Strength, t.Strength-1))
	case out.Lost:
		res = append(res, fmt.Sprintf("%s loses 1 strength point", target))
	default:
		res = append(res, fmt.Sprintf("%s loses no strength", target))
	}
	switch {
	case out.Shaken && t.Shaken:
		res = append(res, fmt.Sprintf("the score %d beats its basic morale %d (it was already shaken)", out.Score, t.Morale))
	case out.Shaken:
		res = append(res, fmt.Sprintf("is shaken (score %d beats basic morale %d)", out.Score, t.Morale))
	case t.HasMorale:
		res = append(res, fmt.Sprintf("its morale holds (score %d, basic morale %d)", out.Score, t.Morale))
	default:
		res = append(res, fmt.Sprintf("it is shaken if its basic morale is less than %d", out.Score))
	}
	r.Result = joinSentence(res)

	r.Odds = append(r.Odds, rules.Chance{Outcome: "loses 1 strength point", P: LossChance(f)}, rules.Chance{Outcome: "no loss", P: 1 - LossChance(f)})
	if t.HasMorale {
		r.Odds = append(r.Odds, rules.Chance{Outcome: "shaken", P: ShakeChance(f, t.Morale)})
	}
	for _, g := range t.Generals {
		for _, c := range RiskChances(g.LightWounds) {
			if c.Outcome == Unhurt.String() {
				continue
			}
			r.Odds = append(r.Odds, rules.Chance{Outcome: rules.Capital(generalName(g.Name)) + ": " + c.Outcome, P: LossChance(f) * c.P})
		}
	}

	if out.Lost {
		for _, g := range t.Generals {
			gs, gout := RiskRoll(src, g)
			r.Steps = append(r.Steps, gs)
			out.Generals = append(out.Generals, gout)
			r.Result += " " + generalSentence(gout)
			if gout.Fate == Killed {
				r.Readings = append(r.Readings, ReadingChain)
			}
		}
	}
	return r, out, nil
}

// Summary is what the fire came to, in a few words for the battle's log:
// "score 9, -1 SP, shaken, Wolfe wounded".
func (o Outcome) Summary() string {
	parts := []string{fmt.Sprintf("score %d", o.Score), "no loss"}
	if o.Lost {
		parts[1] = "-1 SP"
	}
	if o.Shaken {
		parts = append(parts, "shaken")
	}
	for _, g := range o.Generals {
		if g.Fate != Unhurt {
			parts = append(parts, g.Name+" "+g.Fate.Short())
		}
	}
	return strings.Join(parts, ", ")
}
