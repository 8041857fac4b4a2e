package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A Combatant is one unit in a close combat.
type Combatant struct {
	Name      string
	Type      UnitType
	Formation Formation
	Morale    int
	// Officer is the officer attached to the unit ("" for none; one per unit).
	Officer    string
	LostToFire int
	Disordered bool
}

// A Facing is which face of the defender the attacker reaches.
type Facing string

// Facings.
const (
	Front Facing = "front"
	Flank Facing = "flank"
	Rear  Facing = "rear"
)

// Facings lists the faces a charge may reach, the front first.
var Facings = []Facing{Front, Flank, Rear}

// ParseFacing reads the face a charge reaches.
func ParseFacing(s string) (Facing, error) { return parse(s, "A facing", Facings) }

// TieRule is how equal combat totals read (house rule combat-tie).
type TieRule string

// Tie rules.
const (
	// TieHold is the reading: both hold, no result.
	TieHold TieRule = "hold"
	// TieDefender gives a tie to the defender.
	TieDefender TieRule = "defender"
)

// CasualtyRule is whether both casualty rules can apply to one side (house rule
// combat-casualties).
type CasualtyRule string

// Casualty rules.
const (
	// CasualtiesBoth is the reading: both rules can apply, up to 2 stands.
	CasualtiesBoth CasualtyRule = "both"
	// CasualtiesOne caps a side's loss at 1 stand.
	CasualtiesOne CasualtyRule = "one"
)

// A CombatInput is everything one close combat depends on.
type CombatInput struct {
	Attacker, Defender Combatant
	Facing             Facing
	// Uphill: the attacker goes uphill to reach the defender.
	Uphill     bool
	Morale     MoraleRule
	Tie        TieRule
	Casualties CasualtyRule
}

// A CombatOutcome is what the close combat did.
type CombatOutcome struct {
	AttackerPassed, DefenderPassed bool
	// Totals are the saved morale rolls with their modifiers (0 if no combat).
	AttackerTotal, DefenderTotal int
	// Winner is "attacker", "defender", or "" (a tie, or no combat).
	Winner                                       string
	AttackerLost, DefenderLost                   int
	AttackerOfficerKilled, DefenderOfficerKilled bool
}

// Summary is what the combat came to, in a few words for the battle's log:
// "attacker fails morale", "71 v 40, attacker wins, stands lost 0/2".
func (o CombatOutcome) Summary() string {
	switch {
	case !o.AttackerPassed:
		return "attacker fails morale"
	case !o.DefenderPassed:
		return "defender falls back"
	}
	w := "tie"
	if o.Winner != "" {
		w = o.Winner + " wins"
	}
	return fmt.Sprintf("%d v %d, %s, stands lost %d/%d", o.AttackerTotal, o.DefenderTotal, w, o.AttackerLost, o.DefenderLost)
}

// Close combat modifiers ("Close Combat": add to attacker's / defender's die roll).
const (
	ModOfficer        = 10
	ModCavalryVsFoot  = 10
	ModRear           = 10
	ModUphill         = -10
	ModPerStandLost   = -10
	ModArtilleryFront = -10
	ModWorks          = 10
	ModDisordered     = -10
)

// Casualty thresholds and the officer casualty band.
const (
	CasualtyTotal  = 60
	CasualtyMargin = 20
	OfficerKilled  = 95
)

// AttackerModifiers are the modifiers to the attacker's saved roll.
func AttackerModifiers(in CombatInput) []rules.Modifier {
	var m []rules.Modifier
	if in.Attacker.Officer != "" {
		m = append(m, rules.Modifier{Value: ModOfficer, Reason: "officer attached (" + in.Attacker.Officer + ")", Short: "officer attached"})
	}
	if in.Attacker.Type.Arm() == Cavalry && in.Defender.Type.Arm() == Infantry &&
		in.Defender.Formation != Square && in.Defender.Formation != Works {
		m = append(m, rules.Modifier{Value: ModCavalryVsFoot, Reason: "cavalry attacking infantry not in square or works", Short: "cavalry v. infantry"})
	}
	if in.Facing == Rear {
		m = append(m, rules.Modifier{Value: ModRear, Reason: "attacking from the rear"})
	}
	if in.Uphill {
		m = append(m, rules.Modifier{Value: ModUphill, Reason: "attacking uphill"})
	}
	if n := in.Attacker.LostToFire; n > 0 {
		m = append(m, rules.Modifier{Value: ModPerStandLost * n, Reason: rules.Plural(n, "stand", "stands") + " lost to fire this turn", Short: rules.Plural(n, "stand", "stands") + " lost"})
	}
	if in.Defender.Type.Arm() == Artillery && in.Facing == Front {
		m = append(m, rules.Modifier{Value: ModArtilleryFront, Reason: "attacking artillery frontally"})
	}
	return m
}

