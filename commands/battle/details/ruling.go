package details

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Full is the battle setting (/game settings rulings:full, battle.Game.Rulings)
// under which every ruling is shown with its whole working; unset, rulings
// are short and carry a Details button.
const Full = "full"

// Ruling is the message of a ruling as tx's battle shows rulings: short,
// with a Details button that shows its full working to whoever presses it,
// or in full under /game settings rulings:full (Full).
// footer is added as given. The working is kept for the button
// (battle.Tx.Shows): in a battle with the command's first log entry, read
// from there after any restart, outside one with the stored answer of the
// interaction, for as long as the store keeps it. Both forms render the
// same value (render.Ruling), so that each reader can be given his own.
func Ruling(tx *battle.Tx, r rules.Ruling, footer string) interaction.Message {
	n := tx.Shows(r)
	mark := 0 // each reader's copy is footed from its part of the log (battle.Deliverer)
	if tx.Game != nil && tx.Game.Fogged() {
		mark = n
	}
	if tx.Game != nil && tx.Game.Rulings == Full {
		full := render.Ruling(r, footer, render.Full)
		full.Ruling = mark
		return interaction.Message{Embeds: []interaction.Embed{full}}
	}
	short := render.Ruling(r, footer, render.Short)
	short.Ruling = mark
	m := interaction.Message{Embeds: []interaction.Embed{short}}
	// The full form is rendered only to be compared when no roll tells
	// already that the short form leaves part of the working out.
	if render.Shortened(r) || !sameEmbed(short, render.Ruling(r, footer, render.Full)) {
		m.Buttons = []interaction.Button{{Label: "Details", ID: tx.DetailsID(n - 1), Style: interaction.Secondary}}
	}
	return m
}

// Whole is the embed of a ruling always shown whole (a roll), with no
// Details button, footed as given: under fog of war, as Ruling's, each
// reader's copy is footed from his part of the log, and only the umpire's
// keeps the footer given.
func Whole(tx *battle.Tx, r rules.Ruling, footer string) interaction.Embed {
	e := render.Ruling(r, footer, render.Full)
	if tx.Game != nil && tx.Game.Fogged() {
		e.Ruling = tx.Shows(r)
	}
	return e
}

func sameEmbed(a, b interaction.Embed) bool {
	if a.Title != b.Title || a.Description != b.Description || len(a.Fields) != len(b.Fields) {
		return false
	}
	for i := range a.Fields {
		if a.Fields[i] != b.Fields[i] {
			return false
		}
	}
	return true
}
