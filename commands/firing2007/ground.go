package firing2007

import (
	fr "github.com/referee-bot/referee/rules/firing2007"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (*Ruleset) Ground() []tabletop.Kind { return fr.Ground }