// DefenderModifiers are the modifiers to the defender's saved roll.
func DefenderModifiers(in CombatInput) []rules.Modifier {
	var m []rules.Modifier
	if in.Defender.Officer != "" {
		m = append(m, rules.Modifier{Value: ModOfficer, Reason: "officer attached (" + in.Defender.Officer + ")", Short: "officer attached"})
	}
	if in.Defender.Formation == Works {
		m = append(m, rules.Modifier{Value: ModWorks, Reason: "defending works"})
	}
	if n := in.Defender.LostToFire; n > 0 {
		m = append(m, rules.Modifier{Value: ModPerStandLost * n, Reason: rules.Plural(n, "stand", "stands") + " lost to fire this turn", Short: rules.Plural(n, "stand", "stands") + " lost"})
	}
	if in.Defender.Disordered {
		m = append(m, rules.Modifier{Value: ModDisordered, Reason: "disordered"})
	}
	return m
}

// noCavalryBonus is the reading that says why cavalry attacking infantry has
// no +10: the infantry is in square or in works.
func noCavalryBonus(in CombatInput) (rules.Reading, bool) {
	d := in.Defender
	if in.Attacker.Type.Arm() != Cavalry || d.Type.Arm() != Infantry || d.Formation != Square && d.Formation != Works {
		return rules.Reading{}, false
	}
	return rules.Reading{ID: "C8", Text: fmt.Sprintf("no +10 for %s: %s is infantry in %s, and cavalry has +10 only against infantry not in square or works",
		in.Attacker.Name, d.Name, d.Formation)}, true
}

// ReadingC8Rolls says where the combat rolls come from.
var ReadingC8Rolls = rules.Reading{ID: "C8", Text: "\"save both die rolls\": the two morale rolls themselves are the combat rolls"}

// ReadingTie is the tie reading in force.
func ReadingTie(t TieRule) rules.Reading {
	if t == TieDefender {
		return rules.Reading{ID: "house rule", Text: "combat-tie=defender: equal totals go to the defender"}
	}
	return rules.Reading{ID: "C8", Text: "the text has no tie rule: equal totals, both hold and neither wins (the casualty rules still apply)"}
}

// ReadingCasualties is the casualty reading in force.
func ReadingCasualties(c CasualtyRule) rules.Reading {
	if c == CasualtiesOne {
		return rules.Reading{ID: "house rule", Text: "combat-casualties=one: a side loses at most 1 stand in a close combat"}
	}
	return rules.Reading{ID: "C8", Text: "both casualty rules are checked for each side and both can apply (up to 2 stands)"}
}

// Casualties is the stands a side loses given its total and the enemy's, with
// the reasons.
func Casualties(own, enemy int, rule CasualtyRule) (int, []string) {
	n := 0
	var why []string
	if enemy >= CasualtyTotal {
		n++
		why = append(why, fmt.Sprintf("enemy total %d is %d or more", enemy, CasualtyTotal))
	}
	if enemy-own >= CasualtyMargin {
		n++
		why = append(why, fmt.Sprintf("enemy total beats %d by %d (%d or more)", own, enemy-own, CasualtyMargin))
	}
	if rule == CasualtiesOne && n > 1 {
		n = 1
	}
	return n, why
}

// Winner compares the totals: "attacker", "defender" or "".
func Winner(a, d int, t TieRule) string {
	switch {
	case a > d:
		return "attacker"
	case d > a:
		return "defender"
	case t == TieDefender:
		return "defender"
	}
	return ""
}

// CloseCombat resolves a close combat (C8): the attacker tests morale, then the
// defender; if both pass, the two morale rolls are kept as the combat rolls, each
// with its modifiers, the higher total wins, each side checks both casualty rules
// and a side that loses a stand rolls for its attached officer (95–100 killed).
func CloseCombat(src dice.Source, in CombatInput) (rules.Ruling, CombatOutcome, error) {
	if in.Facing == "" {
		in.Facing = Front
	}
	r, out, err := closeCombat(src, in)
	if err == nil {
		r.Odds = combatOdds(in)
	}
	return r, out, err
}

