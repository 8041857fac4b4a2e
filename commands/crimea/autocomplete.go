package crimea

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// Choices offers the roster names the focused option wants, each labelled
// with its kind and place ("93rd Highlanders — heavy infantry, British"):
// units for a unit, the enemy first for a target, defender or charge, the officer's
// side first for the units of a charge; officers for an officer.
func (*Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	decode := func(g *battle.Game) (*rc.Board, error) { return battle.BoardOf[rc.Board](g) }
	return roster.Suggest(g, req, decode, suggest)
}

func suggest(b *rc.Board, req interaction.Request) []interaction.Choice {
	c := roster.NewChoices(strings.TrimSpace(req.String(req.Focused)))
	unit := func(u rc.Unit) { c.Add(u.Name, roster.Label(u.Name, string(u.Type), u.Where())) }
	switch req.Focused {
	case optUnit, optAttacker:
		for _, u := range b.Units {
			unit(u)
		}
	case optUnits: // the charge an officer may ride with: his side's units first
		c = roster.NewListChoices(req.String(req.Focused))
		side := ownSide(b, req)
		roster.Sided(c, b.Units, func(u rc.Unit) bool { return side == "" || u.Side == side }, unit)
	case optTarget, optDefender, optCharge:
		own := ownSide(b, req)
		roster.Sided(c, b.Units, func(u rc.Unit) bool { return own == "" || u.Side != own }, unit)
	case optOfficer, optSuperior, optBrigade, optAttackerOfficer, optDefenderOfficer:
		if (req.Focused == optOfficer && req.Path == "crimea unit-set") || (req.Focused == optSuperior && req.Path == "crimea officer-set") {
			c.Add(none, none)
		}
		for _, o := range b.Officers {
			c.Add(o.Name, roster.Label(o.Name, string(o.Rank), o.Where()))
		}
	}
	return c.List()
}

// ownSide is the side of the unit that acts (unit, or attacker) or of the
// officer, else of the invoker's first officer; "" when none says.
func ownSide(b *rc.Board, req interaction.Request) rc.Side {
	return b.ActingSide(req.User.ID, req.String(optOfficer), req.String(optUnit), req.String(optAttacker))
}
