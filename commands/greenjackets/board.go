package greenjackets

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/roster"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// The board and its parts are rules/greenjackets' types; these names are the
// ones the battle service's benchmarks and other packages' tests know them by.
type (
	Board     = gj.Board
	Character = gj.Character
	Squad     = gj.Squad
	Figure    = gj.Figure
	Turn      = gj.Turn
	Sighting  = gj.Sighting
)

// Ranks and turn states, as in rules/greenjackets.
const (
	RankOfficer = gj.RankOfficer
	RankNCO     = gj.RankNCO
	RankHero    = gj.RankHero
	Waiting     = gj.Waiting
	OnMove      = gj.OnMove
	Acted       = gj.Acted
)

// load reads the board of the Green Jackets game in tx. The names of the
// order were resolved against the invoker's view of it as it was decoded.
var load = roster.Loader[gj.Board](gj.ID, "This channel's battle is played under %s, not Green Jackets.")

// actor is who gives the order: the invoker, whether he is the umpire, and
// under fog of war the side he sees as (tx.Seer).
func actor(tx *battle.Tx) (rules.Actor, error) {
	side, err := view.Seer(tx)
	return rules.Actor{User: tx.Req.User.ID, Umpire: tx.IsUmpire(), Side: side}, err
}
