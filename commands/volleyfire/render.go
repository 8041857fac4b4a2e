package volleyfire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// turnLine says where the turn stands.
func turnLine(b *vf.Board, g *battle.Game) string {
	t := &b.Turn
	switch t.Phase {
	case "":
		return "No turn yet: the umpire starts one with `/turn new`."
	case vf.Over:
		return fmt.Sprintf("Turn %d is over: `/turn new` starts the next.", t.Number)
	case vf.Combats:
		return fmt.Sprintf("Turn %d: the combat phase. `/turn next` fights the combats (or `/volleyfire fight unit:…` one at a time).", t.Number)
	}
	return fmt.Sprintf("Turn %d: %s", t.Number, whoseLine(b, g))
}

// whoseLine says whose activation it is, or that the combats are next.
// The side that activates is named with the players of its units still in
// the battle; under fog of war, of those the main channel's view holds,
// which every reader knows of: a change's note saying so is shown to each
// reader who may read the change, the main channel and the other side too.
func whoseLine(b *vf.Board, g *battle.Game) string {
	t := &b.Turn
	switch {
	case t.Phase == vf.Combats && len(b.Combats) == 0:
		return "Every unit has acted: no combats, so `/turn next` ends the turn."
	case t.Phase == vf.Combats:
		return fmt.Sprintf("Every unit has acted: the combat phase. %s to fight: `/turn next`.", plural(len(b.Combats), "combat"))
	case t.Phase != vf.Activations:
		return ""
	case t.Active != "":
		u := b.UnitNamed(t.Active)
		return fmt.Sprintf("%s is activated (%s) with %s left.", render.Inert(u.Name), render.Inert(u.Side), plural(t.Left(u.Name), "action"))
	}
	side, seen := t.Whose(), b
	if g != nil && g.Fogged() {
		seen = b.View(rules.Main)
	}
	var who []string
	for _, u := range seen.Units {
		n := u.PlayerName
		if g != nil {
			n = g.Player(u.Player)
		}
		if u.Side == side && u.Gone == "" && u.Player != "" && !slices.Contains(who, n) {
			who = append(who, n)
		}
	}
	players := ""
	if len(who) > 0 {
		players = " (" + render.Inert(strings.Join(who, ", ")) + ")"
	}
	return fmt.Sprintf("The **%s** side activates now%s: `/volleyfire activate unit:…`.", render.Inert(side), players)
}

// afterNote says what comes next once a unit has acted.
func afterNote(b *vf.Board, g *battle.Game, a vf.After) string {
	switch {
	case a.Left > 0:
		return fmt.Sprintf("%s has %s left.", render.Inert(a.Unit), plural(a.Left, "action"))
	case a.Ended:
		return fmt.Sprintf("%s has used both actions. %s", render.Inert(a.Unit), whoseLine(b, g))
	}
	return whoseLine(b, g)
}

// sideRoster lists a side's units and command bases for /game status and the roster.
func sideRoster(b *vf.Board, side string, g *battle.Game) string {
	var lines []string
	for i := range b.Units {
		if b.Units[i].Side == side {
			lines = append(lines, unitLine(b, &b.Units[i], g))
		}
	}
	for i := range b.Commanders {
		if b.Commanders[i].Side == side {
			lines = append(lines, commanderLine(b, &b.Commanders[i]))
		}
	}
	if len(lines) == 0 {
		return "none"
	}
	return strings.Join(lines, "\n")
}

