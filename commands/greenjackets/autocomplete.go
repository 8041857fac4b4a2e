package greenjackets

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
)

// Choices suggests roster names for the focused option: squads for squad,
// characters for officer, and every name for the rest. Outside a Green Jackets
// game it suggests nothing (the option takes free text).
func (*Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	return roster.Suggest(g, req, decodeBoard, func(b *Board, req interaction.Request) []interaction.Choice {
		typed := strings.ToLower(req.String(req.Focused))
		// A list option completes its last entry.
		prefix := ""
		if i := strings.LastIndex(typed, ","); i >= 0 {
			prefix, typed = req.String(req.Focused)[:i+1]+" ", strings.TrimSpace(typed[i+1:])
		}
		var cands []string
		chars := func() {
			for _, c := range b.Characters {
				cands = append(cands, c.Name)
			}
		}
		squads := func() {
			for _, s := range b.Squads {
				cands = append(cands, s.Name)
			}
		}
		switch req.Focused {
		case optSquad:
			squads()
		case optOfficer:
			chars()
		default:
			chars()
			squads()
			for _, s := range b.Squads {
				for _, f := range s.Figures {
					cands = append(cands, f.Name)
				}
			}
		}
		out := []interaction.Choice{}
		for _, n := range cands {
			if len(out) == roster.MaxChoices {
				break
			}
			if strings.Contains(strings.ToLower(n), typed) {
				v := prefix + n
				if len(v) > 100 {
					continue
				}
				out = append(out, interaction.Choice{Name: v, Value: v})
			}
		}
		return out
	})
}
