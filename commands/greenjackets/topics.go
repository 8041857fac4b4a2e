package greenjackets

import (
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Topics are every chart of the text and the readings, for /rules
// (rules/greenjackets.Topics).
func (*Ruleset) Topics() []rules.Topic { return gj.Topics() }
