package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// unitLine describes a unit as the roster shows it.
func unitLine(u rc.Unit) string {
	var extra []string
	if u.Disordered {
		extra = append(extra, "disordered")
	}
	if u.LostToFire > 0 {
		extra = append(extra, rules.Plural(u.LostToFire, "stand", "stands")+" lost to fire this turn")
	}
	if u.Moved {
		extra = append(extra, "moved")
	}
	if u.Officer != "" {
		extra = append(extra, "under "+render.Inert(u.Officer))
	}
	if n := u.Note(); n != "" {
		extra = append(extra, n)
	}
	s := fmt.Sprintf("%s: %s %s in %s, %d/%d stands, morale %d%%", render.Inert(u.Name), u.Nationality, u.Type, u.Formation, u.Stands, u.Start, u.Morale)
	if u.Stands == 0 {
		s = fmt.Sprintf("%s: destroyed (%d stands lost)", render.Inert(u.Name), u.Start)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// officerLine describes an officer; inTurn says whether orders are counted yet.
func officerLine(o rc.Officer, inTurn bool) string {
	who := ""
	if o.PlayerName != "" {
		who = " — " + render.Inert(o.PlayerName)
	}
	state := rules.Plural(o.Orders, "order", "orders") + " left"
	if !inTurn {
		state = fmt.Sprintf("%s orders a turn", o.Calibre.Orders())
	}
	switch {
	case o.Dead:
		state = "dead"
	case o.Wounded:
		state = "wounded"
	case o.Stays && inTurn:
		state += ", does not move himself this turn"
	}
	if n := o.Note(); n != "" {
		state += ", " + n
	}
	return fmt.Sprintf("%s (%s, %s): %s%s", render.Inert(o.Name), o.Rank, o.Calibre, state, who)
}

// footer is the roll number in a game, or says a quick ruling is not logged.
func footer(tx *battle.Tx) string {
	if tx.Game == nil {
		return "quick ruling, not logged"
	}
	if n := tx.RollNumber(); n > 0 {
		return fmt.Sprintf("roll #%d", n)
	}
	return "no dice rolled"
}

// show is a public ruling, with the ruling as the machine-readable result.
func show(tx *battle.Tx, r rules.Ruling) interaction.Response {
	return interaction.Response{Public: []interaction.Message{details.Ruling(tx, r, footer(tx))}, Result: r}
}

// record logs a ruling as its title and what came of it, and keeps the board
// it changed (nil: a quick ruling's board, or nothing changed).
func record(tx *battle.Tx, r rules.Ruling, came string, changed *rc.Board, quick bool) error {
	kind, what, _ := strings.Cut(r.Title, ": ")
	if quick {
		kind += " (quick)"
	}
	tx.Log(fmt.Sprintf("%s: %s, %s", strings.ToLower(kind[:1])+kind[1:], what, came))
	if changed == nil {
		return nil
	}
	return tx.SetBoard(changed)
}

// turnField is the turn and the cards drawn in it.
func turnField(b *rc.Board) interaction.Field {
	return interaction.Field{Name: "Turn", Value: b.TurnText()}
}

// addOrders adds to a turn's ruling the orders of the officers this turn.
func addOrders(m *interaction.Message, officers []rc.Officer) {
	var lines []string
	for _, o := range officers {
		line := fmt.Sprintf("%s (%s %s): %s", render.Inert(o.Name), o.Side, o.Calibre, rules.Plural(o.Orders, "order", "orders"))
		switch {
		case o.Dead:
			line = fmt.Sprintf("%s: dead, no orders", render.Inert(o.Name))
		case o.Wounded:
			line = fmt.Sprintf("%s: wounded, no orders until he recovers", render.Inert(o.Name))
		case o.Stays:
			line += ", does not move himself this turn"
		}
		lines = append(lines, line)
	}
	orders := strings.Join(lines, "\n")
	if orders == "" {
		orders = "No officers on the roster yet (`/crimea officer-add`)."
	}
	e := &m.Embeds[0]
	e.Fields = append(e.Fields, interaction.Field{Name: "Orders this turn", Value: render.Clip(orders, render.MaxFieldValue)})
}

// whoMoves lists the officers and units of the command a card moves.
func whoMoves(b *rc.Board, card rc.Card) string {
	if card.Command == rc.FreeMove {
		var cmds []string
		for _, w := range append(append([]rc.Command{}, rc.Wings...), "") {
			cmds = append(cmds, render.Inert(b.CommandName(card.Side, w)))
		}
		return "Choose one: " + strings.Join(cmds, "; ") + ". The first unit to move fixes the choice (reading C2)."
	}
	var lines, units []string
	officers, moving := b.Moving(card)
	for _, o := range officers {
		lines = append(lines, officerLine(o, true))
	}
	for _, u := range moving {
		units = append(units, render.Inert(u.Name))
	}
	if len(units) == 0 {
		return fmt.Sprintf("Nothing on the roster is in the %s %s: nothing moves on this card.", card.Side, card.Command)
	}
	if len(lines) == 0 {
		lines = append(lines, "No officer of this command is fit to give orders.")
	}
	for _, o := range b.Officers {
		if o.Side == card.Side && o.Rank == rc.CommanderInChief && !o.Dead {
			lines = append(lines, "The commander-in-chief may order any of them: "+officerLine(o, true))
		}
	}
	return strings.Join(lines, "\n") + "\nUnits: " + strings.Join(units, ", ")
}
