package greenjackets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Weapon is a figure's firearm (sections 7 and 8).
type Weapon string

// Weapons. None is a figure with no firearm (a gun's crew, an officer with a sword).
const (
	Rifle       Weapon = "rifle"
	Musket      Weapon = "musket"
	Carbine     Weapon = "carbine"
	VolleyGun   Weapon = "volley-gun"
	Blunderbuss Weapon = "blunderbuss"
	Pistol      Weapon = "pistol"
	Cannon      Weapon = "cannon"
	None        Weapon = "none"
)

// Weapons lists the firearms in chart order.
var Weapons = []Weapon{Rifle, Musket, Carbine, VolleyGun, Blunderbuss, Pistol}

// ParseWeapon reads a weapon.
func ParseWeapon(s string) (Weapon, error) {
	return weaponWords.parse(s)
}

// Loaded lists the weapons that are loaded and reloaded: the firearms and a
// gun's cannon.
var Loaded = append(slices.Clip(Weapons), Cannon)

// FigureWeapons lists what a figure may carry: a weapon that is loaded, or
// none.
var FigureWeapons = append(slices.Clip(Loaded), None)

var weaponWords = vocabulary[Weapon]{"a weapon", FigureWeapons, map[string]Weapon{
	"baker": Rifle, "baker-rifle": Rifle, "": Musket, "volley gun": VolleyGun, "volleygun": VolleyGun,
	"nock": VolleyGun, "blunderbus": Blunderbuss, "gun": Cannon,
}}

// OutOfRange marks a "–" in the fire chart.
const OutOfRange = 0

// FireBands are the range rows of the small arms fire chart (section 7).
var FireBands = []Band{{"0-5", 5}, {"6-10", 10}, {"11-20", 20}, {"21-30", 30}, {"31-40", 40}}

// A FireColumn is one weapon's column: chances per shot and the value to roll at
// or under in each range band.
type FireColumn struct {
	Chances int
	Values  [5]int
}

// FireChart is the small arms fire chart (section 7).
//
//	Range   Rifle  Musket  Carbine  Volley gun  Blunderbus  Pistol
//	0-5     16     12      12       6x 12       3x 10       10
//	6-10    14     10      8        6x8         3x 5        2
//	11-20   12     6       4        6x4                     -
//	21-30   8      2       -                                -
//	31-40   4      -       -                                -
var FireChart = map[Weapon]FireColumn{
	Rifle:       {1, [5]int{16, 14, 12, 8, 4}},
	Musket:      {1, [5]int{12, 10, 6, 2, OutOfRange}},
	Carbine:     {1, [5]int{12, 8, 4, OutOfRange, OutOfRange}},
	VolleyGun:   {6, [5]int{12, 8, 4, OutOfRange, OutOfRange}},
	Blunderbuss: {3, [5]int{10, 5, OutOfRange, OutOfRange, OutOfRange}},
	Pistol:      {1, [5]int{10, 2, OutOfRange, OutOfRange, OutOfRange}},
}

// A MisfireBand is a row of the misfire chart.
type MisfireBand struct {
	From, To int
	Result   Misfire
}

func (b MisfireBand) span() (int, int) { return b.From, b.To }

// MisfireChart is the reroll after a natural 20 (section 7, G9).
//
//	1-5 Phut!   6-15 misfire stuns figure   16-20 misfire inflicts a serious wound
var MisfireChart = []MisfireBand{
	{1, 5, Phut},
	{6, 15, MisfireStunned},
	{16, 20, MisfireWounded},
}

// Misfire is what a natural 20 did.
type Misfire string

// Misfires.
const (
	NoMisfire      Misfire = ""
	Phut           Misfire = "phut"
	MisfireStunned Misfire = "stunned"
	MisfireWounded Misfire = "seriously wounded"
)

// A Firer is one figure firing (section 7).
type Firer struct {
	Name    string
	Weapon  Weapon
	Quality Quality
	// Sharpshooter +1; SeriouslyWounded −4; LightWounds count (house rule light-wounds).
	Sharpshooter     bool
	SeriouslyWounded bool
	LightWounds      int
	// Speed is the firer's own move: jog −2, run/charge −6.
	Speed Speed
	Aimed bool
	// TapLoaded: a rifle loaded without the ramrod fires at the carbine column (G10).
	TapLoaded bool
	// European: a non-Baker rifle, −2 (section 7).
	European bool
	// Range in inches, measured for this figure.
	Range float64
	// Chances overrides the chart's chances (a volley gun's misses rolled against the next figure).
	Chances int
	// At names the figure this firer aims at, when the target is a squad.
	At string
}

// A FireTarget is what is fired at.
type FireTarget struct {
	Name     string
	Cover    Cover
	Running  bool
	Charging bool
	Prone    bool
}

