package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

var _ roster.FogReader[*vf.Board] = fogReader{}

// fogReader reads the board for fog of war (roster.Fog).
type fogReader struct{}

func (fogReader) Decode(g *battle.Game) (*vf.Board, error) { return battle.BoardOf[vf.Board](g) }
func (fogReader) Umpire(tx *battle.Tx) (*vf.Board, error) {
	return roster.Umpire(tx, "reveal units", load)
}

// Sides are every side on the roster (Board.AllSides), gone units and
// command bases included, not roster.Fog's sides on the field.
func (*Ruleset) Sides(g *battle.Game) ([]string, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return nil, err
	}
	return b.AllSides(), nil
}
