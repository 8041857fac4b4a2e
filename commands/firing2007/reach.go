package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/rules/tabletop"
)

var _ mapcmd.Reaching = (*Ruleset)(nil)

// Reach is how far a unit moves and shoots, for the map's overlays.
func (*Ruleset) Reach(g *battle.Game, unit string) (tabletop.Reach, error) {
	b, err := board(g)
	if err != nil {
		return tabletop.Reach{}, err
	}
	return b.Reach(unit)
}
