package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/rules/tabletop"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

var _ mapcmd.Reaching = (*Ruleset)(nil)

// Reach is how far a unit moves and shoots, for the map's overlays.
func (*Ruleset) Reach(g *battle.Game, unit string) (tabletop.Reach, error) {
	b, err := battle.BoardOf[vf.Board](g)
	if err != nil {
		return tabletop.Reach{}, err
	}
	return b.Reach(unit, houseOf(g))
}
