package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Ammo is what a gun is loaded with (section 7; G14–G17 read the two lost names).
type Ammo string

// Ammunitions.
const (
	Roundshot Ammo = "roundshot"
	Canister  Ammo = "canister"
	Shell     Ammo = "shell"
	Shrapnel  Ammo = "shrapnel"
)

// Ammos lists the ammunitions.
var Ammos = []Ammo{Roundshot, Canister, Shell, Shrapnel}

// ParseAmmo reads an ammunition.
func ParseAmmo(s string) (Ammo, error) {
	return ammoWords.parse(s)
}

var ammoWords = vocabulary[Ammo]{"an ammunition", Ammos, map[string]Ammo{
	"ball": Roundshot, "round-shot": Roundshot, "case": Canister, "case-shot": Canister,
	"common-shell": Shell, "common shell": Shell, "spherical-case": Shrapnel,
}}

// Ranges of roundshot (section 7): 0° elevation up to 70", 1° from 70" to 100".
const (
	RoundshotLevel = 70
	RoundshotMax   = 100
	ShrapnelMin    = 50
)

// RoundshotChart is the roundshot chart (section 7), d20 with modifiers.
//
//	1-4    Figure missed completely
//	5-6    Stunned, no firing, no reloading, no movement 1 turn
//	7-13   Seriously wounded, no movement, affects performance
//	14-20  Dead
var RoundshotChart = []EffectBand{
	{1, 4, NoEffect},
	{5, 6, Stunned},
	{7, 13, Serious},
	{14, 20, Dead},
}

// GunHitChart is a roundshot's effect on a gun on its line (section 7), d20:
// 1-2 gun destroyed, 3-4 wheel shot off (cannot be moved or realigned).
// In hard cover the chance is halved: 1 destroyed, 2 wheel off.
var GunHitChart = []struct {
	From, To         int
	HardFrom, HardTo int
	Result           GunDamage
}{
	{1, 2, 1, 1, GunDestroyed},
	{3, 4, 2, 2, WheelOff},
}

// GunDamage is what a roundshot did to a gun.
type GunDamage string

// Gun damage.
const (
	GunUnhurt    GunDamage = ""
	GunDestroyed GunDamage = "gun destroyed"
	WheelOff     GunDamage = "wheel shot off"
)

// A LineFigure is a figure on the line of a roundshot, nearest the gun first.
type LineFigure struct {
	Name             string
	Cover            Cover
	Mounted          bool
	Character        bool
	SeriouslyWounded bool
	// Gun: the target is an artillery piece.
	Gun bool
}

// A LineHit is what a roundshot did to one figure on its line.
type LineHit struct {
	Name string
	// Struck: the figure was hit; Hit says how.
	Struck bool
	Hit    Hit
	// Thrown: a cavalryman whose horse was hit, thrown and stunned 1 turn.
	Thrown bool
	Gun    GunDamage
}

func roundshotEffect(total int) (Effect, string) {
	if r, label, ok := rowOf(RoundshotChart, total); ok {
		return r.Effect, label
	}
	if total < 1 {
		return NoEffect, "1-4"
	}
	return Dead, "14-20"
}

