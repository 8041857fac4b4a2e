package greenjackets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// MeleeWeapon is what a figure fights with (section 9).
type MeleeWeapon string

// Melee weapons.
const (
	Bare    MeleeWeapon = "none"
	Bayonet MeleeWeapon = "bayonet"
	Sword   MeleeWeapon = "sword"
	Axe     MeleeWeapon = "axe"
	Lance   MeleeWeapon = "lance"
)

// MeleeWeapons lists the melee weapons, from none to the heaviest.
var MeleeWeapons = []MeleeWeapon{Bare, Bayonet, Sword, Axe, Lance}

// ParseMeleeWeapon reads a melee weapon.
func ParseMeleeWeapon(s string) (MeleeWeapon, error) {
	return meleeWeaponWords.parse(s)
}

var meleeWeaponWords = vocabulary[MeleeWeapon]{"a melee weapon", MeleeWeapons, map[string]MeleeWeapon{
	"": Bare, "bare": Bare, "butt": Bare, "clubbed": Bare, "sabre": Sword, "saber": Sword,
}}

// MeleeWeaponChart is the weapon modifiers of section 9 (lance: +3 in the first
// round only, then −2).
var MeleeWeaponChart = map[MeleeWeapon]int{Bare: 0, Bayonet: 1, Sword: 2, Axe: 3, Lance: 3}

// LanceLater is a lance's modifier after the first round.
const LanceLater = -2

// Terrain is where a melee is fought, for mounted figures.
type Terrain string

// Terrains.
const (
	InOpen  Terrain = "open"
	InWoods Terrain = "woods" // woods or built-up areas
)

// Terrains lists the grounds of a melee, open first.
var Terrains = []Terrain{InOpen, InWoods}

// A Fighter is one figure in a melee.
type Fighter struct {
	Name             string
	Character        bool
	Hero             bool
	Quality          Quality
	Strongman        bool
	Stunned          bool
	Pinned           bool // a pinned squad counts as stunned in melee (G21)
	SeriouslyWounded bool
	LightWounds      int
	Weapon           MeleeWeapon
	Charging         bool
	Mounted          bool
	Terrain          Terrain
	// Horse: this is a charging horse's own attack (G20).
	Horse bool
}

// MeleeModifiers are a fighter's modifiers (section 9, G18).
func MeleeModifiers(f Fighter, firstRound bool, lightWounds string) []rules.Modifier {
	var m []rules.Modifier
	add := func(v int, why string) { m = append(m, rules.Modifier{Value: v, Reason: why}) }
	if f.Horse {
		add(2, "charging")
		m = append(m, rules.Modifier{Value: 2, Reason: "impact of horse on man", Short: "horse impact"})
		return m
	}
	switch {
	case f.Stunned:
		add(-3, "stunned")
	case f.Pinned:
		m = append(m, rules.Modifier{Value: -3, Reason: "pinned: counts as stunned", Short: "pinned"})
	}
	if f.SeriouslyWounded {
		add(-3, "seriously wounded")
	}
	if f.LightWounds > 0 && lightWounds == "minus1" {
		m = append(m, rules.Modifier{Value: -f.LightWounds, Reason: "light wounds (house rule)", Short: "light wounds"})
	}
	m = append(m, qualityMods(f.Quality, "veteran", "novice", 1, -1)...)
	if f.Strongman {
		add(1, "strongman")
	}
	if f.Hero {
		add(1, "hero")
	}
	switch {
	case f.Weapon == Lance && !firstRound:
		m = append(m, rules.Modifier{Value: LanceLater, Reason: "lance after the first round", Short: "lance, later round"})
	case f.Weapon != Bare && f.Weapon != "":
		add(MeleeWeaponChart[f.Weapon], string(f.Weapon))
	}
	if f.Charging {
		add(2, "charging")
	}
	if f.Mounted {
		if f.Terrain == InWoods {
			add(-2, "mounted in woods or built-up area")
		} else {
			add(2, "mounted in the open")
		}
	}
	return m
}

