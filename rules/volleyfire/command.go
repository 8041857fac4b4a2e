package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
)

// A General is a command base (Command Bases): its nation and grade.
type General struct {
	Name   string `json:"name"`
	Nation Nation `json:"nation,omitempty"`
	Royal  bool   `json:"royal,omitempty"`
}

// CommandRange is a general's command range in inches (Command Bases, Special
// Units, National Bonuses): average 20", royal 30", regular French 25"; a Russian
// has 2" less than the best equal general of another nation among others
// (ReadingRussianCommand).
func CommandRange(g General, others []General) ChartRead {
	standard := func(o General) int {
		switch {
		case o.Royal:
			return RoyalCommand
		case o.Nation == French:
			return FrenchRegular
		}
		return AverageCommand
	}
	grade := "average"
	if g.Royal {
		grade = "royal"
	}
	if g.Nation != Russian {
		row := grade
		if !g.Royal && g.Nation == French {
			row = "regular French"
		}
		return ChartRead{Value: standard(g), Row: row}
	}
	equal, from := standard(General{Royal: g.Royal}), "the standard "+grade
	for _, o := range others {
		if o.Nation != Russian && o.Royal == g.Royal && standard(o) > equal {
			equal, from = standard(o), fmt.Sprintf("%s (%s %s)", o.Name, o.Nation, grade)
		}
	}
	mods := []rules.Modifier{{Value: -RussianLess, Reason: "Russian"}}
	return ChartRead{Value: equal - RussianLess, Row: "equal general: " + from, Modifiers: mods, Readings: []rules.Reading{V3, ReadingRussianCommand}}
}

// A ChartRead is a number read off a chart: the value with its modifiers
// applied, the chart's row, the modifiers and the readings taken.
type ChartRead struct {
	Value     int
	Row       string
	Modifiers []rules.Modifier
	Readings  []rules.Reading
}

// CheckCommand rules whether a unit distance inches from general g is in command.
func CheckCommand(g General, others []General, unit string, distance float64) (rules.Ruling, bool, error) {
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Command: %s from %s, %s", unit, LabelGeneral(g), Inches(distance)),
		Readings: []rules.Reading{V3}}
	if distance < 0 {
		return r, false, rules.Breachf("Give the command distance as inches, zero or more.")
	}
	cr := CommandRange(g, others)
	rng, row, mods, rds := cr.Value, cr.Row, cr.Modifiers, cr.Readings
	base := rng - rules.Sum(mods)
	r.Readings = dedupe(append(r.Readings, rds...))
	ok := distance <= float64(rng)
	res := "in command"
	if !ok {
		res = "out of command"
		r.Readings = append(r.Readings, ReadingOutOfCommand)
	}
	r.Steps = []rules.Step{{What: "Command range", Table: "command", Row: row, Base: &base, Modifiers: mods,
		Result: fmt.Sprintf("%s: %s at %s", Inches(float64(rng)), res, Inches(distance))}}
	if ok {
		r.Result = fmt.Sprintf("%s is %s from %s (range %s): in command.", unit, Inches(distance), LabelGeneral(g), Inches(float64(rng)))
	} else {
		r.Result = fmt.Sprintf("%s is %s from %s (range %s): out of command; it may only shoot at the closest enemy.", unit, Inches(distance), LabelGeneral(g), Inches(float64(rng)))
	}
	return r, ok, nil
}

// LabelGeneral is g's name, or when it has none its description: "a royal French commander".
func LabelGeneral(g General) string {
	if g.Name != "" {
		return g.Name
	}
	s := "an average"
	if g.Royal {
		s = "a royal"
	}
	if g.Nation != "" {
		s += " " + string(g.Nation)
	}
	return s + " commander"
}
