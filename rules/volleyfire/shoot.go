package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A Shot is everything a shooting resolution needs (Shooting, Ranges, Weapons, Cover).
type Shot struct {
	Shooter Unit
	Target  Unit
	// Range is the measured distance in inches, taken after the target was chosen.
	Range float64
	// Elevation is the shooter's height above ground level in inches.
	Elevation float64
	// Cover is set when the target is in terrain.
	Cover bool
	// FiringBases limits the bases that fire (0: every base that may).
	FiringBases int
	House       House
}

// A ShotOutcome is what the roster takes from a shot.
type ShotOutcome struct {
	Band       string
	OutOfRange bool
	Hits       int
	Loss       Loss
}

// BandFor finds the range band of a shot: the bands come from the weapon's own
// range; elevation only lengthens the longest (V5). ok is false out of range.
func BandFor(w Weapon, rangeIn, elevation float64) (b Band, maxRange float64, ok bool) {
	ws := WeaponChart[w]
	maxRange = float64(ws.Range) + elevation
	if rangeIn > maxRange {
		return Band{}, maxRange, false
	}
	for _, band := range BandChart {
		if rangeIn*4 <= float64(ws.Range*band.Quarters) {
			return band, maxRange, true
		}
	}
	return BandChart[len(BandChart)-1], maxRange, true
}

// FiringBases is how many bases of u may fire: the front base of a column, every
// base otherwise (ReadingSquareFire for square and skirmish); artillery is one gun.
func FiringBases(u Unit) int {
	if u.Kind == Artillery || u.Formation == Column {
		return 1
	}
	return u.Bases
}

