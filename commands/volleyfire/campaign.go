package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Forces are Volleyfire!'s campaign functions (rules/volleyfire): forces
// from a battle's roster, musters, the carry-back of K1–K4, a unit made
// elite or line (experience) and bases for a unit (reinforcements, a number).
func (*Ruleset) Forces() campaign.Forces {
	return campaign.ForcesOf[vf.Board]{
		EnlistFn:      (*vf.Board).Enlist,
		MusterFn:      vf.Muster,
		CarryBackFn:   vf.CarryBack,
		EditFn:        roster.Edit(vf.ParseElite, "the bases for a unit", (*vf.Board).EditForces),
		QualityValues: vf.Qualities,
		RemoveFn:      (*vf.Board).RemoveForces,
		StatusFn: func(f *vf.Board, people *battle.Game, _ func(string) string) []interaction.Field {
			var fields []interaction.Field
			for _, side := range f.Sides() {
				fields = append(fields, interaction.Field{Name: render.Clip(render.Inert(side), render.MaxFieldName),
					Value: render.Clip(sideRoster(f, side, people), render.MaxFieldValue)})
			}
			return fields
		},
	}
}
