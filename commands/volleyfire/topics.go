package volleyfire

import (
	"github.com/referee-bot/referee/rules"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Topics are what /rules ruleset:volleyfire shows: every chart and the
// readings (rules/volleyfire.Topics).
func (*Ruleset) Topics() []rules.Topic { return vf.Topics() }
