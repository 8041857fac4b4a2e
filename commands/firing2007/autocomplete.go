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
		own = ownSide(b, req)
	}
	for _, u := range b.Units {
		if own == "" || !strings.EqualFold(u.Side, own) {
			c.Add(u.Name, u.Label())
		}
	}
	if own != "" {
		c.Then()
		for _, u := range b.Units {
			if strings.EqualFold(u.Side, own) {
				c.Add(u.Name, u.Label())
			}
		}
	}
	return c.List()
}

// ownSide is the firer's side, else the side of the invoker's first unit or
// general; "" when neither says.
func ownSide(b *fr.Board, req interaction.Request) string {
	if u := b.Unit(req.String(optFirer)); u != nil {
		return u.Side
	}
	return b.SideOf(req.User.ID)
}
