package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Effect is what a hit does.
type Effect string

// Effects, from least to worst.
const (
	NoEffect   Effect = "no effect"
	LightWound Effect = "light wound"
	Stunned    Effect = "stunned"
	Serious    Effect = "seriously wounded"
	Dead       Effect = "dead"
)

// EffectChart is the effect of hits chart (section 7), d20.
//
//	1-6    Stunned, no firing, no reloading, no movement 1 turn
//	7-13   Seriously wounded, 1" movement, affects performance
//	14-20  Dead
var EffectChart = []EffectBand{
	{1, 6, Stunned},
	{7, 13, Serious},
	{14, 20, Dead},
}

// CharacterHit is one row of the hits on heroes/NCO/officers chart (section 10), 2d6.
type CharacterHit struct {
	Location string
	Effect   Effect
}

// CharacterChart is the hits on heroes, NCOs and officers chart (section 10), by 2d6 score.
var CharacterChart = map[int]CharacterHit{
	2:  {"chest hit", Dead},
	3:  {"right arm hit", Serious},
	4:  {"left arm hit", LightWound},
	5:  {"right arm hit", LightWound},
	6:  {"leg hit", LightWound},
	7:  {"bullet bounced off a medal or brandy bottle", NoEffect},
	8:  {"head scratched", Stunned},
	9:  {"chest hit", LightWound},
	10: {"belly hit", Serious},
	11: {"left arm hit", Serious},
	12: {"head hit", Dead},
}

// A HitTarget is a figure or character taking a hit.
type HitTarget struct {
	Name string
	// Character: an officer, NCO or hero rolls 2d6 on the character chart (G13).
	Character bool
	// Mounted: a cavalryman; small-arms hits split rider (even) and horse (odd) (G12).
	Mounted bool
	// SeriouslyWounded already: a second serious wound kills.
	SeriouslyWounded bool
	// Choose ChooseRider or ChooseHorse: a rifle within 20" picks which is hit (G12).
	Choose string
}

// What a rifle within 20" may pick to hit on a mounted figure (G12).
const (
	ChooseRider = "rider"
	ChooseHorse = "horse"
)

// Picks lists what a rifle may pick.
var Picks = []string{ChooseRider, ChooseHorse}

// A Hit is what one hit did to its target.
type Hit struct {
	Target string
	Effect Effect
	// OnHorse: the horse took it (stunned: stands 1 turn; worse: incapacitated).
	OnHorse  bool
	Location string
}

func effectOf(face int) (Effect, string) {
	if r, label, ok := rowOf(EffectChart, face); ok {
		return r.Effect, label
	}
	return Dead, ""
}

// EffectOfHit rolls one hit on the effect of hits chart, or for a character on the
// character chart (G12, G13).
func EffectOfHit(src dice.Source, t HitTarget) (rules.Step, Hit) {
	who := nameOr(t.Name, "the target")
	h := Hit{Target: t.Name}
	if t.Character {
		roll := twoD6(src)
		row := CharacterChart[roll.Total]
		h.Effect, h.Location = row.Effect, row.Location
		res := fmt.Sprintf("%s: %s", row.Location, row.Effect)
		if h.Effect == Serious && t.SeriouslyWounded {
			h.Effect = Dead
			res += ", wounded twice: dead"
		}
		return rules.Step{What: "hit on " + who, Roll: roll, Table: "character hits", Row: fmt.Sprint(roll.Total), Result: res}, h
	}
	roll := d20(src)
	e, row := effectOf(roll.Total)
	h.Effect = e
	res := string(e)
	if t.Mounted {
		switch t.Choose {
		case ChooseHorse:
			h.OnHorse = true
			res = "rifle's choice, the horse: " + horseText(e)
		case ChooseRider:
			res = "rifle's choice, the rider: " + res
		default:
			if roll.Total%2 == 1 {
				h.OnHorse = true
				res = "odd, the horse: " + horseText(e)
			} else {
				res = "even, the rider: " + res
			}
		}
	}
	if !h.OnHorse && e == Serious && t.SeriouslyWounded {
		h.Effect = Dead
		res += ", wounded twice: dead"
	}
	return rules.Step{What: "hit on " + who, Roll: roll, Table: "effect of hits", Row: row, Result: res}, h
}

