package crimea

import (
	"github.com/referee-bot/referee/rules"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Topics are the tables and rules /rules shows (rules/crimea.Topics).
func (*Ruleset) Topics() []rules.Topic { return rc.Topics() }
