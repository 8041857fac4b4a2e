package volleyfire

import (
	"github.com/referee-bot/referee/rules/tabletop"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Ground is the rule set's kinds of ground, for a battle played on a map.
func (*Ruleset) Ground() []tabletop.Kind { return vf.Ground }
