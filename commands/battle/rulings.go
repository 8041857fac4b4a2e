package battle

import (
	"strconv"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// RulingsFull is the battle setting (/game settings rulings:full) under which
// every ruling is shown with its whole working; unset, rulings are short and
// carry a Details button.
const RulingsFull = "full"

// maxWorking is the most a log entry keeps of its rulings' working, packed;
// a working past it is not kept, and its Details answer says so.
const maxWorking = 8 << 10

// Ruling is the message of a ruling as this battle shows rulings: short, with
// a Details button that shows its full working to whoever presses it, or in
// full under /game settings rulings:full. footer is added as given. The
// working is kept for the button (commands/battle/details answers it): in a
// battle with the command's first log entry, read from there after any
// restart, outside one with the stored answer of the interaction, for as
// long as the store keeps it (StoredReply.Working). Both forms render the same
// value (render.Ruling), so that each reader can be given his own.
func (tx *Tx) Ruling(r rules.Ruling, footer string) interaction.Message {
	i := len(tx.rulings)
	tx.rulings = append(tx.rulings, r)
	mark := 0 // each reader's copy is footed from its part of the log (Deliverer)
	if tx.Game != nil && tx.Game.Fogged() {
		mark = i + 1
	}
	if tx.Game != nil && tx.Game.Rulings == RulingsFull {
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
		m.Buttons = []interaction.Button{{Label: "Details", ID: tx.detailsID(i), Style: interaction.Secondary}}
	}
	return m
}

// Whole is the embed of a ruling always shown whole (a roll), with no
// Details button, footed as given: under fog of war, as Ruling's, each
// reader's copy is footed from his part of the log, and only the umpire's
// keeps the footer given.
func (tx *Tx) Whole(r rules.Ruling, footer string) interaction.Embed {
	e := render.Ruling(r, footer, render.Full)
	if tx.Game != nil && tx.Game.Fogged() {
		tx.rulings = append(tx.rulings, r)
		e.Ruling = len(tx.rulings)
	}
	return e
}

// detailsID is the id of the Details button of the command's i-th ruling:
// v1/details/<battle>/<entry>/<i> in a battle (Game.Key), the entry being
// the command's first (flush keeps the working there);
// v1/details/q/<interaction>/<i> outside one.
func (tx *Tx) detailsID(i int) string {
	if tx.Game == nil {
		return ButtonDetails + "/q/" + tx.Req.ID + "/" + strconv.Itoa(i)
	}
	first := tx.Game.LogLen - len(tx.logged) + 1
	return ButtonDetails + "/" + tx.Game.Key() + "/" + strconv.Itoa(first) + "/" + strconv.Itoa(i)
}

// keepWorking puts the rulings shown by the command with its first log
// entry, logging one for them when the command logged none. A working that
// cannot be kept small enough is not kept (its Details answer says so).
// Under fog of war every entry of the command is written into the parts of
// the log of the readers who may read what the change says (numberParts).
func (tx *Tx) keepWorking() error {
	if tx.Game == nil {
		return nil
	}
	if len(tx.rulings) > 0 && len(tx.logged) == 0 {
		tx.Log(render.Clip("ruling: "+tx.rulings[0].Title, 120))
	}
	if tx.svc != nil && len(tx.logged) > 0 {
		if tx.heard != nil { // fogged, and delivered
			if err := tx.numberParts(); err != nil {
				return err
			}
		} else {
			tx.Game.Parts = nil // every reader reads the whole log: parts start afresh if fog comes on again
		}
	}
	if len(tx.rulings) == 0 {
		return nil
	}
	if w, err := working.Pack(tx.rulings); err == nil && len(w) <= maxWorking {
		tx.logged[0].Working = w
		if tx.logged[0].Fog { // each ruling's readers, for its Details (none: the umpire's alone)
			tx.logged[0].Ruled = make([][]Reader, len(tx.rulings))
			copy(tx.logged[0].Ruled, tx.heard.Ruled)
		}
	}
	return nil
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
