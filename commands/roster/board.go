package roster

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Load is the channel's board for the rule set id, for the change to change
// and store (battle.TakeBoard). When the channel's battle is played with
// another rule set it refuses with notThis, a sentence whose one %s is that
// rule set's id (made inert), and takes nothing.
func Load[B any](tx *battle.Tx, id, notThis string) (*B, error) {
	if tx.Game != nil && tx.Game.Ruleset != id {
		return nil, interaction.Refusef(notThis, render.Inert(tx.Game.Ruleset))
	}
	return battle.TakeBoard[B](tx)
}

// Save stores b as the channel's board and logs summary.
func Save(tx *battle.Tx, b any, summary string) error {
	if err := tx.SetBoard(b); err != nil {
		return err
	}
	tx.Log(summary)
	return nil
}

// Viewed is the game as the invoker may see it (view.Viewed), with
// its board as R reads it, for a roster shown: load reads the channel's
// board first, refusing a battle of another rule set.
func Viewed[B any, R FogReader[B]](tx *battle.Tx, load func(*battle.Tx) (B, error)) (*battle.Game, B, error) {
	var none B
	if _, err := load(tx); err != nil {
		return nil, none, err
	}
	g, err := view.Viewed(tx)
	if err != nil {
		return nil, none, err
	}
	var r R
	b, err := r.Decode(g)
	return g, b, err
}

// Moments answers battle.TurnEngine's Moment from the game's board, which
// R reads; a rule set's Ruleset embeds it.
type Moments[B interface{ Moment() rules.Moment }, R FogReader[B]] struct{}

// Moment is where the game's turn stands: its board's Moment.
func (Moments[B, R]) Moment(g *battle.Game) (rules.Moment, error) {
	var r R
	b, err := r.Decode(g)
	if err != nil {
		return rules.Moment{}, err
	}
	return b.Moment(), nil
}

// Loader is the load of a rule set's board (Load), for the rule set id,
// refusing a battle of another rule set with notThis.
func Loader[B any](id, notThis string) func(*battle.Tx) (*B, error) {
	return func(tx *battle.Tx) (*B, error) { return Load[B](tx, id, notThis) }
}
