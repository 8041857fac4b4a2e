package crimea

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// The board and its roster entries, as rules/crimea keeps them.
type (
	Board   = rc.Board
	Unit    = rc.Unit
	Officer = rc.Officer
)

// Limits of the roster, as the options of /crimea state them.
const (
	MaxName   = rc.MaxName
	MaxStands = rc.MaxStands
	MaxInches = rc.MaxInches
)

// load reads the board of the Crimea battle in tx. The names of the order
// were resolved against the invoker's view of it as it was decoded.
var load = roster.Loader[rc.Board](rc.ID, "This channel's battle is played under %s, not Stormed at with Shot and Shell; give every factor as options for a quick ruling instead.")

// umpireBoard loads the board for a change by the umpire.
func umpireBoard(tx *battle.Tx, what string) (*rc.Board, error) { return roster.Umpire(tx, what, load) }

// actor is who gives the order: on a quick ruling's board, built from the
// options, whoever asks commands everything on it.
func actor(tx *battle.Tx, quick bool) rules.Actor {
	return rules.Actor{User: tx.Req.User.ID, Umpire: quick || tx.IsUmpire()}
}

// seer is the side whose sight an order is given with under fog of war
// (tx.Seer; "": every unit in sight, as on a quick ruling's board).
func seer(tx *battle.Tx, quick bool) (rc.Side, error) {
	if quick {
		return "", nil
	}
	s, err := view.Seer(tx)
	return rc.Side(s), err
}