// A Melee is one figure against one or more (G18–G20). When cavalry that charged
// foot are in their first round, each gets a second attack for its horse.
type Melee struct {
	A, B       []Fighter
	FirstRound bool
	// Target is the name of the opponent the outnumbered figure tries to wound
	// (G19); "" is the first.
	Target      string
	LightWounds string
}

// A Contest is one pairing's result.
type Contest struct {
	Winner, Loser string
	// Parry: the outnumbered figure beat an opponent it was not trying to wound.
	Parry bool
	// Hit is what the loser took (no roll on a parry).
	Hit Hit
}

// MeleeOutcome is every contest of a melee.
type MeleeOutcome struct {
	Contests []Contest
}

type attack struct {
	f    Fighter
	mods []rules.Modifier
}

func expand(side, other []Fighter, firstRound bool, lw string) []attack {
	foe := false
	for _, o := range other {
		if !o.Mounted {
			foe = true
		}
	}
	var out []attack
	for _, f := range side {
		out = append(out, attack{f, MeleeModifiers(f, firstRound, lw)})
		if firstRound && f.Mounted && f.Charging && foe {
			h := Fighter{Name: nameOr(f.Name, "the rider") + "'s horse", Horse: true}
			out = append(out, attack{h, MeleeModifiers(h, firstRound, lw)})
		}
	}
	return out
}

// WinChance is the chance a figure with modifier a beats one with modifier b on
// opposed d20s, ties rolled again (G18).
func WinChance(a, b int) float64 {
	win, tie := 0.0, 0.0
	for x := 1; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			switch {
			case x+a > y+b:
				win++
			case x+a == y+b:
				tie++
			}
		}
	}
	if tie == 400 {
		return 0.5
	}
	return win / (400 - tie)
}

