package firing2007

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Choices suggests roster names for the option being typed: units for
// firer, target, with and a unit's name; generals for general and a general's name.
func (Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	return roster.Suggest(g, req, board, choices)
}

// generalsFor reports whether the focused option names a general.
func generalsFor(req interaction.Request) bool {
	switch req.Focused {
	case optGeneral:
		return true
	case optName:
		return strings.HasPrefix(req.Path, fr.ID+" general-")
	}
	return false
}

// choices lists the names matching what has been typed: those starting with it
// first, then those containing it.
func choices(b *fr.Board, req interaction.Request) []interaction.Choice {
	c := roster.NewChoices(req.String(req.Focused))
	if generalsFor(req) {
		for _, g := range b.Generals {
			c.Add(g.Name, g.Label())
		}
		return c.List()
	}
	if req.Focused == optWith {
		c.Add("none", "none: with no unit")
	}
	for _, u := range b.Units {
		c.Add(u.Name, u.Label())
	}
	return c.List()
}
