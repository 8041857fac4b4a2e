package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// load reads the board of tx's game. The names its order gives are the
// roster's already: the decoder refused any other, and, under fog of war,
// any his side has not seen.
var load = roster.Loader[vf.Board](vf.ID, "This channel's battle is played under %s, not Volleyfire!.")

// save stores the board and logs summary.
func save(tx *battle.Tx, b *vf.Board, summary string) error { return roster.Save(tx, b, summary) }

// actor is who gives the command's order on the channel's board.
func actor(tx *battle.Tx) rules.Actor {
	return rules.Actor{User: tx.Req.User.ID, Umpire: tx.IsUmpire()}
}
