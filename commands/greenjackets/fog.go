package greenjackets

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

var _ roster.FogReader[*gj.Board] = fogReader{}

// fogReader reads the board for fog of war (roster.Fog): the umpire's reveal
// loads it as any command does.
type fogReader struct{}

func (fogReader) Decode(g *battle.Game) (*gj.Board, error) { return decodeBoard(g) }
func (fogReader) Umpire(tx *battle.Tx) (*gj.Board, error)  { return load(tx) }
