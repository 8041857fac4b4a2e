package greenjackets

import (
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (*Ruleset) Ground() []tabletop.Kind { return gj.Ground }
