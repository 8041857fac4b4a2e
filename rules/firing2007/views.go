package firing2007

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
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
	add(was.Note() != u.Note(), cmp.Or(u.Note(), "in plain sight"))
	return out
}

// The roster as players read it: markdown, names escaped and in bold.

// A SideView is one side of the roster: a line for each unit, then each general.
type SideView struct {
	Side  string
	Lines []string
}

// Roster is the roster by side, in the order the sides appear; player names a
// player by user id.
func (b *Board) Roster(player func(user string) string) []SideView {
	var out []SideView
	for _, side := range b.Sides() {
		v := SideView{Side: side}
		for _, u := range b.Units {
			if strings.EqualFold(u.Side, side) {
				v.Lines = append(v.Lines, u.Line(player))
			}
		}
		for _, g := range b.Generals {
			if strings.EqualFold(g.Side, side) {
				v.Lines = append(v.Lines, b.GeneralLine(g, player))
			}
		}
		out = append(out, v)
	}
	return out
}

// Line is the unit as the roster shows it: "**La Sarre** — line infantry,
// 4/6 SP, morale 6, in hard cover or buildings, **shaken** · Carol".
func (u Unit) Line(player func(user string) string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s — %s, %d/%d SP, morale %d", bold(u.Name), u.Type.Label(), u.Strength, u.Start, u.Morale)
	if u.Formation != Line {
		fmt.Fprintf(&s, ", %s", u.Formation)
	}
	if u.Cover != Open {
		fmt.Fprintf(&s, ", in %s", u.Cover.Label())
	}
	if u.Strength == 0 {
		s.WriteString(", **no strength left**")
	}
	if u.Shaken {
		s.WriteString(", **shaken**")
	}
	if u.Fired {
		s.WriteString(", fired this turn")
	}
	if n := u.Note(); n != "" {
		s.WriteString(", " + rules.Inert(n))
	}
	if u.Player != "" {
		fmt.Fprintf(&s, " · %s", rules.Inert(player(u.Player)))
	}
	return s.String()
}

// GeneralLine is a general as the roster shows him: "General **Montcalm**
// with La Sarre, light wound (½ speed); commands La Sarre, Battery".
func (b *Board) GeneralLine(g General, player func(user string) string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "General %s", bold(g.Name))
	switch {
	case g.Dead:
		s.WriteString(" — **dead**")
	case g.LightWounds >= 2:
		s.WriteString(" — **incapacitated** (two light wounds), out of play")
	default:
		if u := b.UnitByID(g.With); u != nil {
			fmt.Fprintf(&s, " with %s", rules.Inert(u.Name))
		}
		if g.LightWounds == 1 {
			s.WriteString(", light wound (½ speed)")
		}
	}
	if len(g.Chain) > 0 {
		fmt.Fprintf(&s, "; commands %s", rules.Inert(strings.Join(b.Names(g.Chain), ", ")))
	}
	if n := g.Note(); n != "" {
		s.WriteString("; " + rules.Inert(n))
	}
	if g.Player != "" {
		fmt.Fprintf(&s, " · %s", rules.Inert(player(g.Player)))
	}
	return s.String()
}

// Waiting says of each dead general whose chain of command the umpire has yet
// to settle what is asked of him.
func (b *Board) Waiting() []string {
	var out []string
	for _, p := range b.Pending {
		if g := b.GeneralByID(p.General); g != nil {
			out = append(out, fmt.Sprintf("General %s was killed: which of his chain (%s) are within 18\"? `/firing2007 chain general:%s units:…`",
				rules.Inert(g.Name), rules.Inert(strings.Join(b.Names(g.Chain), ", ")), rules.Arg(g.Name)))
		}
	}
	return out
}

// Label is the unit as a list of choices offers it, its kind first: "42nd —
// British close order infantry, British, 6/6 SP, shaken".
func (u Unit) Label() string {
	label := fmt.Sprintf("%s — %s, %s, %d/%d SP", u.Name, u.Type.Label(), u.Side, u.Strength, u.Start)
	if u.Shaken {
		label += ", shaken"
	}
	return label
}

// Label is the general as a list of choices offers him, his kind first:
// "Wolfe — general, British, light wound".
func (g General) Label() string {
	state := g.Side
	switch {
	case g.Dead:
		state += ", dead"
	case g.LightWounds >= 2:
		state += ", incapacitated"
	case g.LightWounds == 1:
		state += ", light wound"
	}
	return fmt.Sprintf("%s — general, %s", g.Name, state)
}

// FireState sorts the units by what they may do this turn: those that have
// fired, those that have not, and those with no strength left.
func (b *Board) FireState() (fired, ready, spent []string) {
	for _, u := range b.Units {
		switch {
		case u.Strength == 0:
			spent = append(spent, u.Name)
		case u.Fired:
			fired = append(fired, u.Name)
		default:
			ready = append(ready, u.Name)
		}
	}
	return fired, ready, spent
}