// RoundshotFire resolves a roundshot down its line (G14).
func RoundshotFire(src dice.Source, gun string, rng float64, line []LineFigure) (rules.Ruling, []LineHit, error) {
	if rng < 0 || rng > RoundshotMax {
		return rules.Ruling{}, nil, rules.Breachf("Roundshot reaches at most %d\" (at 1° elevation); %s is out of range.", RoundshotMax, inches(rng))
	}
	if len(line) == 0 {
		return rules.Ruling{}, nil, rules.Breachf("Name the figures on the line of the shot, nearest first.")
	}
	elev := "0° elevation (up to 70\")"
	if rng > RoundshotLevel {
		elev = "1° elevation (70\"–100\")"
	}
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Roundshot: %s at %s", nameOr(gun, "the gun"), inches(rng)),
		Readings: []rules.Reading{reading("G14")}}
	var out []LineHit
	firstHit := -1
	hardUsed := false
	for i, f := range line {
		lh := LineHit{Name: f.Name}
		who := nameOr(f.Name, fmt.Sprintf("figure %d", i+1))
		if f.Gun {
			roll := d20(src)
			st := rules.Step{What: "roundshot at " + who, Roll: roll, Table: "hits on guns", Result: "no damage"}
			for _, g := range GunHitChart {
				from, to := g.From, g.To
				if f.Cover == Hard {
					from, to, hardUsed = g.HardFrom, g.HardTo, true
				}
				if roll.Total >= from && roll.Total <= to {
					lh.Gun, st.Result = g.Result, string(g.Result)
				}
			}
			st.Need = "1-2 destroyed, 3-4 wheel off"
			if f.Cover == Hard {
				st.Need = "hard cover: 1 destroyed, 2 wheel off"
			}
			r.Steps = append(r.Steps, st)
			out = append(out, lh)
			continue
		}
		var mods []rules.Modifier
		if i == 0 {
			mods = append(mods, rules.Modifier{Value: 2, Reason: "first figure"})
		}
		if firstHit >= 0 {
			mods = append(mods, rules.Modifier{Value: -(i - firstHit), Reason: fmt.Sprintf("%s after the first hit", rules.Plural(i-firstHit, "figure", "figures")), Short: "after first hit"})
		}
		if f.Cover == Soft {
			mods = append(mods, rules.Modifier{Value: -2, Reason: "soft cover"})
		}
		roll := d20(src)
		total := roll.Total + rules.Sum(mods)
		e, row := roundshotEffect(total)
		st := rules.Step{What: "roundshot at " + who, Roll: roll, Table: "roundshot", Row: row, Modifiers: mods,
			Need: "5+ to hit", Result: fmt.Sprintf("%d: %s", total, e)}
		if e == NoEffect {
			st.Result = fmt.Sprintf("%d: missed", total)
		}
		r.Steps = append(r.Steps, st)
		if e != NoEffect && f.Cover == Hard {
			hardUsed = true
			half := d6(src)
			ok := half.Total <= 3
			res := "the hit stands"
			if !ok {
				res = "the cover takes it: missed"
				e = NoEffect
			}
			r.Steps = append(r.Steps, rules.Step{What: who + " in hard cover", Roll: half, Table: "half chance", Need: "1-3", Result: res})
		}
		if e != NoEffect {
			if firstHit < 0 {
				firstHit = i
			}
			lh.Struck = true
			switch {
			case f.Mounted && roll.Total%2 == 0:
				lh.Thrown = true
				lh.Hit = Hit{Target: f.Name, Effect: e, OnHorse: true}
				r.Steps[len(r.Steps)-1].Result += "; even: the horse is hit, the rider thrown and stunned 1 turn"
			case f.Character:
				st, h := EffectOfHit(src, HitTarget{Name: f.Name, Character: true, SeriouslyWounded: f.SeriouslyWounded})
				lh.Hit = h
				r.Steps = append(r.Steps, st)
			default:
				if e == Serious && f.SeriouslyWounded {
					e = Dead
					r.Steps[len(r.Steps)-1].Result += ", wounded twice: dead"
				}
				lh.Hit = Hit{Target: f.Name, Effect: e}
			}
		}
		out = append(out, lh)
	}
	if hardUsed {
		r.Readings = append(r.Readings, reading("half"))
	}
	var parts []string
	for i, h := range out {
		who := nameOr(h.Name, fmt.Sprintf("figure %d", i+1))
		switch {
		case h.Gun != GunUnhurt:
			parts = append(parts, who+": "+string(h.Gun))
		case h.Thrown:
			parts = append(parts, who+": horse down, rider thrown and stunned")
		case h.Struck:
			parts = append(parts, who+": "+string(h.Hit.Effect))
		}
	}
	r.Result = elev + ". "
	if len(parts) == 0 {
		r.Result += "The ball misses everyone on the line."
	} else {
		r.Result += strings.Join(parts, "; ") + "."
	}
	r.Odds = roundshotOdds(line)
	return r, out, nil
}

