package crimea

import (
	"github.com/referee-bot/referee/commands/battle"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Topics are the tables and rules /rules shows (rules/crimea.Topics).
func (*Ruleset) Topics() []battle.Topic { return rc.Topics() }
