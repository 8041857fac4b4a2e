package battle

import (
	"slices"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// bindTurnButtons binds the turn buttons of a response to the moment the
// change leaves the game at: each ButtonTurnNext or ButtonTurnAct becomes
// ButtonTurnNext/<moment key>, so that a press is refused once the turn has
// moved on (a double tap, or a button on an earlier turn's message).
func bindTurnButtons(te TurnEngine, g *Game, resp *interaction.Response) error {
	var m *rules.Moment
	for _, msgs := range [][]interaction.Message{resp.Public, resp.Ephemeral} {
		for i := range msgs {
			if m == nil && slices.ContainsFunc(msgs[i].Buttons, isTurnButton) {
				now, err := te.Moment(g)
				if err != nil {
					return err
				}
				m = &now
			}
			if m != nil {
				bindButtons(msgs[i].Buttons, m.Key)
			}
		}
	}
	return nil
}

// isTurnButton reports whether a button is a turn button not yet bound.
func isTurnButton(b interaction.Button) bool { return b.ID == ButtonTurnNext || b.ID == ButtonTurnAct }

// bindButtons binds the turn buttons among buttons to the moment key.
func bindButtons(buttons []interaction.Button, key string) {
	for i := range buttons {
		if isTurnButton(buttons[i]) {
			buttons[i].ID += "/" + key
		}
	}
}

// CheckMoment refuses a turn button pressed at another moment than the one
// it was shown at (its first argument). A press of a button made before
// buttons carried their moment, and a slash command, are not checked.
func CheckMoment(tx *Tx, te TurnEngine) error {
	if tx.Req.Kind != interaction.KindComponent || len(tx.Req.Args) == 0 {
		return nil
	}
	now, err := te.Moment(tx.Game)
	if err != nil {
		return err
	}
	if tx.Req.Args[0] != now.Key {
		return interaction.Supersededf("That button is from an earlier moment of the battle: it is already %s. Use the newest turn message, or `/turn status`.", render.Inert(now.Text))
	}
	return nil
}
