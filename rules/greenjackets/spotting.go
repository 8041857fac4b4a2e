package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Automatic marks a spotting chart cell that needs no roll.
const Automatic = 99

// A Band is a range band of a chart: distances up to and including Top inches
// (the last band has Top 0: anything beyond).
type Band struct {
	Name string
	Top  float64
}

// SpottingBands are the rows of the spotting chart (section 5).
var SpottingBands = []Band{{"0-5", 5}, {"6-15", 15}, {"16-30", 30}, {"31-45", 45}, {"46+", 0}}

// SpottingChart is the spotting chart (section 5): d20 at or under spots.
//
//	Distance   In Open    Soft Cover  Hard Cover
var SpottingChart = map[Cover][5]int{
	Open: {Automatic, Automatic, 15, 12, 9},
	Soft: {Automatic, 15, 12, 9, 6},
	Hard: {15, 12, 9, 6, 3},
}

// band finds the band a distance falls in; a distance past a band's top is in the next.
func band(bands []Band, d float64) int {
	for i, b := range bands {
		if b.Top == 0 || d <= b.Top {
			return i
		}
	}
	return -1
}

// Spotting is what an officer's observation roll depends on (section 5).
type Spotting struct {
	Officer     string
	Target      string
	Distance    float64
	Cover       Cover // the enemy's cover
	Speed       Speed // the officer's: jog −1, run/charge −3
	EnemyFiring bool
	EnemyProne  bool
	Contact     bool
}

// SpotOutcome is whether the enemy section was spotted.
type SpotOutcome struct{ Spotted bool }

// Spot resolves an observation (G6).
func Spot(src dice.Source, s Spotting) (rules.Ruling, SpotOutcome, error) {
	if s.Distance < 0 {
		return rules.Ruling{}, SpotOutcome{}, rules.Breachf("A distance cannot be negative.")
	}
	if s.Cover == "" {
		s.Cover = Open
	}
	title := fmt.Sprintf("Observation: %s looks for %s at %s", nameOr(s.Officer, "the officer"), nameOr(s.Target, "the enemy"), inches(s.Distance))
	r := rules.Ruling{Ruleset: ID, Title: title, Readings: []rules.Reading{reading("G6")}}
	if s.Contact {
		r.Result = "Spotted: contact spots automatically."
		r.Odds = []rules.Chance{{Outcome: "spotted", P: 1}}
		return r, SpotOutcome{Spotted: true}, nil
	}
	bi := band(SpottingBands, s.Distance)
	row := fmt.Sprintf("%s, %s\"", s.Cover, SpottingBands[bi].Name)
	base := SpottingChart[s.Cover][bi]
	if base == Automatic {
		r.Result = fmt.Sprintf("Spotted: automatic at %s in %s.", inches(s.Distance), coverName(s.Cover))
		r.Steps = []rules.Step{{What: "spotting chart", Table: "spotting chart", Row: row, Result: "automatic"}}
		r.Odds = []rules.Chance{{Outcome: "spotted", P: 1}}
		return r, SpotOutcome{Spotted: true}, nil
	}
	mods := observerModifiers(s.Speed)
	if s.EnemyFiring {
		mods = append(mods, rules.Modifier{Value: 5, Reason: "enemy firing"})
	}
	if s.EnemyProne {
		mods = append(mods, enemyProne)
	}
	need := base + rules.Sum(mods)
	roll := d20(src)
	out := SpotOutcome{Spotted: roll.Total <= need}
	res := "not spotted"
	if out.Spotted {
		res = "spotted"
	}
	r.Steps = []rules.Step{{What: nameOr(s.Officer, "officer") + " observes", Roll: roll, Table: "spotting chart", Row: row,
		Base: intp(base), Modifiers: mods, Need: fmt.Sprintf("≤ %d", need), Result: res}}
	if out.Spotted {
		r.Result = fmt.Sprintf("Spotted: %s sees %s.", nameOr(s.Officer, "the officer"), nameOr(s.Target, "the enemy"))
	} else {
		r.Result = fmt.Sprintf("Not spotted: %s cannot make out %s this move.", nameOr(s.Officer, "the officer"), nameOr(s.Target, "the enemy"))
	}
	p := atMost(need)
	r.Odds = []rules.Chance{{Outcome: "spotted", P: p}, {Outcome: "not spotted", P: 1 - p}}
	return r, out, nil
}

// observerModifiers are the observing officer's own modifiers to his roll
// (G6): jogging −1, running or charging −3.
func observerModifiers(s Speed) []rules.Modifier {
	switch s {
	case Jog:
		return []rules.Modifier{{Value: -1, Reason: "officer jogging"}}
	case Run:
		return []rules.Modifier{{Value: -3, Reason: "officer charging"}}
	}
	return nil
}

// enemyProne is the modifier for a prone enemy sought (G6).
var enemyProne = rules.Modifier{Value: -2, Reason: "enemy prone"}

func coverName(c Cover) string {
	if c == Open {
		return "the open"
	}
	return string(c) + " cover"
}

func nameOr(name, def string) string {
	if name == "" {
		return def
	}
	return name
}