// A Shot is one figure's fire.
type Shot struct {
	Firer   string
	Fired   bool // false: out of range, held its fire (still loaded)
	Hits    int
	Misses  int
	Misfire Misfire // the worst misfire of its chances
}

// FireColumnFor is the column a firer uses: a tap-loaded rifle fires at the carbine column.
func FireColumnFor(f Firer) (Weapon, FireColumn, error) {
	w := f.Weapon
	if w == Rifle && f.TapLoaded {
		w = Carbine
	}
	col, ok := FireChart[w]
	if !ok {
		return w, FireColumn{}, rules.Breachf("%s has no small arms to fire (%s).", nameOr(f.Name, "the figure"), f.Weapon)
	}
	return w, col, nil
}

// FireModifiers are the modifiers to the chart value (section 7), each with its reason.
func FireModifiers(f Firer, t FireTarget, lightWounds string) []rules.Modifier {
	var m []rules.Modifier
	add := func(v int, why string) { m = append(m, rules.Modifier{Value: v, Reason: why}) }
	switch t.Cover {
	case Hard:
		add(-4, "hard cover")
	case Soft:
		add(-2, "soft cover")
	}
	switch {
	case t.Charging:
		add(-4, "target charging")
	case t.Running:
		add(-2, "target running")
	}
	if t.Prone {
		add(-2, "target prone")
	}
	if f.SeriouslyWounded {
		add(-4, "firer seriously wounded")
	}
	if f.LightWounds > 0 && lightWounds == "minus1" {
		m = append(m, rules.Modifier{Value: -f.LightWounds, Reason: "firer's light wounds (house rule)", Short: "light wounds"})
	}
	switch f.Speed {
	case Jog:
		add(-2, "firer jogging")
	case Run:
		add(-6, "firer charging")
	}
	m = append(m, qualityMods(f.Quality, "firer veteran", "firer novice", 1, -1)...)
	if f.Sharpshooter {
		add(1, "sharpshooter")
	}
	if f.Aimed {
		add(2, "aimed shot")
	}
	if f.European && f.Weapon == Rifle {
		add(-2, "European rifle")
	}
	return m
}

// A Need is what a firer must roll at or under (Value: the chart's Base with
// its Modifiers), the chart row, and the chances (d20s) he rolls; InRange is
// false when the target is out of range.
type Need struct {
	Value     int
	Row       string
	Base      int
	Modifiers []rules.Modifier
	Chances   int
	InRange   bool
}

// FireNeed is what a firer must roll to hit the target (G8–G9).
func FireNeed(f Firer, t FireTarget, lightWounds string) (Need, error) {
	w, col, err := FireColumnFor(f)
	if err != nil {
		return Need{}, err
	}
	if f.Range < 0 {
		return Need{}, rules.Breachf("A range cannot be negative.")
	}
	if f.Range > FireBands[len(FireBands)-1].Top {
		return Need{Row: string(w) + ", beyond 40\""}, nil
	}
	bi := band(FireBands, f.Range)
	n := Need{Row: string(w) + ", " + FireBands[bi].Name + "\"", Base: col.Values[bi]}
	if n.Base == OutOfRange {
		return Need{Row: n.Row}, nil
	}
	n.Modifiers = FireModifiers(f, t, lightWounds)
	n.Value, n.Chances, n.InRange = n.Base+rules.Sum(n.Modifiers), col.Chances, true
	if f.Chances > 0 {
		n.Chances = min(f.Chances, col.Chances)
	}
	return n, nil
}

// HitChance is the chance one roll at or under need hits: a natural 20 never hits (G9).
func HitChance(need int) float64 { return atMost(min(need, 19)) }

// FireFigure resolves one figure's fire (G8–G10): each chance a d20, at or under
// the need hits, a natural 20 misfires and rolls on the misfire chart.
func FireFigure(src dice.Source, f Firer, t FireTarget, lightWounds string) ([]rules.Step, Shot, error) {
	n, err := FireNeed(f, t, lightWounds)
	if err != nil {
		return nil, Shot{Firer: f.Name}, err
	}
	steps, shot := fireAt(src, f, n)
	return steps, shot, nil
}

