package volleyfire

import (
	"fmt"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Choices suggests roster names for the option being typed: units for unit
// and join, enemy units and lone command bases for target, command bases for
// commander.
func (Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	decode := func(g *battle.Game) (*vf.Board, error) { return vf.DecodeBoard(g.Board) }
	return roster.Suggest(g, req, decode, suggest)
}

// suggest lists the names matching what has been typed: those starting with it
// first, then those containing it.
func suggest(b *vf.Board, req interaction.Request) []interaction.Choice {
	choices := roster.NewChoices(req.String(req.Focused))
	var own string
	if u := b.UnitNamed(req.String(optUnit)); u != nil {
		own = u.Side
	}
	switch req.Focused {
	case optCommander:
		for _, c := range b.Commanders {
			if !c.Lost {
				choices.Add(c.Name, fmt.Sprintf("%s (%s command base)", c.Name, c.Side))
			}
		}
	case optTarget:
		for _, u := range b.Units {
			if u.Gone == "" && u.Side != own {
				choices.Add(u.Name, fmt.Sprintf("%s — %s, %s %d bases", u.Name, u.Side, u.Kind, u.Bases))
			}
		}
		for _, c := range b.Commanders {
			if !c.Lost && c.Joined == "" && c.Side != own {
				choices.Add(c.Name, fmt.Sprintf("%s — %s command base, alone", c.Name, c.Side))
			}
		}
	default:
		if req.Focused == optJoin {
			choices.Add("none", "none: standing alone")
		}
		for _, u := range b.Units {
			if u.Gone != "" && req.Focused != optUnit {
				continue
			}
			label := fmt.Sprintf("%s — %s, %s %d bases", u.Name, u.Side, u.Kind, u.Bases)
			if u.Gone != "" {
				label = fmt.Sprintf("%s — %s", u.Name, u.Gone)
			} else if b.Turn.Active == u.Name {
				label += ", activated"
			} else if b.Turn.Spent[u.Name] {
				label += ", spent"
			}
			choices.Add(u.Name, label)
		}
	}
	return choices.List()
}
