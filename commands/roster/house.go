package roster

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/rules"
)

// HouseRules are a rule set's switchable readings (rules/<set>.HouseRules)
// as the battle offers them, each defaulting to its first value.
func HouseRules(hs []rules.HouseRule) []battle.HouseRule {
	out := make([]battle.HouseRule, 0, len(hs))
	for _, h := range hs {
		out = append(out, battle.HouseRule{Name: h.Name, Values: h.Values, Default: h.Values[0], Reading: h.Reading})
	}
	return out
}
