package firing2007

import (
	"github.com/referee-bot/referee/commands/mapcmd"
	fr "github.com/referee-bot/referee/rules/firing2007"
	"github.com/referee-bot/referee/rules/tabletop"
)

var _ mapcmd.Grounded = Ruleset{}

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (Ruleset) Ground() []tabletop.Kind { return fr.Ground }
