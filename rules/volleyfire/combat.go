package volleyfire

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Facing is where a charge strikes the unit charged (Combat).
type Facing string

// Facings.
const (
	Front Facing = "front"
	Flank Facing = "flank"
	Rear  Facing = "rear"
)

// Facings lists where a charge may strike, front first.
var Facings = []Facing{Front, Flank, Rear}

// A Fighter is a unit in a combat and whether it charged into it.
type Fighter struct {
	Unit
	Charged bool
}

// A Fight is one close combat (Combat): the charging side (the first unit is the
// first charger) against the side charged (the first unit is the one charged).
// Allies on a side add their hits.
type Fight struct {
	Chargers  []Fighter
	Defenders []Fighter
	Facing    Facing
	// SideBases is how many of the charged unit's bases stand on a flank charged
	// (0: the reading's default for its formation).
	SideBases int
	House     House
}

// A CombatOutcome is what the roster takes from a combat.
type CombatOutcome struct {
	// RearDestroyed: the unit charged was charged from behind and is destroyed.
	RearDestroyed bool
	ChargerHits   int
	DefenderHits  int
	// Loser is 1 when the charging side lost, -1 when the side charged lost, 0 on a draw.
	Loser int
	// Wounded is the unit the wounds fell on (the first of the losing side), Loss what they did.
	Wounded string
	Loss    Loss
}

// FlankBases is the reading's number of bases of u that fight a flank charge
// (ReadingFlank).
func FlankBases(u Unit) int {
	switch {
	case u.Kind == Artillery:
		return 1
	case u.Formation == Line:
		return min(2, u.Bases)
	case u.Formation == Skirmish:
		return 1
	}
	return u.Bases
}

// A share is one unit's part in a combat: its dice, rerolls and why.
type share struct {
	f       Fighter
	dice    int
	rerolls int
	mods    []rules.Modifier
	// worked is how dice comes from the unit's bases, when it is not one
	// die a base, and the rerolls it has: "4 bases +1 charging; 2 rerolls:
	// swords".
	worked string
}

// Rerolls lists the rerolls u has fighting enemy (the enemy unit it faces), with
// the readings that applied (V7).
func Rerolls(u Unit, enemy Unit, h House) (mods []rules.Modifier, readings []rules.Reading) {
	add := func(name string) {
		mods = append(mods, rules.Modifier{Value: rerollsOf(name), Reason: name})
	}
	square := u.Mounted() && enemy.Formation == Square
	if square {
		readings = append(readings, V2, V2a)
		if h.SquareAsInfantry {
			readings = append(readings, houseReading(HouseSquareCavalry, "as-infantry"))
		}
	}
	if u.Mounted() && enemy.CountsAsInfantry() && !square {
		add("mounted against infantry")
	}
	arms, byDefault := u.CombatArms()
	if square && h.SquareAsInfantry {
		arms = Bayonets
	}
	switch arms {
	case Swords:
		add("swords")
	case Bayonets:
		add("bayonets")
	}
	if byDefault && arms != NoArms {
		readings = append(readings, ReadingArms)
	}
	if u.Special == Dragoons {
		readings = append(readings, V4a)
	}
	if u.Elite {
		add("elite")
	}
	if u.Command {
		add("command")
		readings = append(readings, V8)
	}
	if u.Kind == Infantry && u.Nation == Polish {
		add("Polish infantry")
	}
	if u.Mounted() && enemy.Formation == Skirmish {
		add("cavalry against skirmishers")
		readings = append(readings, V2)
	}
	return mods, readings
}

// WoundNeed is what a wound roll needs against u in close combat: 5+, 6 against
// cuirassiers and Russians (Special Units, National Bonuses).
func WoundNeed(u Unit) (int, string) {
	switch {
	case u.Special == Cuirassiers:
		return HardWound, "6 against cuirassiers"
	case u.Nation == Russian:
		return HardWound, "6 against Russians in close combat"
	}
	return CombatWound, "5+ destroys"
}

