package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
)

// A Move is one move action: the inches moved through open ground, light terrain
// (hills, streams) and heavy terrain (forest, swamp).
type Move struct {
	Unit               Unit
	Open, Light, Heavy float64
	House              House
}

// A MoveOutcome says whether the move fits the unit's allowance.
type MoveOutcome struct {
	Allowance int
	Cost      float64
	OK        bool
}

// Allowance is how far u may move in one action (V4): the Movement chart for its
// kind and nation (dragoons move as cavalry), plus its formation's bonus.
func Allowance(u Unit, h House) (ChartRead, error) {
	kind := u.Kind
	var readings []rules.Reading
	switch {
	case u.Kind == Command:
		return ChartRead{}, rules.Breachf("The text gives a command base no move of its own; move it with the units it commands.")
	case u.Kind == Artillery && !u.Limbered:
		return ChartRead{}, rules.Breachf("%s is unlimbered: limber it first (a change of formation).", u.Label())
	case u.Special == Dragoons:
		kind = Cavalry
	}
	base, row := 0, ""
	for _, m := range MoveChart {
		if m.Kind == kind && m.Nation == "" {
			base, row = m.Inches, string(kind)
		}
	}
	for _, m := range MoveChart {
		if m.Kind == kind && m.Nation == u.Nation && u.Nation != "" {
			base, row = m.Inches, string(u.Nation)+" "+string(kind)
		}
	}
	if u.Special == Dragoons {
		row = "dragoons move as " + row
	}
	if u.Kind == Artillery {
		row += ", limbered"
		readings = append(readings, ReadingLimber)
	}
	var mods []rules.Modifier
	if u.Kind != Artillery {
		if b := FormationMove[u.Formation]; b != 0 {
			mods = append(mods, rules.Modifier{Value: b, Reason: string(u.Formation)})
			readings = append(readings, V2)
		}
		if u.Formation == Square {
			if h.SquareNoMove {
				return ChartRead{}, rules.Breachf("A square cannot move (house rule square-move=none).")
			}
			readings = append(readings, HouseRuleReading(HouseSquareMove))
		}
	}
	return ChartRead{Value: base + rules.Sum(mods), Row: row, Modifiers: mods, Readings: readings}, nil
}

// MoveCost is what a move costs against the allowance (Terrain).
func MoveCost(open, light, heavy float64) float64 {
	return open*OpenCost + light*LightCost + heavy*HeavyCost
}

// CheckMove resolves one move action (V4). A move too long for the allowance is
// not an error: the ruling says by how much, and OK is false.
func CheckMove(m Move) (rules.Ruling, MoveOutcome, error) {
	u := m.Unit
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Move: %s", u.Label()), Readings: []rules.Reading{V4}}
	if err := u.Validate(); err != nil {
		return r, MoveOutcome{}, err
	}
	if m.Open < 0 || m.Light < 0 || m.Heavy < 0 {
		return r, MoveOutcome{}, rules.Breachf("Give the inches moved as zero or more.")
	}
	cr, err := Allowance(u, m.House)
	if err != nil {
		return r, MoveOutcome{}, err
	}
	allow, row, mods, rds := cr.Value, cr.Row, cr.Modifiers, cr.Readings
	r.Readings = append(r.Readings, rds...)
	cost := MoveCost(m.Open, m.Light, m.Heavy)
	base := allow - rules.Sum(mods)
	r.Steps = append(r.Steps, rules.Step{
		What: "Allowance", Table: "movement", Row: row, Base: &base, Modifiers: mods,
		Result: fmt.Sprintf("%s an action", Inches(float64(allow))),
	})
	var parts []string
	if m.Open > 0 {
		parts = append(parts, Inches(m.Open)+" open")
	}
	if m.Light > 0 {
		parts = append(parts, fmt.Sprintf("%s light ×2", Inches(m.Light)))
	}
	if m.Heavy > 0 {
		parts = append(parts, fmt.Sprintf("%s heavy ×3", Inches(m.Heavy)))
	}
	if len(parts) == 0 {
		parts = []string{"no distance"}
	}
	r.Steps = append(r.Steps, rules.Step{What: "Cost", Table: "terrain", Row: join(parts), Result: Inches(cost)})
	out := MoveOutcome{Allowance: allow, Cost: cost, OK: cost <= float64(allow)}
	if out.OK {
		r.Result = fmt.Sprintf("%s moves: %s of its %s.", u.Label(), Inches(cost), Inches(float64(allow)))
	} else {
		r.Result = fmt.Sprintf("Too far: that move costs %s and %s may move %s in one action.", Inches(cost), u.Label(), Inches(float64(allow)))
	}
	r.Readings = dedupe(r.Readings)
	return r, out, nil
}

func join(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += " + "
		}
		s += p
	}
	return s
}
