package crimea

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/mapcmd"
	rc "github.com/referee-bot/referee/rules/crimea"
	"github.com/referee-bot/referee/rules/tabletop"
)

var _ mapcmd.Reaching = (*Ruleset)(nil)

// Reach is how far a unit moves and shoots, for the map's overlays.
func (*Ruleset) Reach(g *battle.Game, unit string) (tabletop.Reach, error) {
	b, err := battle.BoardOf[rc.Board](g)
	if err != nil {
		return tabletop.Reach{}, err
	}
	return b.Reach(unit)
}