func unitLine(b *vf.Board, u *vf.RosterUnit, g *battle.Game) string {
	if u.Gone != "" {
		return fmt.Sprintf("~~%s~~ — %s", render.Inert(u.Name), u.Gone)
	}
	what := string(u.Kind)
	if u.Special != "" {
		what = string(u.Special)
	}
	if u.Nation != "" {
		what = string(u.Nation) + " " + what
	}
	if u.Elite {
		what = "elite " + what
	}
	parts := []string{what, plural(u.Bases, "base")}
	switch {
	case u.Kind == vf.Artillery && u.Limbered:
		parts = append(parts, "limbered")
	case u.Kind == vf.Artillery:
		parts = append(parts, "unlimbered")
	default:
		parts = append(parts, string(u.Formation))
	}
	load := string(u.Weapon)
	switch {
	case u.Weapon == vf.Pistol:
	case u.Loaded:
		load += " loaded"
	case u.Reloading > 0:
		load += fmt.Sprintf(" unloaded (%d/%d reload)", u.Reloading, vf.WeaponChart[u.Weapon].Reload)
	default:
		load += " unloaded"
	}
	parts = append(parts, load)
	if c := b.Joined(u.Name); c != nil {
		parts = append(parts, "with "+render.Inert(c.Name))
	}
	if b.CombatOf(u.Name) >= 0 {
		parts = append(parts, "in combat")
	}
	if b.Turn.Spent[u.Name] {
		parts = append(parts, "spent")
	}
	if u.Player != "" && g != nil {
		parts = append(parts, render.Inert(g.Player(u.Player)))
	}
	if n := u.Note(); n != "" {
		parts = append(parts, render.Inert(n))
	}
	return fmt.Sprintf("**%s** — %s", render.Inert(u.Name), strings.Join(parts, ", "))
}

func commanderLine(b *vf.Board, c *vf.Commander) string {
	if c.Lost {
		return fmt.Sprintf("~~%s~~ — command base lost", render.Inert(c.Name))
	}
	rng := vf.CommandRange(c.General, b.Generals()).Value
	grade := "command"
	if c.Royal {
		grade = "royal command"
	}
	s := fmt.Sprintf("**%s** — %s, %d\"", render.Inert(c.Name), strings.TrimSpace(string(c.Nation)+" "+grade), rng)
	if c.Joined != "" {
		s += ", with " + render.Inert(c.Joined)
	}
	if n := c.Note(); n != "" {
		s += ", " + render.Inert(n)
	}
	return s
}

func combatsLine(b *vf.Board) string {
	var lines []string
	for _, c := range b.Combats {
		lines = append(lines, fmt.Sprintf("%s → %s (%s)", engagedNames(c.Chargers), engagedNames(c.Defenders), c.Facing))
	}
	return strings.Join(lines, "\n")
}

func engagedNames(es []vf.Engaged) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = render.Inert(e.Unit)
	}
	return strings.Join(s, " & ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func inline(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// footer is a ruling's footer: its roll number in a game, or a quick ruling.
func footer(tx *battle.Tx) string {
	if n := tx.RollNumber(); n > 0 {
		return fmt.Sprintf("roll #%d", n)
	}
	if tx.Game != nil {
		return "no dice rolled"
	}
	return "quick ruling, not logged"
}

// show renders rulings as the public response, the last as its Result, with
// note as the message's text.
func show(tx *battle.Tx, note string, rs ...*rules.Ruling) interaction.Response {
	m := interaction.Message{Content: render.Clip(note, render.MaxContent)}
	resp := interaction.Response{}
	var titles []string // of the rulings with a Details button
	for _, r := range rs {
		if r != nil {
			rm := details.Ruling(tx, *r, footer(tx))
			m.Embeds, m.Buttons = append(m.Embeds, rm.Embeds...), append(m.Buttons, rm.Buttons...)
			if len(rm.Buttons) > 0 {
				titles = append(titles, r.Title)
			}
			resp.Result = *r
		}
	}
	if len(m.Buttons) > 1 { // each says whose working it shows
		for i := range m.Buttons {
			m.Buttons[i].Label = render.Clip("Details: "+render.Plain(titles[i]), 80)
		}
	}
	resp.Public = []interaction.Message{m}
	return resp
}

// field is a status field: a side or the combats, and its lines.
func field(name, value string) interaction.Field {
	return interaction.Field{Name: render.Clip(render.Inert(name), render.MaxFieldName), Value: render.Clip(value, render.MaxFieldValue)}
}