// Combat resolves one round of close combat (V7, V8).
func Combat(src dice.Source, f Fight) (rules.Ruling, CombatOutcome, error) {
	r := rules.Ruling{Ruleset: ID, Readings: []rules.Reading{V7}}
	if len(f.Chargers) == 0 || len(f.Defenders) == 0 {
		return r, CombatOutcome{}, rules.Breachf("A combat needs a unit on each side.")
	}
	for _, side := range [][]Fighter{f.Chargers, f.Defenders} {
		for _, u := range side {
			if err := u.Validate(); err != nil {
				return r, CombatOutcome{}, err
			}
			if u.Kind == Command {
				return r, CombatOutcome{}, rules.Breachf("A command base fights with the unit it has joined.")
			}
		}
	}
	att, def := f.Chargers[0], f.Defenders[0]
	r.Title = fmt.Sprintf("Combat: %s against %s", names(f.Chargers), names(f.Defenders))
	if f.Facing == "" {
		f.Facing = Front
	}
	if f.Facing == Rear {
		loss := TakeLosses(def.Unit, def.Bases+1)
		loss.Routed = true
		r.Title = fmt.Sprintf("Charge from behind: %s charges %s", att.Label(), def.Label())
		r.Result = fmt.Sprintf("%s is charged from behind and destroyed.", def.Label())
		r.Odds = []rules.Chance{{Outcome: def.Label() + " destroyed", P: 1}}
		return r, CombatOutcome{RearDestroyed: true, Loser: -1, Wounded: def.Name, Loss: loss}, nil
	}

	shares := func(side []Fighter, enemy Unit, flanked bool) []share {
		var out []share
		for i, u := range side {
			s := share{f: u, dice: u.Bases}
			base := ""
			if u.Kind == Artillery {
				s.dice = 1
				base = "artillery as 1 base"
			}
			if flanked && i == 0 {
				side := f.SideBases
				if side <= 0 {
					side = FlankBases(u.Unit)
					r.Readings = append(r.Readings, ReadingFlank)
				}
				s.dice = min(s.dice, side)
				base = plural(s.dice, "base") + " on the flank"
			}
			if u.Charged {
				extra, why := ChargerBases, "charging"
				switch {
				case u.Special == Ulhans && enemy.Formation == Square:
					why = "Ulhans into a square"
					r.Readings = append(r.Readings, V2a)
				case u.Special == Ulhans:
					extra, why = UlhanBases, "charging Ulhans"
				}
				if base == "" {
					base = plural(s.dice, "base")
				}
				s.dice += extra
				base += fmt.Sprintf(" +%d %s", extra, why)
			}
			s.worked = base
			mods, rds := Rerolls(u.Unit, enemy, f.House)
			s.mods = mods
			s.rerolls = rules.Sum(mods)
			if s.rerolls > 0 {
				s.worked = strings.TrimPrefix(s.worked+"; "+rerollSources(s.rerolls, mods), "; ")
			}
			r.Readings = append(r.Readings, rds...)
			out = append(out, s)
		}
		return out
	}
	as := shares(f.Chargers, def.Unit, false)
	ds := shares(f.Defenders, att.Unit, f.Facing == Flank)

	again := f.House.RerollAgain
	if again {
		r.Readings = append(r.Readings, houseReading(HouseRerollSame, "again"))
	}
	// Every side rolls first; the rerolls are declared after the first roll (V7).
	all := append(append([]share(nil), as...), ds...)
	faces := make([][]int, len(all))
	hits := make([]int, len(all))
	for i, s := range all {
		faces[i], hits[i] = pool(src, s.dice, CombatHit, 0)
		r.Steps = append(r.Steps, rules.Step{
			What: fmt.Sprintf("%s: %s", s.f.Label(), dicePlural(s.dice)), Worked: s.worked, Roll: poolRoll(faces[i], hits[i]),
			Table: "combat", Need: "5+", Result: plural(hits[i], "hit"),
		})
		if s.rerolls > 0 && hits[i] == s.dice {
			r.Steps[len(r.Steps)-1].Result += fmt.Sprintf("; no misses to reroll (%s unused)", plural(s.rerolls, "reroll"))
		}
	}
	for i, s := range all {
		if s.rerolls == 0 || hits[i] == s.dice {
			continue
		}
		rr := reroll(src, faces[i], CombatHit, s.rerolls, again)
		h2 := count(rr.After, CombatHit)
		r.Steps = append(r.Steps, rules.Step{
			What: fmt.Sprintf("%s: %s rerolled (%s)", s.f.Label(), missPlural(rr.Used), rr.Said),
			Roll: poolRoll(rr.Faces, h2-hits[i]), Table: "rerolls", Need: "5+",
			Result: fmt.Sprintf("%s in all", plural(h2, "hit")),
		})
		hits[i] = h2
	}
	aHits, dHits := 0, 0
	for i := range all {
		if i < len(as) {
			aHits += hits[i]
		} else {
			dHits += hits[i]
		}
	}

	out := CombatOutcome{ChargerHits: aHits, DefenderHits: dHits}
	diff := aHits - dHits
	var loser Fighter
	switch {
	case diff > 0:
		out.Loser, loser = -1, def
	case diff < 0:
		out.Loser, loser, diff = 1, att, -diff
	}
	if (out.Loser == -1 && len(f.Defenders) > 1) || (out.Loser == 1 && len(f.Chargers) > 1) {
		r.Readings = append(r.Readings, ReadingWoundTarget)
	}
	if out.Loser == 0 {
		r.Result = fmt.Sprintf("%s each: no wounds; the units stay in combat.", plural(aHits, "hit"))
	} else {
		need, why := WoundNeed(loser.Unit)
		faces, wounds := pool(src, diff, need, 0)
		r.Steps = append(r.Steps, rules.Step{
			What: fmt.Sprintf("%s: %s against %s", hitsTo(aHits, dHits), plural(diff, "wound roll"), loser.Label()),
			Roll: poolRoll(faces, wounds), Table: "wounds", Row: why, Need: fmt.Sprintf("%d+", need),
			Result: plural(min(wounds, loser.Bases+b2i(loser.Command)), "base") + " destroyed",
		})
		out.Wounded = loser.Name
		out.Loss = TakeLosses(loser.Unit, wounds)
		if loser.Command {
			r.Readings = append(r.Readings, ReadingCommandBase)
		}
		if out.Loss.Routed {
			r.Readings = append(r.Readings, V1)
		}
		winners := f.Chargers
		if out.Loser == 1 {
			winners = f.Defenders
		}
		r.Result = fmt.Sprintf("%s %s: %s.", wins(winners), hitsTo(aHits, dHits), out.Loss.Describe(loser.Unit))
		if !out.Loss.Routed {
			r.Result += " The units stay in combat; either may break away with an action."
		}
	}
	r.Odds = combatOdds(as, ds, f, again)
	r.Rolled = rolledOutcomes(f, out, loser)
	r.Readings = dedupe(r.Readings)
	return r, out, nil
}

