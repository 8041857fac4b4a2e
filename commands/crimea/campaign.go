package crimea

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Forces are Stormed at with Shot and Shell's campaign functions
// (rules/crimea): forces from a battle's roster, musters, the carry-back of
// K1–K4, an officer's calibre (experience) and stands for a unit
// (reinforcements, a number).
func (*Ruleset) Forces() campaign.Forces {
	return campaign.ForcesOf[rc.Board]{
		EnlistFn:      (*rc.Board).Enlist,
		MusterFn:      rc.Muster,
		CarryBackFn:   rc.CarryBack,
		EditFn:        roster.Edit(calibre, "the stands for a unit", (*rc.Board).EditForces),
		QualityValues: campaign.Words(rc.Calibres),
		RemoveFn:      (*rc.Board).RemoveForces,
		StatusFn: func(f *rc.Board, _ *battle.Game, absent func(string) string) []interaction.Field {
			out := func(name string) string { return roster.Absent(absent, name) }
			var fields []interaction.Field
			for _, side := range rc.Sides {
				var lines []string
				for _, u := range f.Units {
					if u.Side == side {
						lines = append(lines, unitLine(u)+out(u.Name))
					}
				}
				for _, o := range f.Officers {
					if o.Side == side {
						lines = append(lines, "★ "+officerLine(o, false)+out(o.Name))
					}
				}
				if len(lines) > 0 {
					fields = append(fields, interaction.Field{Name: string(side), Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
				}
			}
			return fields
		},
	}
}

// calibre is an officer's calibre as /campaign edit gives it (experience, K4).
func calibre(s string) (*rc.Calibre, error) {
	c, err := rc.ParseCalibre(s)
	return &c, err
}
