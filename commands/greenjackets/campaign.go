package greenjackets

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

var (
	_ battle.Campaigner     = (*Ruleset)(nil)
	_ battle.ForcesImporter = (*Ruleset)(nil)
)

// forces decodes a campaign's forces (none yet: an empty roster).
func forces(raw json.RawMessage) (*gj.Board, error) {
	if len(raw) == 0 {
		return gj.NewBoard(), nil
	}
	var b gj.Board
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("decode forces: %w", err)
	}
	return &b, nil
}

func encode(b *gj.Board) (json.RawMessage, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("encode forces: %w", err)
	}
	return raw, nil
}

// Enlist adds the roster of a battle's board to the forces.
func (*Ruleset) Enlist(raw, board json.RawMessage) (json.RawMessage, string, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, "", err
	}
	var b gj.Board
	if err := json.Unmarshal(board, &b); err != nil {
		return nil, "", fmt.Errorf("decode board: %w", err)
	}
	msg, err := f.Enlist(&b)
	if err != nil {
		return nil, "", err
	}
	out, err := encode(f)
	return out, msg, err
}

// ImportForces adds an order of battle, in the formats of /greenjackets
// roster import, to the forces.
func (*Ruleset) ImportForces(raw json.RawMessage, content string) (json.RawMessage, string, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, "", err
	}
	ob, err := gj.DecodeOrderOfBattle(content)
	if err != nil {
		return nil, "", interaction.Input(err.Error())
	}
	out, err := f.Import(ob)
	if err != nil {
		return nil, "", err
	}
	enc, err := encode(f)
	return enc, out.Message, err
}

// Muster is a battle's board from the forces.
func (*Ruleset) Muster(raw json.RawMessage, chosen []string, absent func(string) bool) (json.RawMessage, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, err
	}
	b, err := gj.Muster(f, chosen, absent)
	if err != nil {
		return nil, err
	}
	return encode(b)
}

// CarryBack is the forces after a battle (rules/greenjackets.CarryBack).
func (*Ruleset) CarryBack(raw, board json.RawMessage, k rules.Campaign) (json.RawMessage, []rules.Carry, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, nil, err
	}
	var b gj.Board
	if err := json.Unmarshal(board, &b); err != nil {
		return nil, nil, fmt.Errorf("decode board: %w", err)
	}
	next, changes := gj.CarryBack(f, &b, k)
	out, err := encode(next)
	return out, changes, err
}

// EditForces sets a quality, or adds figures to a squad ("Cooper, Tongue (sharpshooter)").
func (*Ruleset) EditForces(raw json.RawMessage, name, quality, reinforce string) (json.RawMessage, string, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, "", err
	}
	e := gj.ForcesEdit{Name: name}
	if quality != "" {
		q, err := gj.ParseQuality(quality)
		if err != nil {
			return nil, "", err
		}
		e.Quality = &q
	}
	if reinforce != "" {
		if e.Reinforce, err = gj.ParseEntries(reinforce); err != nil {
			return nil, "", err
		}
	}
	msg, err := f.EditForces(e)
	if err != nil {
		return nil, "", err
	}
	out, err := encode(f)
	return out, msg, err
}

// RemoveForces takes a character, squad or figure off the forces.
func (*Ruleset) RemoveForces(raw json.RawMessage, name string) (json.RawMessage, string, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, "", err
	}
	out, err := f.Remove(name)
	if err != nil {
		return nil, "", err
	}
	enc, err := encode(f)
	return enc, out.Message, err
}

// ForcesStatus lists the forces by side: each character with his squads and
// their named figures, and who misses the next battle.
func (*Ruleset) ForcesStatus(raw json.RawMessage, absent func(string) string) ([]interaction.Field, error) {
	f, err := forces(raw)
	if err != nil {
		return nil, err
	}
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
	return fields, nil
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
