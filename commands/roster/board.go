package roster

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Load decodes the channel's board into b for the rule set id. When the
// channel's battle is played with another rule set it refuses with notThis, a
// sentence whose one %s is that rule set's id (made inert), and decodes nothing.
func Load(tx *battle.Tx, id string, b any, notThis string) error {
	if tx.Game != nil && tx.Game.Ruleset != id {
		return interaction.Refusef(notThis, render.Inert(tx.Game.Ruleset))
	}
	return tx.Board(b)
}

// Save stores b as the channel's board and logs summary.
func Save(tx *battle.Tx, b any, summary string) error {
	if err := tx.SetBoard(b); err != nil {
		return err
	}
	tx.Log(summary)
	return nil
}
