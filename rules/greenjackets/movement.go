package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
)

// Speeds is one row of the movement chart: inches per move order at each speed,
// and the most a squad may move in a turn.
type Speeds struct {
	Crawl, Jog, Run, Max int
	// RunOneInThree: may run/charge only one move in three.
	RunOneInThree bool
}

// MovementChart is the movement chart (section 6).
//
//	Figure type     Crawl/slow walk  Jog/trot  Run/charge       MAX
var MovementChart = map[Arm]Speeds{
	Infantry:     {Crawl: 3, Jog: 6, Run: 9, Max: 9},
	HeavyCavalry: {Crawl: 4, Jog: 8, Run: 12, Max: 12, RunOneInThree: true},
	LightCavalry: {Crawl: 5, Jog: 10, Run: 15, Max: 15, RunOneInThree: true},
	Artillery:    {Crawl: 2, Jog: 6, Run: 10, Max: 10, RunOneInThree: true},
}

// RoadBonus is added to every speed on a road (section 6).
const RoadBonus = 2

// A Move is one move order for a squad (G7).
type Move struct {
	Squad string
	Arm   Arm
	Speed Speed
	Road  bool
	// Wounded: the squad moves with wounded figures, which halve all movement.
	Wounded bool
	// Woods: moving through woods or marsh ("hard" going).
	Woods bool
	// Rough: moving through rough ground, hard going that guns may enter.
	Rough bool
	// WoodsPassable: the umpire declared woods passable to artillery.
	WoodsPassable bool
	// Moved is how far the squad has already moved this turn.
	Moved float64
	// TurnsSinceRun is how many turns ago the squad last ran or charged (0: never).
	TurnsSinceRun int
	// Limbered: for artillery, whether the gun is limbered to its horses.
	Limbered bool
}

// MoveOutcome is how far the squad may go with this order.
type MoveOutcome struct {
	Inches float64
	Max    float64
	Charge bool
}

// Allowance is the distance one move order allows, and the turn's maximum (G7).
// Breaches: running twice in three turns (cavalry, artillery), artillery in woods,
// charging through woods, artillery moving faster than man-handling unlimbered,
// and going past the turn's maximum.
func Allowance(m Move) (rules.Ruling, MoveOutcome, error) {
	arm := m.Arm
	if arm == Gun {
		arm = Artillery
	}
	row, ok := MovementChart[arm]
	if !ok {
		return rules.Ruling{}, MoveOutcome{}, rules.Breachf("%s has no movement row.", m.Arm)
	}
	who := nameOr(m.Squad, "the squad")
	var base int
	switch m.Speed {
	case Crawl:
		base = row.Crawl
	case Jog:
		base = row.Jog
	case Run:
		base = row.Run
	default:
		return rules.Ruling{}, MoveOutcome{}, rules.Breachf("Say how fast %s moves: crawl, jog or run.", who)
	}
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Move: %s at %s", who, m.Speed), Readings: []rules.Reading{reading("G7")}}
	if arm == Artillery && m.Woods && !m.WoodsPassable {
		return r, MoveOutcome{}, rules.Breachf("Woods and marsh are impassable to artillery unless the umpire declared them passable.")
	}
	hard := m.Woods || m.Rough
	if hard && m.Speed == Run {
		return r, MoveOutcome{}, rules.Breachf("No one may charge through %s; %s moves at a crawl there.", hardGoing(m), who)
	}
	if arm == Artillery && !m.Limbered && m.Speed != Crawl {
		return r, MoveOutcome{}, rules.Breachf("An unlimbered gun can only be man-handled (crawl); limber it first to jog or run.")
	}
	if m.Speed == Run && row.RunOneInThree && m.TurnsSinceRun > 0 && m.TurnsSinceRun < 3 {
		return r, MoveOutcome{}, rules.Breachf("%s may run or charge only one move in three, and ran %s ago.", who, rules.Plural(m.TurnsSinceRun, "turn", "turns"))
	}
	var mods []rules.Modifier
	if hard && m.Speed == Jog {
		mods = append(mods, rules.Modifier{Value: row.Crawl - row.Jog, Reason: hardGoing(m) + ": hard going, crawl speed", Short: hardGoing(m)})
	}
	if m.Road {
		mods = append(mods, rules.Modifier{Value: RoadBonus, Reason: "on a road"})
	}
	dist := float64(base + rules.Sum(mods))
	maxTurn := float64(row.Max)
	if m.Road {
		maxTurn += RoadBonus
	}
	if m.Wounded {
		dist /= 2
		maxTurn /= 2
	}
	left := maxTurn - m.Moved
	if left <= 0 {
		return r, MoveOutcome{}, rules.Breachf("%s has already moved %s, its most this turn.", who, inches(m.Moved))
	}
	go_ := min(dist, left)
	step := rules.Step{What: who, Table: "movement chart", Row: fmt.Sprintf("%s, %s", arm, m.Speed), Base: intp(base), Modifiers: mods,
		Result: fmt.Sprintf("up to %s", inches(go_))}
	if m.Wounded {
		step.Result += " (wounded: halved)"
	}
	r.Steps = []rules.Step{step}
	r.Result = fmt.Sprintf("%s moves up to %s; %s moved of %s this turn.", who, inches(go_), inches(m.Moved+go_), inches(maxTurn))
	if go_ < dist {
		r.Result += fmt.Sprintf(" The turn's maximum cuts this move from %s.", inches(dist))
	}
	return r, MoveOutcome{Inches: go_, Max: maxTurn, Charge: m.Speed == Run}, nil
}

// hardGoing names the hard going a move enters.
func hardGoing(m Move) string {
	if m.Woods {
		return "woods or marsh"
	}
	return "rough ground"
}
