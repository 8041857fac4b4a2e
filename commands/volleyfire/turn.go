package volleyfire

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// nextButton moves the turn on (routed by the game commands to NextTurn).
var nextButton = interaction.Button{Label: "Next", ID: battle.ButtonTurnNext, Style: interaction.Secondary}

// NewTurn is /turn new: the umpire starts a turn; the side that activates first
// is the umpire's choice (/volleyfire first) or rolled for (V3 reading).
func (Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := umpireBoard(tx, "start a turn")
	if err != nil {
		return interaction.Response{}, err
	}
	t := &b.Turn
	switch t.Phase {
	case vf.Activations:
		return interaction.Response{}, interaction.Refusef("Turn %d is still in its activations: `/turn next` ends the current activation or passes; the combats come after.", t.Number)
	case vf.Combats:
		return interaction.Response{}, interaction.Refusef("Turn %d's combats are still to be fought: `/turn next` fights them.", t.Number)
	}
	sides := b.sides()
	if len(sides) < 2 {
		return interaction.Response{}, interaction.Refuse("A turn needs units on at least two sides: the umpire adds them with `/volleyfire unit-add`.")
	}
	var rs []rules.Ruling
	order := sides
	if b.First != "" && contains(sides, b.First) {
		order = rotate(sides, b.First)
	} else {
		r, o, err := vf.RollFirst(tx.Dice(), sides)
		if err != nil {
			return interaction.Response{}, err
		}
		rs, order = append(rs, r), o
	}
	chosen := b.First
	b.First = ""
	t.Start(order)
	t.Settle(b.ready)
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	summary := fmt.Sprintf("turn %d begins; %s activates first", t.Number, order[0])
	if chosen != "" {
		summary += " (umpire's choice)"
	}
	tx.Log(summary)
	note := fmt.Sprintf("**Turn %d begins.** %s", t.Number, whoseLine(b, tx.Game))
	if chosen != "" {
		note = fmt.Sprintf("**Turn %d begins.** The umpire chose %s to activate first. %s", t.Number, render.Inert(chosen), whoseLine(b, tx.Game))
	}
	resp := show(tx, note, rs...)
	if len(rs) == 0 {
		resp = interaction.Say(note)
	}
	resp.Public[0].Buttons = []interaction.Button{nextButton}
	return resp, nil
}

// NextTurn is /turn next: during the activations it ends the active unit's
// activation (its player or the umpire) or, with none active, lets the side
// pass (the umpire); in the combat phase it fights every combat not yet fought
// and ends the turn.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	t := &b.Turn
	switch t.Phase {
	case "":
		return interaction.Response{}, interaction.Refuse("No turn has started: the umpire starts one with `/turn new`.")
	case vf.Over:
		return interaction.Response{}, interaction.Refusef("Turn %d is over: the umpire starts turn %d with `/turn new`.", t.Number, t.Number+1)
	case vf.Activations:
		var note string
		if t.Active != "" {
			u := b.unit(t.Active)
			if err := canAct(tx, u); err != nil {
				return interaction.Response{}, err
			}
			note = fmt.Sprintf("%s ends its activation.", render.Inert(u.Name))
			tx.Log(u.Name + " ends its activation")
		} else {
			if err := tx.RequireUmpire("pass a side's activation"); err != nil {
				return interaction.Response{}, err
			}
			side := t.Whose()
			note = fmt.Sprintf("%s passes.", render.Inert(side))
			others := false
			for _, o := range t.Order {
				others = others || (o != side && b.ready(o))
			}
			if !others {
				// No other side has a unit to activate: passing again would come
				// straight back, so the side's units hold for the rest of the turn.
				for _, u := range b.Units {
					if u.Side == side && u.Gone == "" {
						t.Spent[u.Name] = true
					}
				}
				note = fmt.Sprintf("%s passes: no other side has a unit to activate, so its units hold this turn.", render.Inert(side))
			}
			tx.Log(side + " passes")
		}
		t.End(b.ready)
		if err := tx.SetBoard(b); err != nil {
			return interaction.Response{}, err
		}
		resp := interaction.Say(note + " " + whoseLine(b, tx.Game))
		resp.Public[0].Buttons = []interaction.Button{nextButton}
		return resp, nil
	}
	// The combat phase: fight what has not been fought this turn.
	var rs []rules.Ruling
	var notes []string
	for {
		i := -1
		for j, c := range b.Combats {
			if c.Fought < t.Number {
				i = j
				break
			}
		}
		if i < 0 {
			break
		}
		r, note, err := fightCombat(tx, b, i)
		if err != nil {
			return interaction.Response{}, err
		}
		rs, notes = append(rs, r), append(notes, note)
	}
	t.Phase = vf.Over
	if err := tx.SetBoard(b); err != nil {
		return interaction.Response{}, err
	}
	tx.Log(fmt.Sprintf("turn %d ends", t.Number))
	end := fmt.Sprintf("**Turn %d is over.**", t.Number)
	if len(b.Combats) > 0 {
		end += " Units still in combat stay in it; they may break away with an action next turn."
	}
	end += " The umpire starts the next turn with `/turn new`."
	if len(rs) == 0 {
		return interaction.Say("No combats to fight. " + end), nil
	}
	resp := interaction.Response{Result: rs}
	for k, r := range rs {
		resp.Public = append(resp.Public, interaction.Message{Content: render.Clip(notes[k], render.MaxContent),
			Embeds: []interaction.Embed{render.Ruling(r, footer(tx))}})
	}
	resp.Public = append(resp.Public, interaction.Message{Content: end})
	return resp, nil
}