// closeCombat is CloseCombat without the odds.
func closeCombat(src dice.Source, in CombatInput) (rules.Ruling, CombatOutcome, error) {
	a, d := in.Attacker, in.Defender
	for _, c := range []Combatant{a, d} {
		if err := CheckRating(c.Name, c.Morale); err != nil {
			return rules.Ruling{}, CombatOutcome{}, err
		}
		if c.LostToFire < 0 {
			return rules.Ruling{}, CombatOutcome{}, rules.Breachf("%s cannot have lost fewer than 0 stands to fire.", c.Name)
		}
	}
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Close combat: %s attacks %s", a.Name, d.Name)}
	r.Readings = []rules.Reading{ReadingC5(in.Morale)}
	if rd, ok := noCavalryBonus(in); ok {
		r.Readings = append(r.Readings, rd)
	}
	var out CombatOutcome

	sa, ma := moraleStep(src, a.Name+" (attacker) tests morale", a.Morale, in.Morale)
	out.AttackerPassed = ma.Passed
	if !ma.Passed {
		sa.Result = "fails: no charge"
		r.Steps = append(r.Steps, sa)
		r.Result = fmt.Sprintf("%s fails its morale (%d): it returns to its starting position or moves back one normal move.", a.Name, ma.Roll)
		r.Readings = append(r.Readings, ReadingC1)
		return r, out, nil
	}
	sa.Result = "passes: roll saved"
	r.Steps = append(r.Steps, sa)
	sd, md := moraleStep(src, d.Name+" (defender) tests morale", d.Morale, in.Morale)
	out.DefenderPassed = md.Passed
	if !md.Passed {
		sd.Result = "fails: falls back"
		r.Steps = append(r.Steps, sd)
		r.Result = fmt.Sprintf("%s passes (%d) but %s fails its morale (%d): %s moves back one normal move.", a.Name, ma.Roll, d.Name, md.Roll, d.Name)
		r.Readings = append(r.Readings, ReadingC1)
		return r, out, nil
	}
	sd.Result = "passes: roll saved"
	r.Steps = append(r.Steps, sd)

	amods, dmods := AttackerModifiers(in), DefenderModifiers(in)
	out.AttackerTotal = ma.Roll + rules.Sum(amods)
	out.DefenderTotal = md.Roll + rules.Sum(dmods)
	r.Steps = append(r.Steps,
		rules.Step{What: possessive(a.Name) + " combat total", Table: "saved morale roll", Base: intp(ma.Roll), Modifiers: amods,
			Result: fmt.Sprint(out.AttackerTotal)},
		rules.Step{What: possessive(d.Name) + " combat total", Table: "saved morale roll", Base: intp(md.Roll), Modifiers: dmods,
			Result: fmt.Sprint(out.DefenderTotal)})
	r.Readings = append(r.Readings, ReadingC8Rolls)
	out.Winner = Winner(out.AttackerTotal, out.DefenderTotal, in.Tie)
	if out.AttackerTotal == out.DefenderTotal {
		r.Readings = append(r.Readings, ReadingTie(in.Tie))
	}

	var lines []string
	switch out.Winner {
	case "attacker":
		lines = append(lines, fmt.Sprintf("%s wins, %d to %d.", a.Name, out.AttackerTotal, out.DefenderTotal))
	case "defender":
		lines = append(lines, fmt.Sprintf("%s wins, %d to %d.", d.Name, out.DefenderTotal, out.AttackerTotal))
	default:
		lines = append(lines, fmt.Sprintf("A tie at %d: both hold.", out.AttackerTotal))
	}
	var why []string
	out.AttackerLost, why = Casualties(out.AttackerTotal, out.DefenderTotal, in.Casualties)
	r.Steps = append(r.Steps, casualtyStep(a.Name, out.AttackerLost, why))
	out.DefenderLost, why = Casualties(out.DefenderTotal, out.AttackerTotal, in.Casualties)
	r.Steps = append(r.Steps, casualtyStep(d.Name, out.DefenderLost, why))
	r.Readings = append(r.Readings, ReadingCasualties(in.Casualties))
	for _, side := range []struct {
		c      Combatant
		lost   int
		killed *bool
	}{{a, out.AttackerLost, &out.AttackerOfficerKilled}, {d, out.DefenderLost, &out.DefenderOfficerKilled}} {
		if side.lost > 0 {
			lines = append(lines, fmt.Sprintf("%s loses %s.", side.c.Name, rules.Plural(side.lost, "stand", "stands")))
		}
		if side.lost == 0 || side.c.Officer == "" {
			continue
		}
		s, killed := officerCasualty(src, side.c.Officer, side.c.Name)
		r.Steps = append(r.Steps, s)
		*side.killed = killed
		if killed {
			lines = append(lines, fmt.Sprintf("%s is killed.", side.c.Officer))
		}
	}
	if out.AttackerLost == 0 && out.DefenderLost == 0 {
		lines = append(lines, "Neither side loses a stand.")
	}
	r.Result = strings.Join(lines, " ")
	r.Readings = append(r.Readings, ReadingC1)
	return r, out, nil
}

