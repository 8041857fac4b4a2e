package firing2007

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Forces are Rules – Firing (2007)'s campaign functions (rules/firing2007):
// forces from a battle's roster, musters, the carry-back of K1–K4, a unit's
// morale (experience, a number) and strength points for it (reinforcements).
func (*Ruleset) Forces() campaign.Forces {
	return campaign.ForcesOf[fr.Board]{
		EnlistFn:    (*fr.Board).Enlist,
		MusterFn:    fr.Muster,
		CarryBackFn: fr.CarryBack,
		EditFn: roster.Edit(func(quality string) (*int, error) {
			n, err := campaign.Count(quality, "a unit's morale (`quality:`)")
			return &n, err
		}, "the strength points for a unit", (*fr.Board).EditForces),
		RemoveFn: (*fr.Board).RemoveForces,
		StatusFn: func(f *fr.Board, people *battle.Game, _ func(string) string) []interaction.Field {
			if len(f.Units) == 0 && len(f.Generals) == 0 {
				return nil
			}
			return rosterFields(people, f)
		},
	}
}