// combatOdds are the chances of each side winning and of the losses and routs
// that follow, with rerolls counted exactly.
func combatOdds(as, ds []share, f Fight, again bool) []rules.Chance {
	att, def := f.Chargers[0].Unit, f.Defenders[0].Unit
	side := func(ss []share) dice.Dist {
		d := dice.Constant(0)
		for _, s := range ss {
			d = d.Add(rerolledHits(s.dice, s.rerolls, 1.0/3, again))
		}
		return d
	}
	A, D := side(as), side(ds)
	needA, _ := WoundNeed(att)
	needD, _ := WoundNeed(def)
	qA, qD := pNeed(needA, 0), pNeed(needD, 0)
	// atLeast[d] are the chances that d wound rolls at q destroy 1+ and rout.
	type tail struct{ loss, rout float64 }
	tails := func(q float64, u Unit, n int) []tail {
		out := make([]tail, n+1)
		for d := 1; d <= n; d++ {
			w := binomial(d, q)
			out[d] = tail{w.AtLeast(1), w.AtLeast(max(lossesToRout(u), 1))}
		}
		return out
	}
	defT := tails(qD, def, A.Max())
	attT := tails(qA, att, D.Max())
	var win, draw, lose, defLoss, defRout, attLoss, attRout float64
	A.Values(func(a int, pa float64) {
		D.Values(func(d int, pd float64) {
			p := pa * pd
			switch diff := a - d; {
			case diff > 0:
				win += p
				defLoss += p * defT[diff].loss
				defRout += p * defT[diff].rout
			case diff < 0:
				lose += p
				attLoss += p * attT[-diff].loss
				attRout += p * attT[-diff].rout
			default:
				draw += p
			}
		})
	})
	cs := []rules.Chance{
		{Outcome: wins(f.Chargers), P: win},
		{Outcome: "drawn", P: draw},
		{Outcome: wins(f.Defenders), P: lose},
		{Outcome: def.Label() + " loses a base", P: defLoss},
		{Outcome: def.Label() + " " + routWord(def), P: defRout},
		{Outcome: att.Label() + " loses a base", P: attLoss},
		{Outcome: att.Label() + " " + routWord(att), P: attRout},
	}
	for i := range cs {
		cs[i].P = round6(cs[i].P)
	}
	return cs
}