// fireAt is FireFigure once the firer's need is known.
func fireAt(src dice.Source, f Firer, n Need) ([]rules.Step, Shot) {
	shot := Shot{Firer: f.Name}
	need, row, base, mods, chances, ok := n.Value, n.Row, n.Base, n.Modifiers, n.Chances, n.InRange
	who := nameOr(f.Name, "the figure")
	if !ok {
		return []rules.Step{{What: who, Table: "fire chart", Row: row, Result: "out of range: holds fire"}}, shot
	}
	shot.Fired = true
	var steps []rules.Step
	at := ""
	if f.At != "" {
		at = " at " + f.At
	}
	needs, fires := "≤ "+strconv.Itoa(need), who+" fires"+at
	for i := range chances {
		what := fires
		if chances > 1 {
			what = who + at + ", chance " + strconv.Itoa(i+1) + " of " + strconv.Itoa(chances)
		}
		roll := d20(src)
		st := rules.Step{What: what, Roll: roll, Table: "fire chart", Row: row, Need: needs}
		if i == 0 {
			st.Base, st.Modifiers = intp(base), mods
		}
		switch {
		case roll.Total == 20:
			st.Result = "misfire"
			steps = append(steps, st)
			mr := d20(src)
			m, row := misfire(mr.Total)
			steps = append(steps, rules.Step{What: who + ": misfire", Roll: mr, Table: "misfire", Row: row, Result: misfireText(m)})
			if worse(m, shot.Misfire) {
				shot.Misfire = m
			}
			shot.Misses++
			continue
		case roll.Total <= need:
			st.Result = "hit"
			shot.Hits++
		default:
			st.Result = "miss"
			shot.Misses++
		}
		steps = append(steps, st)
	}
	return steps, shot
}

// misfire is what a misfire roll of face did, and its row of the chart.
func misfire(face int) (Misfire, string) {
	if r, label, ok := rowOf(MisfireChart, face); ok {
		return r.Result, label
	}
	return Phut, ""
}

func misfireText(m Misfire) string {
	switch m {
	case Phut:
		return "phut! no shot"
	case MisfireStunned:
		return "firer stunned"
	case MisfireWounded:
		return "firer seriously wounded"
	}
	return ""
}

var misfireRank = map[Misfire]int{NoMisfire: 0, Phut: 1, MisfireStunned: 2, MisfireWounded: 3}

func worse(a, b Misfire) bool { return misfireRank[a] > misfireRank[b] }

// Volley is a squad's (or one figure's) fire at one target.
type Volley struct {
	Squad  string
	Firers []Firer
	Target FireTarget
	// Targets, when given, is each firer's own target (parallel to Firers).
	Targets     []FireTarget
	LightWounds string // the house rule light-wounds value
}

// Fire resolves a volley figure by figure and returns the ruling, with the exact
// odds of the number of hits and of any misfire.
func Fire(src dice.Source, v Volley) (rules.Ruling, []Shot, error) {
	if len(v.Firers) == 0 {
		return rules.Ruling{}, nil, rules.Breachf("No figure is able to fire.")
	}
	title := "Fire: " + nameOr(v.Squad, nameOr(v.Firers[0].Name, "the squad")) + " at " + nameOr(v.Target.Name, "the target")
	r := rules.Ruling{Ruleset: ID, Title: title, Readings: []rules.Reading{reading("G8"), reading("G9")}}
	var shots []Shot
	hitsDist := dice.Constant(0)
	noMisfire := 1.0
	special := false
	hits, fired := 0, 0
	for i, f := range v.Firers {
		target := v.Target
		if len(v.Targets) == len(v.Firers) {
			target = v.Targets[i]
		}
		n, err := FireNeed(f, target, v.LightWounds)
		if err != nil {
			return rules.Ruling{}, nil, err
		}
		steps, s := fireAt(src, f, n)
		r.Steps = append(r.Steps, steps...)
		shots = append(shots, s)
		if !s.Fired {
			continue
		}
		fired++
		hits += s.Hits
		hitsDist = hitsDist.Add(dice.Bernoulli(HitChance(n.Value)).Times(n.Chances))
		for range n.Chances {
			noMisfire *= 19.0 / 20
		}
		if n.Chances > 1 || f.TapLoaded || f.European {
			special = true
		}
	}
	if special {
		r.Readings = append(r.Readings, reading("G10"))
	}
	if fired == 0 {
		r.Result = "Out of range: no one fires, and every weapon stays loaded."
		r.Odds = []rules.Chance{{Outcome: "no hits", P: 1}}
		return r, shots, nil
	}
	var parts []string
	for _, s := range shots {
		if s.Misfire != NoMisfire {
			parts = append(parts, fmt.Sprintf("%s misfires (%s)", nameOr(s.Firer, "a figure"), misfireText(s.Misfire)))
		}
	}
	r.Result = rules.Plural(hits, "hit", "hits") + " from " + rules.Plural(fired, "figure", "figures") + "."
	if len(parts) > 0 {
		r.Result += " " + strings.Join(parts, "; ") + "."
	}
	hitsDist.Values(func(x int, p float64) {
		r.Odds = append(r.Odds, rules.Chance{Outcome: rules.Plural(x, "hit", "hits"), P: p})
	})
	r.Odds = append(r.Odds, rules.Chance{Outcome: "any misfire", P: 1 - noMisfire})
	return r, shots, nil
}
