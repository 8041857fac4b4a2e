package crimea

import (
	rc "github.com/referee-bot/referee/rules/crimea"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (*Ruleset) Ground() []tabletop.Kind { return rc.Ground }
