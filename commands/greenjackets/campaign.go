package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Forces are Green Jackets' campaign functions (rules/greenjackets):
// forces from an order of battle in the formats of /greenjackets roster
// import, or from a battle's roster; musters; the carry-back of K1–K4;
// experience and reinforcements (figures typed as in a roster squad).
func (*Ruleset) Forces() campaign.Forces {
	return campaign.ImportingForcesOf[gj.Board]{
		ForcesOf: campaign.ForcesOf[gj.Board]{
			EnlistFn:    (*gj.Board).Enlist,
			MusterFn:    gj.Muster,
			CarryBackFn: gj.CarryBack,
			EditFn: func(f *gj.Board, name, quality, reinforce string) (string, error) {
				e, err := gj.ParseForcesEdit(name, quality, reinforce)
				if err != nil {
					return "", err
				}
				return f.EditForces(e)
			},
			QualityValues: campaign.Words(gj.Qualities),
			RemoveFn:      (*gj.Board).RemoveForces,
			StatusFn:      forcesStatus,
		},
		ImportFn: func(f *gj.Board, content string) (string, error) {
			ob, err := gj.DecodeOrderOfBattle(content)
			if err != nil {
				return "", interaction.Input(err.Error())
			}
			out, err := f.Import(ob)
			return out.Message, err
		},
	}
}

// forcesStatus lists the forces by side: each character with his squads and
// their named figures, and who misses the next battle.
func forcesStatus(f *gj.Board, _ *battle.Game, absent func(string) string) []interaction.Field {
	out := func(name string) string { return roster.Absent(absent, name) }
	squad := func(s *gj.Squad) string {
		var men []string
		for _, fig := range s.Figures {
			m := render.Inert(fig.Name)
			if t := s.Traits(fig); t != "" {
				m += " [" + t + "]"
			}
			men = append(men, m+out(fig.Name))
		}
		return fmt.Sprintf("%s — %s, %s: %s", render.Inert(s.Name), s.Arm, s.Quality, strings.Join(men, ", "))
	}
	var fields []interaction.Field
	for _, side := range f.Sides() {
		var lines []string
		for _, c := range f.Characters {
			if c.Side != side {
				continue
			}
			who := "umpire"
			if c.Player != "" {
				who = c.PlayerName
			}
			line := fmt.Sprintf("**%s** (%s, %s) — %s%s", render.Inert(c.Name), c.Rank, c.Quality, render.Inert(who), c.Wounds())
			if len(c.Possessions) > 0 {
				line += "; carries " + render.Inert(strings.Join(c.Possessions, ", "))
			}
			lines = append(lines, line+out(c.Name))
			for _, s := range f.SquadsOf(c) {
				lines = append(lines, "  "+squad(s))
			}
		}
		fields = append(fields, interaction.Field{Name: render.Clip("Side: "+render.Inert(side), render.MaxFieldName),
			Value: render.Clip(strings.Join(lines, "\n"), render.MaxFieldValue)})
	}
	var loose []string
	for _, s := range f.Squads {
		if f.Character(s.Officer) == nil {
			loose = append(loose, squad(s))
		}
	}
	if len(loose) > 0 {
		fields = append(fields, interaction.Field{Name: "Squads without an officer", Value: render.Clip(strings.Join(loose, "\n"), render.MaxFieldValue)})
	}
	return fields
}