// rolledOutcomes are the outcomes among combatOdds' that a round came to:
// who won, and the loser's losses.
func rolledOutcomes(f Fight, out CombatOutcome, loser Fighter) []string {
	if out.Loser == 0 {
		return []string{"drawn"}
	}
	winners := f.Chargers
	if out.Loser == 1 {
		winners = f.Defenders
	}
	return append([]string{wins(winners)}, lossOutcomes(loser.Unit, out.Loss)...)
}

// lossOutcomes are combatOdds' outcomes that loss of u's makes.
func lossOutcomes(u Unit, loss Loss) []string {
	var made []string
	if loss.Destroyed > 0 {
		made = append(made, u.Label()+" loses a base")
	}
	if loss.Routed {
		made = append(made, u.Label()+" "+routWord(u))
	}
	return made
}

// hitsTo is the hits of a combat, the winner's first: "3 hits to 1", "1 hit to 0".
func hitsTo(a, b int) string { return fmt.Sprintf("%s to %d", plural(max(a, b), "hit"), min(a, b)) }

func dicePlural(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

func missPlural(n int) string {
	if n == 1 {
		return "1 miss"
	}
	return fmt.Sprintf("%d misses", n)
}

func routWord(u Unit) string {
	if u.Kind == Infantry || u.Kind == Cavalry {
		return "routs"
	}
	return "is destroyed"
}

// wins is "X wins" or "X and Y win".
func wins(fs []Fighter) string {
	if len(fs) == 1 {
		return fs[0].Label() + " wins"
	}
	return names(fs) + " win"
}

func names(fs []Fighter) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.Label()
	}
	return strings.Join(s, " and ")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rerollSources says the rerolls a side has and where they come from: "3
// rerolls: 2 mounted against infantry, 1 command". They are dice rolled
// again, not modifiers to a die.
func rerollSources(n int, from []rules.Modifier) string {
	if len(from) == 1 {
		return fmt.Sprintf("%s: %s", plural(n, "reroll"), from[0].Reason)
	}
	parts := make([]string, len(from))
	for i, m := range from {
		parts[i] = fmt.Sprintf("%d %s", m.Value, m.Reason)
	}
	return fmt.Sprintf("%s: %s", plural(n, "reroll"), strings.Join(parts, ", "))
}