// Shoot resolves one shooting action (V5, V6).
func Shoot(src dice.Source, s Shot) (rules.Ruling, ShotOutcome, error) {
	sh, tg := s.Shooter, s.Target
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Shooting: %s at %s, %s", sh.Label(), tg.Label(), Inches(s.Range))}
	if err := sh.Validate(); err != nil {
		return r, ShotOutcome{}, err
	}
	if err := tg.Validate(); err != nil {
		return r, ShotOutcome{}, err
	}
	switch {
	case sh.Kind == Command:
		return r, ShotOutcome{}, rules.Breachf("A command base does not shoot.")
	case s.Range < 0 || s.Elevation < 0:
		return r, ShotOutcome{}, rules.Breachf("Give the range and the height as inches, zero or more.")
	case tg.Command && tg.Kind == Command:
		return r, ShotOutcome{}, rules.Breachf("A joined command base cannot be targeted on its own (V8).")
	case sh.Kind == Artillery && sh.Limbered:
		return r, ShotOutcome{}, rules.Breachf("%s is limbered: unlimber it first (a change of formation).", sh.Label())
	case !sh.Loaded && WeaponChart[sh.Weapon].Reload > 0:
		return r, ShotOutcome{}, rules.Breachf("%s is not loaded: reload first (%s).", sh.Label(), reloadTime(sh.Weapon))
	}
	ws := WeaponChart[sh.Weapon]
	r.Readings = append(r.Readings, V5, V6)
	band, maxRange, ok := BandFor(sh.Weapon, s.Range, s.Elevation)
	if !ok {
		r.Result = fmt.Sprintf("Out of range (%s > %s %s): the shots are wasted.", Inches(s.Range), sh.Weapon, Inches(maxRange))
		r.Odds = []rules.Chance{{Outcome: "wasted", P: 1}}
		return r, ShotOutcome{OutOfRange: true, Loss: Loss{Left: tg.Bases}}, nil
	}

	n := FiringBases(sh)
	if sh.Formation == Column && sh.Kind != Artillery {
		r.Readings = append(r.Readings, V2)
	}
	if (sh.Formation == Square || sh.Formation == Skirmish) && sh.Kind != Artillery {
		r.Readings = append(r.Readings, ReadingSquareFire)
	}
	if s.FiringBases > 0 {
		if s.FiringBases > n {
			return r, ShotOutcome{}, rules.Breachf("%s can fire with at most %s.", sh.Label(), plural(n, "base"))
		}
		n = s.FiringBases
	}

	// To hit: the band's need (Ranges), Spanish 4+ at moderate (National Bonuses).
	need := band.Hit
	row := fmt.Sprintf("%s %s, %s (≤ %s)", sh.Weapon, Inches(float64(ws.Range)), band.Name, bandLimit(ws.Range, band, maxRange))
	if s.Elevation > 0 {
		row = fmt.Sprintf("%s %s +%s elevation, %s (≤ %s)", sh.Weapon, Inches(float64(ws.Range)), Inches(s.Elevation), band.Name, bandLimit(ws.Range, band, maxRange))
	}
	if sh.Nation == Spanish && band.Name == "moderate" {
		need = SpanishModerateHit
		row += ", Spanish 4+"
	}
	var hitMods []rules.Modifier
	if sh.Elite {
		if s.House.EliteFirePlus1 {
			hitMods = append(hitMods, rules.Modifier{Value: 1, Reason: "elite (house rule)"})
			r.Readings = append(r.Readings, houseReading(HouseEliteFire, "plus1"))
		} else {
			r.Readings = append(r.Readings, ReadingEliteFire)
		}
	}
	hm := rules.Sum(hitMods)
	faces, hits := pool(src, n, need, hm)
	r.Steps = append(r.Steps, rules.Step{
		What: fmt.Sprintf("%s: %s firing", sh.Label(), plural(n, "base")), Roll: poolRoll(faces, hits),
		Table: "ranges", Row: row, Modifiers: hitMods, Need: fmt.Sprintf("%d+", need), Result: plural(hits, "hit"),
	})
	pHit := pNeed(need, hm)

	// Damage: 5+ (6 in cover), cannon 3+ (Weapons), ±1 by band.
	dNeed, dWhy := DamageNeed, "5+ destroys"
	if ws.WoundNeed > 0 {
		dNeed, dWhy = ws.WoundNeed, fmt.Sprintf("cannon %d+ to wound", ws.WoundNeed)
	}
	if s.Cover {
		if sh.Weapon == Cannon && s.House.CannonIgnoresCover {
			r.Readings = append(r.Readings, houseReading(HouseCannonCover, "none"))
		} else {
			dNeed, dWhy = CoverNeed, "6 in cover"
			if sh.Weapon == Cannon {
				r.Readings = append(r.Readings, HouseRuleReading(HouseCannonCover))
			}
		}
	}
	if tg.Special == Cuirassiers {
		if s.House.CuirassierFire {
			dNeed, dWhy = HardWound, "6 against cuirassiers (house rule)"
			r.Readings = append(r.Readings, houseReading(HouseCuirassierFire, "fire"))
		} else {
			r.Readings = append(r.Readings, ReadingCuirassierFire)
		}
	}
	var dMods []rules.Modifier
	if band.Damage != 0 {
		dMods = append(dMods, rules.Modifier{Value: band.Damage, Reason: band.Name})
	}
	dm := rules.Sum(dMods)
	pDmg := pNeed(dNeed, dm)

	// Bases a hit can reach: a cannon up to three (one against skirmishers, V2).
	total := tg.Bases
	if tg.Command {
		total++
		r.Readings = append(r.Readings, V8, ReadingCommandBase)
	}
	perHit := ws.Wounds
	if sh.Weapon == Cannon {
		if tg.Formation == Skirmish {
			perHit = 1
			r.Readings = append(r.Readings, V2)
		}
		perHit = min(perHit, total)
	}

	var kills dice.Dist
	if sh.Weapon == Cannon {
		kills = mix(pHit, binomial(perHit, pDmg), dice.Constant(0)).Times(n)
	} else {
		kills = binomial(n, pHit*pDmg)
	}
	kills = capped(kills, total)

	destroyed := 0
	if hits > 0 {
		k := hits * perHit
		what := "Damage"
		if sh.Weapon == Cannon {
			what = fmt.Sprintf("Cannon shot: wounds up to %s", plural(perHit, "base"))
		}
		df, dh := pool(src, k, dNeed, dm)
		destroyed = min(dh, total)
		r.Steps = append(r.Steps, rules.Step{
			What: what, Roll: poolRoll(df, dh), Table: "damage", Row: dWhy, Modifiers: dMods,
			Need: fmt.Sprintf("%d+", dNeed), Result: plural(dh, "base") + " destroyed",
		})
	}
	loss := TakeLosses(tg, destroyed)
	out := ShotOutcome{Band: band.Name, Hits: hits, Loss: loss}
	r.Result = fmt.Sprintf("%s at %s: %s, %s.", band.Name, Inches(s.Range), plural(hits, "hit"), loss.Describe(tg))
	if sh.Weapon == Cannon {
		r.Result += " The shot scatters: the umpire places it (V6)."
	}
	if loss.Routed && tg.Kind != Command && tg.Kind != Artillery {
		r.Readings = append(r.Readings, V1)
	}
	r.Odds = countOdds(kills, "base")
	if p := kills.AtLeast(max(lossesToRout(tg), 1)); (tg.Kind == Infantry || tg.Kind == Cavalry) && p > 0 {
		r.Odds = append(r.Odds, rules.Chance{Outcome: tg.Label() + " routs", P: p})
	}
	for i := range r.Odds {
		r.Odds[i].P = round6(r.Odds[i].P)
	}
	r.Readings = dedupe(r.Readings)
	return r, out, nil
}

// mix is a with probability p, otherwise b.
func mix(p float64, a, b dice.Dist) dice.Dist {
	lo, hi := min(a.Min(), b.Min()), max(a.Max(), b.Max())
	w := make([]float64, hi-lo+1)
	a.Values(func(x int, q float64) { w[x-lo] += p * q })
	b.Values(func(x int, q float64) { w[x-lo] += (1 - p) * q })
	return dice.FromWeights(lo, w)
}

func bandLimit(weaponRange int, b Band, maxRange float64) string {
	if b.Quarters == len(BandChart) {
		return Inches(maxRange)
	}
	return Inches(float64(weaponRange*b.Quarters) / 4)
}

func reloadTime(w Weapon) string {
	n := WeaponChart[w].Reload
	if n == 1 {
		return "one action"
	}
	return fmt.Sprintf("%d actions", n)
}

func dedupe(rs []rules.Reading) []rules.Reading {
	var out []rules.Reading
	seen := map[rules.Reading]bool{}
	for _, r := range rs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}
