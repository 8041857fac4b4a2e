package firing2007

import (
	"fmt"
	"strings"
)

// The board's summaries in plain words: what commands show of it, with their
// own markup around them.

// A SideLosses is what one side has lost in the battle.
type SideLosses struct {
	Side string
	// Lost of Start strength points, over the side's units.
	Lost, Start int
	// Hurt says of each unit and general hurt what befell him:
	// "La Sarre: 6 → 4 strength points, shaken", "General Montcalm: killed".
	Hurt []string
}

// Losses is each side's losses, in the order the sides appear on the roster.
func (b *Board) Losses() []SideLosses {
	var out []SideLosses
	for _, side := range b.Sides() {
		l := SideLosses{Side: side}
		for _, u := range b.Units {
			if !strings.EqualFold(u.Side, side) {
				continue
			}
			l.Lost += u.Start - u.Strength
			l.Start += u.Start
			var hurt []string
			if u.Start != u.Strength {
				hurt = append(hurt, fmt.Sprintf("%d → %d strength points", u.Start, u.Strength))
			}
			if u.Shaken {
				hurt = append(hurt, "shaken")
			}
			if len(hurt) > 0 {
				l.Hurt = append(l.Hurt, u.Name+": "+strings.Join(hurt, ", "))
			}
		}
		for _, g := range b.Generals {
			if c := g.Condition(); c != "" && strings.EqualFold(g.Side, side) {
				l.Hurt = append(l.Hurt, "General "+g.Name+": "+c)
			}
		}
		out = append(out, l)
	}
	return out
}

// Condition is how the general is hurt: "killed", "incapacitated by a second
// light wound", "light wound"; "" when unhurt.
func (g General) Condition() string {
	switch {
	case g.Dead:
		return "killed"
	case g.LightWounds >= 2:
		return "incapacitated by a second light wound"
	case g.LightWounds == 1:
		return "light wound"
	}
	return ""
}

// Changes says what changed from was to u, as the umpire reads it ("renamed
// 42nd Foot", "strength 4 → 3", "shaken"); who commands it is not said.
func (u Unit) Changes(was Unit) []string {
	var out []string
	add := func(changed bool, what string) {
		if changed {
			out = append(out, what)
		}
	}
	add(was.Name != u.Name, "renamed "+u.Name)
	add(was.Type != u.Type, "now "+u.Type.Label())
	add(was.Side != u.Side, "side "+u.Side)
	add(was.Strength != u.Strength, fmt.Sprintf("strength %d → %d", was.Strength, u.Strength))
	add(was.Morale != u.Morale, fmt.Sprintf("basic morale %d → %d", was.Morale, u.Morale))
	add(was.Formation != u.Formation, "in "+string(u.Formation))
	add(was.Cover != u.Cover, "in "+u.Cover.Label())
	add(was.Shaken != u.Shaken, map[bool]string{true: "shaken", false: "no longer shaken"}[u.Shaken])
	return out
}
