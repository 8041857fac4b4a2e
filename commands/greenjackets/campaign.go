package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

var _ battle.Campaigner = (*Ruleset)(nil)

// Forces are Green Jackets' campaign functions (rules/greenjackets):
// forces from an order of battle in the formats of /greenjackets roster
// import, or from a battle's roster; musters; the carry-back of K1–K4;
// experience and reinforcements (figures typed as in a roster squad).
func (*Ruleset) Forces() battle.Forces {
	return battle.ImportingForcesOf[gj.Board]{
		ForcesOf: battle.ForcesOf[gj.Board]{
			EnlistFn:    (*gj.Board).Enlist,
			MusterFn:    gj.Muster,
			CarryBackFn: gj.CarryBack,
			EditFn:      editForces,
			RemoveFn: func(f *gj.Board, name string) (string, error) {
				out, err := f.Remove(name)
				return out.Message, err
			},
			StatusFn: forcesStatus,
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

// editForces sets a quality, or adds figures to a squad ("Cooper, Tongue (sharpshooter)").
func editForces(f *gj.Board, name, quality, reinforce string) (string, error) {
	e := gj.ForcesEdit{Name: name}
	if quality != "" {
		q, err := gj.ParseQuality(quality)
		if err != nil {
			return "", err
		}
		e.Quality = &q
	}
	if reinforce != "" {
		var err error
		if e.Reinforce, err = gj.ParseEntries(reinforce); err != nil {
			return "", err
		}
	}
	return f.EditForces(e)
}

// forcesStatus lists the forces by side: each character with his squads and
// their named figures, and who misses the next battle.
func forcesStatus(f *gj.Board, absent func(string) string) []interaction.Field {
	out := func(name string) string {
		if a := absent(name); a != "" {
			return " (" + a + ")"
		}
		return ""
	}
	squad := func(s *gj.Squad) string {
		var men []string
		for _, fig := range s.Figures {
			m := render.Inert(fig.Name)
			if t := figureTraits(s, fig); t != "" {
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

// figureTraits are what sets a figure apart from his squad: "sharpshooter, rifle".
func figureTraits(s *gj.Squad, f *gj.Figure) string {
	var t []string
	if f.Sharpshooter {
		t = append(t, "sharpshooter")
	}
	if f.Strongman {
		t = append(t, "strongman")
	}
	if f.European {
		t = append(t, "european")
	}
	if f.Quality != s.Quality {
		t = append(t, string(f.Quality))
	}
	if f.Light > 0 {
		t = append(t, fmt.Sprintf("%d light wounds", f.Light))
	}
	return strings.Join(t, ", ")
}
