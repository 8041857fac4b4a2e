package crimea

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/roster"
	rc "github.com/referee-bot/referee/rules/crimea"
)

var _ roster.FogReader[*rc.Board] = fogReader{}

// fogReader reads the board for fog of war (roster.Fog).
type fogReader struct{}

func (fogReader) Decode(g *battle.Game) (*rc.Board, error) { return battle.BoardOf[rc.Board](g) }
func (fogReader) Umpire(tx *battle.Tx) (*rc.Board, error)  { return umpireBoard(tx, "reveal units") }
