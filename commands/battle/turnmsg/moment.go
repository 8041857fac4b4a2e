package turnmsg

import (
	"slices"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// The turn buttons: a custom id is the route, then its arguments,
// separated by slashes ("v1/turn/next/3.5"); it never carries a secret.
const (
	// ButtonNext moves the turn on; ButtonAct plays the presser's card.
	// Both are bound to the moment they were shown at (bindTurnButtons).
	ButtonNext = "v1/turn/next"
	ButtonAct  = "v1/turn/act"
	// ButtonCard shows the presser his own card, ephemerally, as /card
	// does (any moment: it changes nothing).
	ButtonCard = "v1/turn/card"
)

// bindTurnButtons binds the turn buttons of a response to the moment the
// change leaves the game at, as the main channel knows it (under fog of
// war its view's: the key of the battle's own may count what is unseen):
// each ButtonNext or ButtonAct becomes ButtonNext/<moment key>, so that a
// press is refused once the turn has moved on (a double tap, or a button
// on an earlier turn's message).
func bindTurnButtons(svc *battle.Service, te battle.TurnEngine, g *battle.Game, resp *interaction.Response) error {
	var m *rules.Moment
	for _, msgs := range [][]interaction.Message{resp.Public, resp.Ephemeral} {
		for i := range msgs {
			if m == nil && slices.ContainsFunc(msgs[i].Buttons, isTurnButton) {
				seen, err := view.For(svc, g, rules.Main)
				if err != nil {
					return err
				}
				now, err := te.Moment(seen)
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
func isTurnButton(b interaction.Button) bool {
	return b.ID == ButtonNext || b.ID == ButtonAct
}

// bindButtons binds the turn buttons among buttons to the moment key.
func bindButtons(buttons []interaction.Button, key string) {
	for i := range buttons {
		if isTurnButton(buttons[i]) {
			buttons[i].ID += "/" + key
		}
	}
}

// CheckMoment refuses a turn button pressed at another moment than the one
// it was shown at (its first argument): the battle's, or, for the turn
// message, the main channel's view's (Turns.Show), which under fog of war
// does not move on at what an unseen unit does. The refusal says the
// moment as the presser may know it. A press of a button made before
// buttons carried their moment, and a slash command, are not checked.
func CheckMoment(tx *battle.Tx, te battle.TurnEngine) error {
	if tx.Req.Kind != interaction.KindComponent || len(tx.Req.Args) == 0 {
		return nil
	}
	now, err := te.Moment(tx.Game)
	if err != nil || tx.Req.Args[0] == now.Key {
		return err
	}
	if svc := tx.Service(); svc != nil {
		main, err := view.For(svc, tx.Game, rules.Main)
		if err != nil {
			return err
		}
		if shown, err := te.Moment(main); err != nil || tx.Req.Args[0] == shown.Key {
			return err
		}
		v, err := view.Viewed(tx)
		if err != nil {
			return err
		}
		if now, err = te.Moment(v); err != nil {
			return err
		}
	}
	return interaction.Supersededf("That button is from an earlier moment of the battle: it is already %s. Use the newest turn message, or `/turn status`.", render.Inert(now.Text))
}