// roundshotOdds is the exact distribution of the number of figures hit on the
// line: the cumulative −1 makes each figure depend on where the first hit fell.
func roundshotOdds(line []LineFigure) []rules.Chance {
	type state struct{ hits, first int }
	cur := map[state]float64{{0, -1}: 1}
	for i, f := range line {
		next := map[state]float64{}
		for s, p := range cur {
			if f.Gun {
				next[s] += p
				continue
			}
			mod := 0
			if i == 0 {
				mod += 2
			}
			if s.first >= 0 {
				mod -= i - s.first
			}
			if f.Cover == Soft {
				mod -= 2
			}
			// hit on a modified total of 5 or more: a natural face ≥ 5 − mod.
			ph := float64(20-min(max(5-mod, 1), 21)+1) / 20
			if f.Cover == Hard {
				ph /= 2
			}
			first := s.first
			if first < 0 {
				first = i
			}
			next[state{s.hits + 1, first}] += p * ph
			next[s] += p * (1 - ph)
		}
		cur = next
	}
	byHits := map[int]float64{}
	most := 0
	for s, p := range cur {
		byHits[s.hits] += p
		most = max(most, s.hits)
	}
	var out []rules.Chance
	for h := 0; h <= most; h++ {
		if p := byHits[h]; p > 0 {
			out = append(out, rules.Chance{Outcome: rules.Plural(h, "figure hit", "figures hit"), P: p})
		}
	}
	return out
}

// A Zone is one row of a template's chart: rolls per figure and the d20 chance.
type Zone struct {
	Name   string
	Top    float64 // canister: distance from the muzzle; shells: ring
	Rolls  int
	Chance int
}

// CanisterChart is the canister template (section 7): a 30° triangle.
//
//	Zone  Number of rolls  Chance to hit (d20)
//	1     5                10      (to 4")
//	2     4                8       (4-10")
//	3     3                6       (10-16")
//	4     2                4       (16-22")
var CanisterChart = []Zone{
	{"zone 1 (to 4\")", 4, 5, 10},
	{"zone 2 (4-10\")", 10, 4, 8},
	{"zone 3 (10-16\")", 16, 3, 6},
	{"zone 4 (16-22\")", 22, 2, 4},
}

// ShellChart is the common shell template (section 7): 3" circle, rings at 1", 2", 3".
var ShellChart = []Zone{
	{"ring 1", 1, 3, 10},
	{"ring 2", 2, 2, 8},
	{"ring 3", 3, 1, 6},
}

// ShrapnelChart is the shrapnel template (section 7), British only, beyond 50".
var ShrapnelChart = []Zone{
	{"ring 1", 1, 5, 12},
	{"ring 2", 2, 4, 10},
	{"ring 3", 3, 3, 8},
}

// A BurstBand is a row of the burst chart.
type BurstBand struct {
	From, To int
	Result   string
	// Scatter is the direction the template moves 1d10"; "" for none.
	Scatter string
	Effect  bool
}

func (b BurstBand) span() (int, int) { return b.From, b.To }

// BurstChart is the d20 for a shell's burst (section 7), common shell and shrapnel.
var BurstChart = []BurstBand{
	{1, 1, "fuse goes out in flight, no effect", "", false},
	{2, 2, "shell explodes high, well before the target: no effect", "", false},
	{3, 6, "overshoots", "over", true},
	{7, 10, "undershoots", "short", true},
	{11, 14, "drifts left", "left", true},
	{15, 18, "drifts right", "right", true},
	{19, 20, "smack on target", "", true},
}

// A TemplateFigure is a figure under a template: its zone (canister, by distance
// from the muzzle) or ring (shells, 1–3).
type TemplateFigure struct {
	Name             string
	Zone             int
	Cover            Cover
	Mounted          bool
	Character        bool
	SeriouslyWounded bool
}

// CanisterZone is the zone a figure at d inches from the muzzle is in (0: outside).
func CanisterZone(d float64) int {
	for i, z := range CanisterChart {
		if d <= z.Top {
			return i + 1
		}
	}
	return 0
}

// A Burst is where a shell went off.
type Burst struct {
	Effect  bool
	Scatter string
	Inches  int
}

