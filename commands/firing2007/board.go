package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// The board and its parts are rules/firing2007's, stored as they are.
type (
	Board   = fr.Board
	Unit    = fr.Unit
	General = fr.General
	Pending = fr.Pending
)

// load decodes the channel's board, refusing when the channel's battle is
// played with another rule set. The names of the order were resolved
// against the invoker's view of it as it was decoded.
var load = roster.Loader[fr.Board](fr.ID, "This channel's battle is played with %s, not Rules – Firing (2007): its roster is not this command's.")

// umpireBoard is the channel's board for a change only the umpire makes.
func umpireBoard(tx *battle.Tx, what string) (*fr.Board, error) { return roster.Umpire(tx, what, load) }

// actor is who gives the order: the invoker, and whether he is the umpire.
func actor(tx *battle.Tx) rules.Actor {
	return rules.Actor{User: tx.Req.User.ID, Umpire: tx.IsUmpire()}
}

// save stores the board and logs summary.
func save(tx *battle.Tx, b *fr.Board, summary string) error {
	return roster.Save(tx, b, render.Clip(summary, logLine))
}

// nextEntry is the number of the log entry this command's move will be logged as.
func nextEntry(tx *battle.Tx) int {
	if tx.Game == nil {
		return 0
	}
	return tx.Game.LogLen + 1
}