func casualtyStep(name string, lost int, why []string) rules.Step {
	s := rules.Step{What: possessive(name) + " casualties", Result: "no loss"}
	if len(why) > 0 {
		s.Row = strings.Join(why, "; ")
	} else {
		s.Row = fmt.Sprintf("enemy total under %d and not %d ahead", CasualtyTotal, CasualtyMargin)
	}
	if lost > 0 {
		s.Result = "loses " + rules.Plural(lost, "stand", "stands")
	}
	return s
}

// officerCasualty rolls for the officer attached to a side that took casualties:
// 95–100 he is killed.
func officerCasualty(src dice.Source, officer, unit string) (rules.Step, bool) {
	roll := D100(src)
	s := rules.Step{What: fmt.Sprintf("%s, attached to %s", officer, unit), Roll: roll, Table: "officer casualties",
		Need: fmt.Sprintf("%d–100 killed", OfficerKilled), Result: "unhurt"}
	if roll.Total >= OfficerKilled {
		s.Result = "killed"
		return s, true
	}
	return s, false
}

// OfficerCasualtyChance is the chance an attached officer is killed when his side
// takes casualties.
const OfficerCasualtyChance = float64(100-OfficerKilled+1) / 100

// combatOdds enumerates every pair of morale rolls.
func combatOdds(in CombatInput) []rules.Chance {
	amod, dmod := rules.Sum(AttackerModifiers(in)), rules.Sum(DefenderModifiers(in))
	var turned, fell, aw, dw, tie, aLoss, dLoss float64
	const p = 1.0 / 10000
	for ra := 1; ra <= 100; ra++ {
		if !Passes(ra, in.Attacker.Morale, in.Morale) {
			turned += 100 * p
			continue
		}
		for rd := 1; rd <= 100; rd++ {
			if !Passes(rd, in.Defender.Morale, in.Morale) {
				fell += p
				continue
			}
			at, dt := ra+amod, rd+dmod
			switch Winner(at, dt, in.Tie) {
			case "attacker":
				aw += p
			case "defender":
				dw += p
			default:
				tie += p
			}
			if dt >= CasualtyTotal || dt-at >= CasualtyMargin {
				aLoss += p
			}
			if at >= CasualtyTotal || at-dt >= CasualtyMargin {
				dLoss += p
			}
		}
	}
	odds := []rules.Chance{
		{Outcome: "attacker fails morale", P: turned},
		{Outcome: "defender falls back", P: fell},
		{Outcome: "attacker wins", P: aw},
		{Outcome: "defender wins", P: dw},
	}
	if in.Tie != TieDefender {
		odds = append(odds, rules.Chance{Outcome: "tie, both hold", P: tie})
	}
	odds = append(odds,
		rules.Chance{Outcome: "attacker loses a stand or more", P: aLoss},
		rules.Chance{Outcome: "defender loses a stand or more", P: dLoss})
	if in.Attacker.Officer != "" {
		odds = append(odds, rules.Chance{Outcome: in.Attacker.Officer + " killed", P: aLoss * OfficerCasualtyChance})
	}
	if in.Defender.Officer != "" {
		odds = append(odds, rules.Chance{Outcome: in.Defender.Officer + " killed", P: dLoss * OfficerCasualtyChance})
	}
	return odds
}

// possessive is "Odessa Regiment's", "17th Lancers'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
