package greenjackets

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
)

// ReloadChart is the reloading actions each weapon needs (section 8).
var ReloadChart = map[Weapon]int{
	Musket:      1,
	Pistol:      1,
	Carbine:     1,
	Rifle:       2, // 1 if tap-loaded
	Blunderbuss: 3,
	VolleyGun:   4,
	Cannon:      10, // +1 per crewman dead or seriously wounded
}

// ReloadNeeded is how many reloading actions a weapon takes (G11).
func ReloadNeeded(w Weapon, tap bool, crewLost int) (int, error) {
	n, ok := ReloadChart[w]
	if !ok {
		return 0, rules.Breachf("A figure with no firearm has nothing to reload.")
	}
	if w == Rifle && tap {
		n = 1
	}
	if w == Cannon {
		n += crewLost
	}
	return n, nil
}

// A Reload is one reloading action by one figure (or a gun's crew).
type Reload struct {
	Name     string
	Weapon   Weapon
	Tap      bool
	CrewLost int
	// Done is how many reloading actions were done before this one.
	Done int
	// Charged: the figure charged this move (no reloading then).
	Charged bool
	Stunned bool
	Loaded  bool
}

// ReloadOutcome is the figure's loading after the action.
type ReloadOutcome struct {
	Done, Needed int
	Loaded       bool
}

// ReloadStep resolves one reloading action (G11); no dice.
func ReloadStep(r Reload) (rules.Step, ReloadOutcome, error) {
	who := nameOr(r.Name, "the figure")
	switch {
	case r.Loaded:
		return rules.Step{}, ReloadOutcome{Loaded: true}, rules.Breachf("%s is already loaded.", who)
	case r.Charged:
		return rules.Step{}, ReloadOutcome{}, rules.Breachf("%s charged this move and cannot reload in it.", who)
	case r.Stunned:
		return rules.Step{}, ReloadOutcome{}, rules.Breachf("%s is stunned and cannot reload this turn.", who)
	}
	need, err := ReloadNeeded(r.Weapon, r.Tap, r.CrewLost)
	if err != nil {
		return rules.Step{}, ReloadOutcome{}, err
	}
	out := ReloadOutcome{Done: r.Done + 1, Needed: need}
	out.Loaded = out.Done >= need
	row := string(r.Weapon)
	if r.Weapon == Rifle && r.Tap {
		row = "rifle, tap-loaded"
	}
	if r.Weapon == Cannon && r.CrewLost > 0 {
		row = fmt.Sprintf("artillery, %s lost", rules.Plural(r.CrewLost, "crewman", "crewmen"))
	}
	res := fmt.Sprintf("%d of %d done", out.Done, need)
	if out.Loaded {
		res += ": loaded"
	}
	row += ", " + rules.Plural(need, "action", "actions")
	return rules.Step{What: who + " reloads", Table: "reloading", Row: row, Result: res}, out, nil
}