// Fight resolves a melee (G18–G20).
func Fight(src dice.Source, m Melee) (rules.Ruling, MeleeOutcome, error) {
	a := expand(m.A, m.B, m.FirstRound, m.LightWounds)
	b := expand(m.B, m.A, m.FirstRound, m.LightWounds)
	if len(a) == 0 || len(b) == 0 {
		return rules.Ruling{}, MeleeOutcome{}, rules.Breachf("A melee needs a figure on each side.")
	}
	if len(a) > 1 && len(b) > 1 {
		return rules.Ruling{}, MeleeOutcome{}, rules.Breachf("Fight a melee as one figure against one or more: split this one into pairings.")
	}
	lone, many := a, b
	if len(a) > 1 {
		lone, many = b, a
	}
	l := lone[0]
	target := 0
	if m.Target != "" {
		target = -1
		for i, o := range many {
			if strings.EqualFold(o.f.Name, m.Target) {
				target = i
			}
		}
		if target < 0 {
			return rules.Ruling{}, MeleeOutcome{}, rules.Breachf("%s is not fighting %s.", m.Target, nameOr(l.f.Name, "the figure"))
		}
	}
	names := make([]string, len(many))
	for i, o := range many {
		names[i] = nameOr(o.f.Name, "an opponent")
	}
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Melee: %s against %s", nameOr(l.f.Name, "a figure"), strings.Join(names, ", ")),
		Readings: []rules.Reading{reading("G18")}}
	if len(many) > 1 {
		r.Readings = append(r.Readings, reading("G19"))
	}
	for _, x := range append(append([]attack{}, a...), b...) {
		if x.f.Horse {
			r.Readings = append(r.Readings, reading("G20"))
			break
		}
	}
	contests := make([]Contest, len(many))
	results := make([]string, len(many))
	// pick is the opponent the outnumbered figure wounds; −1: the one he beats
	// by most, decided once every roll is made (G19a).
	pick := target
	if m.Target == "" && len(many) > 1 {
		pick = -1
		r.Readings = append(r.Readings, reading("G19a"))
	}
	var beaten []int
	margin := make([]int, len(many))
	loneDead := false
	lm := rules.Sum(l.mods)
	wound := func(i int, loser Fighter) {
		c := &contests[i]
		var hst rules.Step
		var h Hit
		if loser.Horse {
			hst, h = EffectOfHit(src, HitTarget{Name: loser.Name, Mounted: true, Choose: ChooseHorse})
			h.Target = strings.TrimSuffix(loser.Name, "'s horse")
		} else {
			hst, h = EffectOfHit(src, HitTarget{Name: loser.Name, Character: loser.Character, SeriouslyWounded: loser.SeriouslyWounded})
		}
		c.Hit = h
		r.Steps = append(r.Steps, hst)
		results[i] = fmt.Sprintf("%s beats %s: %s", nameOr(c.Winner, "the winner"), nameOr(c.Loser, "the loser"), Summarise([]Hit{h}))
	}
	parry := func(i int) {
		contests[i].Parry = true
		results[i] = fmt.Sprintf("%s parries %s", nameOr(l.f.Name, "the figure"), nameOr(many[i].f.Name, "the opponent"))
	}
	for i, o := range many {
		om := rules.Sum(o.mods)
		var lt, ot int
		for round := 1; ; round++ {
			lr, or := d20(src), d20(src)
			lt, ot = lr.Total+lm, or.Total+om
			tag := ""
			if round > 1 {
				tag = " (reroll)"
			}
			r.Steps = append(r.Steps,
				rules.Step{What: nameOr(l.f.Name, "the figure") + tag, Roll: lr, Table: "melee", Modifiers: l.mods, Result: fmt.Sprint(lt)},
				rules.Step{What: nameOr(o.f.Name, "the opponent") + tag, Roll: or, Table: "melee", Modifiers: o.mods, Result: fmt.Sprint(ot)})
			if lt != ot {
				break
			}
			r.Steps[len(r.Steps)-1].Result += ": tie, both roll again"
		}
		c := &contests[i]
		switch {
		case lt > ot:
			c.Winner, c.Loser = l.f.Name, o.f.Name
			switch {
			case pick < 0:
				beaten, margin[i] = append(beaten, i), lt-ot
			case i != pick:
				parry(i)
			default:
				wound(i, o.f)
			}
		case loneDead:
			c.Winner, c.Loser = o.f.Name, l.f.Name
			results[i] = fmt.Sprintf("%s beats %s, who is already dead", nameOr(c.Winner, "the winner"), nameOr(c.Loser, "the loser"))
		default:
			c.Winner, c.Loser = o.f.Name, l.f.Name
			wound(i, l.f)
			switch c.Hit.Effect {
			case Serious:
				l.f.SeriouslyWounded = true
			case Dead:
				loneDead = true
			}
		}
	}
	if best := beatenMost(beaten, margin, many); best >= 0 {
		for _, i := range beaten {
			if i == best {
				wound(i, many[i].f)
			} else {
				parry(i)
			}
		}
	}
	out := MeleeOutcome{Contests: contests}
	results = slices.DeleteFunc(results, func(s string) bool { return s == "" })
	r.Result = strings.Join(results, "; ") + "."
	for i, o := range many {
		p := WinChance(lm, rules.Sum(o.mods))
		r.Odds = append(r.Odds,
			rules.Chance{Outcome: fmt.Sprintf("%s beats %s", nameOr(l.f.Name, "the figure"), names[i]), P: p},
			rules.Chance{Outcome: fmt.Sprintf("%s beats %s", names[i], nameOr(l.f.Name, "the figure")), P: 1 - p})
	}
	return r, out, nil
}

// beatenMost is the opponent the outnumbered figure wounds when he names none
// (G19a): of those he beat, the one he beat by most; a horse only if he beat
// nobody else. −1 when he beat no one.
func beatenMost(beaten, margin []int, many []attack) int {
	best := -1
	for _, i := range beaten {
		switch {
		case best < 0:
			best = i
		case many[best].f.Horse != many[i].f.Horse:
			if many[best].f.Horse {
				best = i
			}
		case margin[i] > margin[best]:
			best = i
		}
	}
	return best
}
