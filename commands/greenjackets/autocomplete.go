package greenjackets

import (
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Choices suggests the roster names the focused option wants, each labelled
// with its kind and place ("Harris — figure, Chosen Men"): squads for squad
// (and, for a move's, characters, who move on their own), characters for
// officer, the figures of the squads named for figures, the enemy first for
// target, and for a roster name the kind its subcommand edits. Outside a Green Jackets game it suggests nothing (the option takes
// free text).
func (*Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	return roster.Suggest(g, req, decodeBoard, suggest)
}

func suggest(b *gj.Board, req interaction.Request) []interaction.Choice {
	typed := req.String(req.Focused)
	c := roster.NewChoices(typed)
	switch req.Focused {
	case optSquad:
		c = roster.NewListChoices(typed)
		offer(c, b.SquadPicks()...)
		if strings.HasSuffix(req.Path, " move") { // a character named alone moves on his own (G7a)
			offer(c, b.CharacterPicks()...)
		}
	case optOfficer:
		offer(c, b.CharacterPicks()...)
	case optFigures:
		c = roster.NewListChoices(typed)
		offer(c, b.FigurePicks(b.Listed(req.String(optSquad)))...)
	case optTarget:
		own := b.OwnSide(req.String(optSquad), req.String(optOfficer), req.User.ID)
		enemy := func(p gj.Pick) bool { return own == "" || !gj.Same(p.Side, own) }
		roster.Sided(c, slices.Concat(b.SquadPicks(), b.CharacterPicks(), b.FigurePicks(b.Squads)), enemy, func(p gj.Pick) { offer(c, p) })
	default: // name, of a roster subcommand
		switch {
		case strings.HasSuffix(req.Path, " character"):
			offer(c, b.CharacterPicks()...)
		case strings.HasSuffix(req.Path, " squad"):
			offer(c, b.SquadPicks()...)
		case strings.HasSuffix(req.Path, " figure"):
			offer(c, b.FigurePicks(b.Squads)...)
		default:
			offer(c, b.CharacterPicks()...)
			offer(c, b.SquadPicks()...)
			offer(c, b.FigurePicks(b.Squads)...)
		}
	}
	return c.List()
}

// offer adds the picks to c, labelled by kind and place.
func offer(c *roster.Choices, picks ...gj.Pick) {
	for _, p := range picks {
		c.Add(p.Name, roster.Label(p.Name, p.Kind, p.Place))
	}
}
