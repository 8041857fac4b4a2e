package firing2007

import (
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Topics are what /rules ruleset:firing2007 shows (rules/firing2007.Topics).
func (*Ruleset) Topics() []rules.Topic { return fr.Topics() }