func horseText(e Effect) string {
	if e == Stunned {
		return "horse stunned, stands 1 turn"
	}
	return "horse " + string(e) + ", incapacitated"
}

// EffectOdds are the chances of each effect of one hit on the target.
func EffectOdds(t HitTarget) []rules.Chance {
	if t.Character {
		dist := dice.Die(6).Add(dice.Die(6))
		byEffect := map[Effect]float64{}
		dist.Values(func(x int, p float64) { byEffect[CharacterChart[x].Effect] += p })
		if t.SeriouslyWounded {
			byEffect[Dead] += byEffect[Serious]
			delete(byEffect, Serious)
		}
		var out []rules.Chance
		for _, e := range []Effect{NoEffect, LightWound, Stunned, Serious, Dead} {
			if p, ok := byEffect[e]; ok {
				out = append(out, rules.Chance{Outcome: string(e), P: p})
			}
		}
		return out
	}
	var out []rules.Chance
	for _, row := range EffectChart {
		p := float64(row.To-row.From+1) / 20
		e := row.Effect
		if t.SeriouslyWounded && e == Serious {
			e = Dead
		}
		out = append(out, rules.Chance{Outcome: string(e), P: p})
	}
	if t.Mounted && t.Choose == "" {
		// The parity of the roll picks rider or horse; each band has its own split.
		var split []rules.Chance
		for _, row := range EffectChart {
			even, odd := 0, 0
			for f := row.From; f <= row.To; f++ {
				if f%2 == 0 {
					even++
				} else {
					odd++
				}
			}
			e := row.Effect
			if t.SeriouslyWounded && e == Serious {
				e = Dead
			}
			split = append(split, rules.Chance{Outcome: "rider " + string(e), P: float64(even) / 20},
				rules.Chance{Outcome: horseText(row.Effect), P: float64(odd) / 20})
		}
		return split
	}
	return mergeChances(out)
}

func mergeChances(cs []rules.Chance) []rules.Chance {
	var out []rules.Chance
	idx := map[string]int{}
	for _, c := range cs {
		if i, ok := idx[c.Outcome]; ok {
			out[i].P += c.P
			continue
		}
		idx[c.Outcome] = len(out)
		out = append(out, c)
	}
	return out
}

// Hits resolves n hits on one target, stopping when it is dead (a figure
// seriously wounded twice dies).
func Hits(src dice.Source, t HitTarget, n int) (rules.Ruling, []Hit) {
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Effect of %s on %s", rules.Plural(n, "hit", "hits"), nameOr(t.Name, "the target"))}
	if t.Character {
		r.Readings = append(r.Readings, reading("G13"))
	} else {
		r.Readings = append(r.Readings, reading("G12"))
	}
	r.Odds = EffectOdds(t)
	var hits []Hit
	for range n {
		st, h := EffectOfHit(src, t)
		r.Steps = append(r.Steps, st)
		hits = append(hits, h)
		if h.Effect == Serious && !h.OnHorse {
			t.SeriouslyWounded = true
		}
		if h.Effect == Dead && !h.OnHorse {
			break
		}
	}
	r.Result = fmt.Sprintf("%s: %s.", nameOr(t.Name, "The target"), Summarise(hits))
	return r, hits
}

// Summarise says what hits did, worst first: "dead", "stunned and horse down".
func Summarise(hits []Hit) string {
	if len(hits) == 0 {
		return "unhurt"
	}
	worst := NoEffect
	horse := Effect("")
	rank := map[Effect]int{NoEffect: 0, LightWound: 1, Stunned: 2, Serious: 3, Dead: 4, "": -1}
	light := 0
	for _, h := range hits {
		if h.OnHorse {
			if rank[h.Effect] > rank[horse] {
				horse = h.Effect
			}
			continue
		}
		if h.Effect == LightWound {
			light++
		}
		if rank[h.Effect] > rank[worst] {
			worst = h.Effect
		}
	}
	s := string(worst)
	if worst == LightWound && light > 1 {
		s = rules.Plural(light, "light wound", "light wounds")
	}
	if horse != "" {
		if worst == NoEffect {
			return horseText(horse)
		}
		s += " and " + horseText(horse)
	}
	return s
}