// ShellFire is one shell or shrapnel shot.
type ShellFire struct {
	Gun     string
	Ammo    Ammo
	Range   float64
	British bool
	// Placed: the template is already where the burst put it; roll no burst.
	Placed  bool
	Figures []TemplateFigure
	// Under: house rule canister-roll=under (roll strictly under the chance).
	Under bool
}

// templateChance is the chance to roll at or under, with cover (G15, G17).
func templateChance(z Zone, c Cover) (int, []rules.Modifier, string) {
	switch c {
	case Soft:
		return z.Chance - 2, []rules.Modifier{{Value: -2, Reason: "soft cover"}}, ""
	case Hard:
		return z.Chance / 2, []rules.Modifier{{Value: z.Chance/2 - z.Chance, Reason: "hard cover: half chance", Short: "hard cover"}}, "half"
	}
	return z.Chance, nil, ""
}

// templateHits rolls every figure's rolls under a template and each success on
// the effect of hits chart; it adds the steps to r and returns the hits.
func templateHits(src dice.Source, r *rules.Ruling, chart []Zone, table string, figs []TemplateFigure, under bool) ([][]Hit, dice.Dist, error) {
	all := make([][]Hit, len(figs))
	dist := dice.Constant(0)
	half := false
	for i, f := range figs {
		who := nameOr(f.Name, fmt.Sprintf("figure %d", i+1))
		if f.Zone < 1 || f.Zone > len(chart) {
			return nil, dist, rules.Breachf("%s is not under the template (zones 1–%d).", who, len(chart))
		}
		z := chart[f.Zone-1]
		chance, mods, rd := templateChance(z, f.Cover)
		if rd != "" {
			half = true
		}
		need := fmt.Sprintf("≤ %d", chance)
		ok := func(face int) bool { return face <= chance }
		p := atMost(chance)
		if under {
			need = fmt.Sprintf("< %d", chance)
			ok = func(face int) bool { return face < chance }
			p = atMost(chance - 1)
		}
		dist = dist.Add(dice.Bernoulli(p).Times(z.Rolls))
		target := HitTarget{Name: f.Name, Mounted: f.Mounted, Character: f.Character, SeriouslyWounded: f.SeriouslyWounded}
		dead := false
		for k := range z.Rolls {
			roll := d20(src)
			st := rules.Step{What: fmt.Sprintf("%s, roll %d of %d", who, k+1, z.Rolls), Roll: roll, Table: table, Row: z.Name, Need: need, Result: "miss"}
			if k == 0 {
				st.Base, st.Modifiers = intp(z.Chance), mods
			}
			if ok(roll.Total) {
				st.Result = "hit"
			}
			r.Steps = append(r.Steps, st)
			if st.Result == "hit" && !dead {
				est, h := EffectOfHit(src, target)
				r.Steps = append(r.Steps, est)
				all[i] = append(all[i], h)
				if h.Effect == Serious && !h.OnHorse {
					target.SeriouslyWounded = true
				}
				dead = h.Effect == Dead && !h.OnHorse
			}
		}
	}
	if half {
		r.Readings = append(r.Readings, reading("half"))
	}
	return all, dist, nil
}

func templateResult(figs []TemplateFigure, hits [][]Hit) string {
	var parts []string
	for i, hs := range hits {
		if len(hs) == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: %s", nameOr(figs[i].Name, fmt.Sprintf("figure %d", i+1)), Summarise(hs)))
	}
	if len(parts) == 0 {
		return "No one under the template is hit."
	}
	return strings.Join(parts, "; ") + "."
}

func hitOdds(dist dice.Dist) []rules.Chance {
	var out []rules.Chance
	dist.Values(func(x int, p float64) { out = append(out, rules.Chance{Outcome: rules.Plural(x, "hit", "hits"), P: p}) })
	return out
}

