package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

var _ roster.FogReader[*fr.Board] = fogReader{}

// fogReader reads the board for fog of war (roster.Fog).
type fogReader struct{}

func (fogReader) Decode(g *battle.Game) (*fr.Board, error) { return board(g) }
func (fogReader) Umpire(tx *battle.Tx) (*fr.Board, error)  { return umpireBoard(tx, "reveal units") }
