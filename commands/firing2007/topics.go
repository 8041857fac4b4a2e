package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Topics are what /rules ruleset:firing2007 shows (rules/firing2007.Topics).
func (*Ruleset) Topics() []battle.Topic { return fr.Topics() }
