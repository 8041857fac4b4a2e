package crimea

import (
	"github.com/referee-bot/referee/commands/mapcmd"
	rc "github.com/referee-bot/referee/rules/crimea"
	"github.com/referee-bot/referee/rules/tabletop"
)

var _ mapcmd.Grounded = (*Ruleset)(nil)

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (*Ruleset) Ground() []tabletop.Kind { return rc.Ground }
