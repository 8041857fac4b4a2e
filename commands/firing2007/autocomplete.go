package firing2007

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// Choices suggests roster names for the option being typed, each labelled
// with its kind and place: units for firer, with, a unit's name and the
// lists units and chain (entry by entry), the enemy first for target;
// generals for general and a general's name.
func (*Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
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
	switch req.Focused {
	case optUnits, optChain: // lists of units
		c = roster.NewListChoices(req.String(req.Focused))
		if !strings.Contains(req.String(req.Focused), ",") {
			if req.Focused == optUnits {
				c.Add("all", "all")
			}
			c.Add("none", "none")
		}
	}
	if generalsFor(req) {
		for _, g := range b.Generals {
			c.Add(g.Name, g.Label())
		}
		return c.List()
	}
	if req.Focused == optWith {
		c.Add("none", "none: with no unit")
	}
	own := ""
	if req.Focused == optTarget {
		own = b.ActingSide(req.User.ID, req.String(optFirer))
	}
	enemy := func(u fr.Unit) bool { return own == "" || !strings.EqualFold(u.Side, own) }
	roster.Sided(c, b.Units, enemy, func(u fr.Unit) { c.Add(u.Name, u.Label()) })
	return c.List()
}
