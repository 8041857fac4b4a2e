package crimea

import (
	"fmt"
	"math"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A FireRow is one line of the firing system: the chance of a hit per stand.
type FireRow struct {
	Nationalities []Nationality
	Arm           Arm
	// Ammo is empty for infantry.
	Ammo    Ammo
	Label   string
	Percent int
}

// FireChances is "Firing system": each firing stand's chance of a hit.
var FireChances = []FireRow{
	{[]Nationality{British}, Infantry, "", "British infantry", 25},
	{[]Nationality{French}, Infantry, "", "French infantry", 20},
	{[]Nationality{British, French}, Artillery, Ball, "French/British artillery, ball/shell", 20},
	{[]Nationality{British, French}, Artillery, Canister, "French/British artillery, canister", 30},
	{[]Nationality{RussianTroop}, Infantry, "", "Russian infantry", 10},
	{[]Nationality{RussianTroop}, Artillery, Ball, "Russian artillery, ball", 10},
	{[]Nationality{RussianTroop}, Artillery, Canister, "Russian artillery, canister", 20},
}

// ColumnMultiplier is the target multiplier for a column, from the text's example.
const ColumnMultiplier = 1.5

// ReadingC7 is the firing reading.
var ReadingC7 = rules.Reading{ID: "C7", Text: "the stands' chances are added and multiplied by the target's modifier (a column ×1.5, from the text's example; the other multipliers were lost, so the umpire names any others); each full 100% removes a stand, the remainder is rolled"}

// FireChance looks up the chance per stand.
func FireChance(n Nationality, t UnitType, ammo Ammo) (FireRow, error) {
	arm := t.Arm()
	if arm == Cavalry {
		return FireRow{}, rules.Breachf("Cavalry has no fire in these rules; only infantry and artillery stands fire.")
	}
	if arm == Artillery && ammo == "" {
		return FireRow{}, rules.Breachf("Say what the guns fire: ball (ball/shell) or canister.")
	}
	if arm == Infantry {
		ammo = ""
	}
	for _, r := range FireChances {
		if r.Arm != arm || r.Ammo != ammo {
			continue
		}
		for _, rn := range r.Nationalities {
			if rn == n {
				return r, nil
			}
		}
	}
	return FireRow{}, rules.Breachf("The firing system has no chance for %s %s firing %s.", n, t, ammo)
}

// A FireGroup is stands of one kind firing together.
type FireGroup struct {
	Name        string
	Nationality Nationality
	Type        UnitType
	Ammo        Ammo
	Stands      int
}

// A Multiplier is a target multiplier the umpire names ("in cover ×0.5").
type Multiplier struct {
	Factor float64
	Reason string
}

// A FireInput is everything one fire depends on.
type FireInput struct {
	Firers       []FireGroup
	Target       string
	TargetColumn bool
	Multipliers  []Multiplier
}

// A FireOutcome is what the fire did.
type FireOutcome struct {
	// Chance is the total chance of a hit, in percent.
	Chance    float64
	Automatic int
	// Remainder is the chance left after the automatic stands; Roll is the d100
	// rolled against it (0 when nothing was rolled).
	Remainder float64
	Roll      int
	// Hits is the stands removed.
	Hits int
}

// eps absorbs float error in products like 3 × 25% × 1.5 before flooring.
const eps = 1e-9

// Fire resolves a fire by stands (C7): the stands' chances added, multiplied by
// the target's modifiers, one stand removed for each full 100% and the remainder
// rolled: a d100 at or under it removes one more.
func Fire(src dice.Source, in FireInput) (rules.Ruling, FireOutcome, error) {
	if len(in.Firers) == 0 {
		return rules.Ruling{}, FireOutcome{}, rules.Breachf("Name the stands firing.")
	}
	var terms []string
	total := 0
	var names []string
	for _, g := range in.Firers {
		if g.Stands < 1 {
			return rules.Ruling{}, FireOutcome{}, rules.Breachf("%s has no stands to fire.", g.Name)
		}
		row, err := FireChance(g.Nationality, g.Type, g.Ammo)
		if err != nil {
			return rules.Ruling{}, FireOutcome{}, err
		}
		total += row.Percent * g.Stands
		terms = append(terms, fmt.Sprintf("%s × %d%% %s", rules.Plural(g.Stands, "stand", "stands"), row.Percent, row.Label))
		names = append(names, g.Name)
	}
	working := strings.Join(terms, " + ") + fmt.Sprintf(" = %d%%", total)
	pct := float64(total)
	var mults []Multiplier
	if in.TargetColumn {
		mults = append(mults, Multiplier{Factor: ColumnMultiplier, Reason: "column target"})
	}
	for _, m := range in.Multipliers {
		if m.Factor <= 0 || math.IsNaN(m.Factor) || math.IsInf(m.Factor, 0) || m.Factor > 10 {
			return rules.Ruling{}, FireOutcome{}, rules.Breachf("A target multiplier must be more than 0 and at most 10 (%s).", m.Reason)
		}
		mults = append(mults, m)
	}
	for _, m := range mults {
		pct *= m.Factor
		reason := m.Reason
		if reason == "" {
			reason = "umpire's multiplier"
		}
		working += fmt.Sprintf(" × %s %s = %s", trimFloat(m.Factor), reason, percent(pct))
	}
	out := FireOutcome{Chance: pct}
	out.Automatic = int(math.Floor(pct/100 + eps))
	out.Remainder = pct - float64(out.Automatic)*100
	if out.Remainder < eps {
		out.Remainder = 0
	}
	// A d100 at or under the remainder hits: the rolls that can are 1..floor(rem).
	hitOn := int(math.Floor(out.Remainder + eps))
	target := in.Target
	if target == "" {
		target = "the target"
	}
	who := strings.Join(names, " and ")
	r := rules.Ruling{
		Ruleset:  ID,
		Title:    fmt.Sprintf("Fire: %s at %s", who, target),
		Readings: []rules.Reading{ReadingC7, ReadingC1},
	}
	auto := fmt.Sprintf("%s automatic", standsText(out.Automatic))
	step := rules.Step{What: "chance of a hit", Worked: working,
		Result: fmt.Sprintf("%s, %s left to roll", auto, percent(out.Remainder))}
	if out.Remainder == 0 {
		step.Result = auto + ", nothing left to roll"
	}
	r.Steps = append(r.Steps, step)
	out.Hits = out.Automatic
	p := 0.0
	if out.Remainder > 0 {
		roll := D100(src)
		out.Roll = roll.Total
		s := rules.Step{What: "remainder " + percent(out.Remainder), Roll: roll, Need: fmt.Sprintf("≤ %s", percent(out.Remainder)), Result: "miss"}
		if hitOn < 1 {
			s.Need = fmt.Sprintf("≤ %s (no roll can make it)", percent(out.Remainder))
		}
		if roll.Total <= hitOn {
			out.Hits++
			s.Result = "hit: one more stand"
		}
		r.Steps = append(r.Steps, s)
		p = float64(hitOn) / 100
	}
	r.Result = fmt.Sprintf("%s removes %s from %s.", who, rules.Plural(out.Hits, "stand", "stands"), target)
	if out.Hits == 0 {
		r.Result = fmt.Sprintf("%s removes no stand from %s.", who, target)
	}
	if p > 0 {
		r.Odds = []rules.Chance{
			{Outcome: standsText(out.Automatic), P: 1 - p},
			{Outcome: standsText(out.Automatic + 1), P: p},
		}
	} else {
		r.Odds = []rules.Chance{{Outcome: standsText(out.Automatic), P: 1}}
	}
	return r, out, nil
}

// percent renders a chance: "150%", "37.5%".
func percent(p float64) string { return trimFloat(p) + "%" }

// trimFloat renders a number without trailing zeros: "1.5", "150", "37.5".
func trimFloat(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// standsText is "no stand", "1 stand", "2 stands".
func standsText(n int) string {
	if n == 0 {
		return "no stand"
	}
	return rules.Plural(n, "stand", "stands")
}