// TurnStatus is /turn status: the turn, whose activation, and what is left.
func (Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	b, err := load(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	e := interaction.Embed{Title: "Volleyfire! — the turn", Description: turnLine(b, tx.Game), Color: render.ColourRuling}
	for _, side := range b.sides() {
		var ready, spent []string
		for _, u := range b.Units {
			if u.Side != side || u.Gone != "" {
				continue
			}
			if b.Turn.Spent[u.Name] {
				spent = append(spent, render.Inert(u.Name))
			} else {
				ready = append(ready, render.Inert(u.Name))
			}
		}
		v := "to act: " + inline(ready) + "\nspent: " + inline(spent)
		e.Fields = append(e.Fields, interaction.Field{Name: render.Clip(render.Inert(side), render.MaxFieldName), Value: render.Clip(v, render.MaxFieldValue)})
	}
	if len(b.Combats) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Combats", Value: render.Clip(combatsLine(b), render.MaxFieldValue)})
	}
	resp := interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{e}}}}
	if b.Turn.Phase == vf.Activations || b.Turn.Phase == vf.Combats {
		resp.Public[0].Buttons = []interaction.Button{nextButton}
	}
	return resp, nil
}

// turnLine says where the turn stands.
func turnLine(b *Board, g *battle.Game) string {
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
func whoseLine(b *Board, g *battle.Game) string {
	t := &b.Turn
	switch t.Phase {
	case vf.Combats:
		if len(b.Combats) == 0 {
			return "Every unit has acted: no combats, so `/turn next` ends the turn."
		}
		return fmt.Sprintf("Every unit has acted: the combat phase. %s to fight: `/turn next`.", plural(len(b.Combats), "combat"))
	case vf.Activations:
	default:
		return ""
	}
	if t.Active != "" {
		u := b.unit(t.Active)
		return fmt.Sprintf("%s is activated (%s) with %s left.", render.Inert(u.Name), render.Inert(u.Side), plural(t.Left(u.Name), "action"))
	}
	side := t.Whose()
	who := b.players(side, g)
	if who != "" {
		who = " (" + render.Inert(who) + ")"
	}
	return fmt.Sprintf("The **%s** side activates now%s: `/volleyfire activate unit:…`.", render.Inert(side), who)
}

// afterAction spends the action, ends the activation when both are used, and says
// what comes next.
func afterAction(tx *battle.Tx, b *Board, u *Unit) string {
	t := &b.Turn
	if u.Gone != "" || t.Active != u.Name {
		t.Settle(b.ready)
		return whoseLine(b, tx.Game)
	}
	if t.Left(u.Name) > 0 {
		return fmt.Sprintf("%s has %s left.", render.Inert(u.Name), plural(t.Left(u.Name), "action"))
	}
	t.End(b.ready)
	return fmt.Sprintf("%s has used both actions. %s", render.Inert(u.Name), whoseLine(b, tx.Game))
}

// sideRoster lists a side's units and command bases for /game status and the roster.
func sideRoster(b *Board, side string, g *battle.Game) string {
	var lines []string
	for _, u := range b.Units {
		if u.Side != side {
			continue
		}
		lines = append(lines, unitLine(b, &u, g))
	}
	for _, c := range b.Commanders {
		if c.Side != side {
			continue
		}
		lines = append(lines, commanderLine(b, &c))
	}
	return orNone(lines)
}

func unitLine(b *Board, u *Unit, g *battle.Game) string {
	if u.Gone != "" {
		return fmt.Sprintf("~~%s~~ — %s", render.Inert(u.Name), u.Gone)
	}
	var parts []string
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
	parts = append(parts, what, plural(u.Bases, "base"))
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
	if c := b.joined(u.Name); c != nil {
		parts = append(parts, "with "+render.Inert(c.Name))
	}
	if b.combatOf(u.Name) >= 0 {
		parts = append(parts, "in combat")
	}
	if b.Turn.Spent[u.Name] {
		parts = append(parts, "spent")
	}
	if u.Player != "" && g != nil {
		parts = append(parts, render.Inert(g.Player(u.Player)))
	}
	return fmt.Sprintf("**%s** — %s", render.Inert(u.Name), strings.Join(parts, ", "))
}

func commanderLine(b *Board, c *Commander) string {
	if c.Lost {
		return fmt.Sprintf("~~%s~~ — command base lost", render.Inert(c.Name))
	}
	rng, _, _, _ := vf.CommandRange(vf.General{Name: c.Name, Nation: c.Nation, Royal: c.Royal}, b.generals())
	grade := "command"
	if c.Royal {
		grade = "royal command"
	}
	s := fmt.Sprintf("**%s** — %s %s, %d\"", render.Inert(c.Name), strings.TrimSpace(string(c.Nation)), grade, rng)
	if c.Joined != "" {
		s += ", with " + render.Inert(c.Joined)
	}
	return s
}

func combatsLine(b *Board) string {
	var lines []string
	for _, c := range b.Combats {
		lines = append(lines, fmt.Sprintf("%s → %s (%s)", engagedNames(c.Chargers), engagedNames(c.Defenders), c.Facing))
	}
	return strings.Join(lines, "\n")
}

func engagedNames(es []Engaged) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = render.Inert(e.Unit)
	}
	return strings.Join(s, " & ")
}

func inline(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "\n")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// rotate puts first at the head of sides, keeping the order round.
func rotate(sides []string, first string) []string {
	for i, s := range sides {
		if strings.EqualFold(s, first) {
			return append(append([]string(nil), sides[i:]...), sides[:i]...)
		}
	}
	return sides
}
