package greenjackets

import (
	"github.com/referee-bot/referee/commands/battle"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Topics are every chart of the text and the readings, for /rules
// (rules/greenjackets.Topics).
func (*Ruleset) Topics() []battle.Topic { return gj.Topics() }