// CanisterFire resolves canister on the figures under the triangle (G15).
func CanisterFire(src dice.Source, gun string, figs []TemplateFigure, under bool) (rules.Ruling, [][]Hit, error) {
	if len(figs) == 0 {
		return rules.Ruling{}, nil, rules.Breachf("Name the figures under the canister template with their zones.")
	}
	r := rules.Ruling{Ruleset: ID, Title: "Canister: " + nameOr(gun, "the gun"), Readings: []rules.Reading{reading("G15")}}
	if under {
		r.Readings[0] = rules.Reading{ID: "house rule", Text: "canister-roll=under: roll strictly under the chance, as printed"}
	}
	hits, dist, err := templateHits(src, &r, CanisterChart, "canister", figs, under)
	if err != nil {
		return rules.Ruling{}, nil, err
	}
	r.Result = templateResult(figs, hits)
	r.Odds = hitOdds(dist)
	return r, hits, nil
}

// ShellOutcome is what ShellBurst resolves: the ruling, the burst, and, when
// the template came down on target, the hits on each figure under it, in the
// order of ShellFire.Figures.
type ShellOutcome struct {
	Ruling rules.Ruling
	Burst  Burst
	Hits   [][]Hit
}

// ShellBurst resolves a common shell or shrapnel (G16, G17): the burst, and, when it
// bursts on target (or the template is placed after a scatter), the rolls of every
// figure under it. A refused shot has its ruling as far as it got, and an error.
func ShellBurst(src dice.Source, s ShellFire) (ShellOutcome, error) {
	chart, table := ShellChart, "common shell"
	r := rules.Ruling{Ruleset: ID, Readings: []rules.Reading{reading("G16")}}
	if s.Ammo == Shrapnel {
		chart, table = ShrapnelChart, "shrapnel"
		r.Readings = append(r.Readings, reading("G17"))
		if !s.British {
			return ShellOutcome{Ruling: r}, rules.Breachf("Shrapnel is a British invention: only British guns fire it.")
		}
		if s.Range <= ShrapnelMin {
			return ShellOutcome{Ruling: r}, rules.Breachf("Shrapnel may only be fired beyond 50\"; the target is at %s.", inches(s.Range))
		}
	}
	r.Title = fmt.Sprintf("%s: %s at %s", strings.ToUpper(table[:1])+table[1:], nameOr(s.Gun, "the gun"), inches(s.Range))
	b := Burst{Effect: true}
	if !s.Placed {
		roll := d20(src)
		row, _, _ := rowOf(BurstChart, roll.Total)
		st := rules.Step{What: "burst", Roll: roll, Table: "burst", Row: fmt.Sprintf("%d-%d", row.From, row.To), Result: row.Result}
		r.Steps = append(r.Steps, st)
		b.Effect, b.Scatter = row.Effect, row.Scatter
		if b.Scatter != "" {
			dr := d10(src)
			b.Inches = dr.Total
			r.Steps = append(r.Steps, rules.Step{What: "scatter", Roll: dr, Result: fmt.Sprintf("%d\" %s", dr.Total, b.Scatter)})
		}
		r.Odds = burstOdds()
		switch {
		case !b.Effect:
			r.Result = "No effect: " + row.Result + "."
			return ShellOutcome{Ruling: r, Burst: b}, nil
		case b.Scatter != "":
			r.Result = fmt.Sprintf("The shell %s by %d\": move the template %d\" %s and resolve who is under it with placed:true.", row.Result, b.Inches, b.Inches, b.Scatter)
			return ShellOutcome{Ruling: r, Burst: b}, nil
		}
	}
	if len(s.Figures) == 0 {
		r.Result = "The shell bursts on target: name the figures under each ring to resolve the hits (placed:true)."
		return ShellOutcome{Ruling: r, Burst: b}, nil
	}
	hits, dist, err := templateHits(src, &r, chart, table, s.Figures, false)
	if err != nil {
		return ShellOutcome{Burst: b}, err
	}
	r.Result = templateResult(s.Figures, hits)
	if !s.Placed {
		r.Result = "On target. " + r.Result
	}
	r.Odds = append(r.Odds, hitOdds(dist)...)
	return ShellOutcome{Ruling: r, Burst: b, Hits: hits}, nil
}

func burstOdds() []rules.Chance {
	var out []rules.Chance
	for _, x := range BurstChart {
		name := x.Result
		if !x.Effect {
			name = "no effect"
		}
		out = append(out, rules.Chance{Outcome: name, P: float64(x.To-x.From+1) / 20})
	}
	return mergeChances(out)
}
