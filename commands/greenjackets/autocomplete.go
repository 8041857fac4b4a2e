package greenjackets

import (
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// Choices suggests the roster names the focused option wants, each labelled
// with its kind and place ("Harris — figure, Chosen Men"): squads for squad,
// characters for officer, the figures of the squads named for figures, the
// enemy first for target, and for a roster name the kind its subcommand
// edits. Outside a Green Jackets game it suggests nothing (the option takes
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
		squads(c, b, nil)
	case optOfficer:
		characters(c, b, nil)
	case optFigures:
		c = roster.NewListChoices(typed)
		figuresOf(c, named(b, req))
	case optTarget:
		own := ownSide(b, req)
		enemy := func(side string) bool { return own == "" || !gj.Same(side, own) }
		squads(c, b, enemy)
		characters(c, b, enemy)
		figures(c, b, enemy)
		c.Then()
		friend := func(side string) bool { return !enemy(side) }
		squads(c, b, friend)
		characters(c, b, friend)
		figures(c, b, friend)
	default: // name, of a roster subcommand
		switch {
		case strings.HasSuffix(req.Path, " character"):
			characters(c, b, nil)
		case strings.HasSuffix(req.Path, " squad"):
			squads(c, b, nil)
		case strings.HasSuffix(req.Path, " figure"):
			figures(c, b, nil)
		default:
			characters(c, b, nil)
			squads(c, b, nil)
			figures(c, b, nil)
		}
	}
	return c.List()
}

// squadSide is the side of the squad's officer ("" when it has none).
func squadSide(b *gj.Board, s *gj.Squad) string {
	if o := b.Character(s.Officer); o != nil {
		return o.Side
	}
	return ""
}

// named are the squads named by the squad option, or every squad when it
// names none.
func named(b *gj.Board, req interaction.Request) []*gj.Squad {
	var out []*gj.Squad
	for _, n := range gj.Names(req.String(optSquad)) {
		if s := b.Squad(n); s != nil {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return b.Squads
	}
	return out
}

// ownSide is the side of the squad that acts (the first of the squad
// option) or of the observing officer, else of the invoker's first
// character; "" when none says.
func ownSide(b *gj.Board, req interaction.Request) string {
	if first, _, _ := strings.Cut(req.String(optSquad), ","); first != "" {
		if s := b.Squad(strings.TrimSpace(first)); s != nil {
			return squadSide(b, s)
		}
	}
	if o := b.Character(req.String(optOfficer)); o != nil {
		return o.Side
	}
	return b.SideOf(req.User.ID)
}

// characters offers the characters whose side keep accepts (nil: all).
func characters(c *roster.Choices, b *gj.Board, keep func(side string) bool) {
	for _, ch := range b.Characters {
		if keep == nil || keep(ch.Side) {
			c.Add(ch.Name, roster.Label(ch.Name, ch.Rank, gone(ch.Side, ch.Dead)))
		}
	}
}

// squads offers the squads whose side keep accepts (nil: all).
func squads(c *roster.Choices, b *gj.Board, keep func(side string) bool) {
	for _, s := range b.Squads {
		if side := squadSide(b, s); keep == nil || keep(side) {
			place := s.Officer
			if side != "" {
				place += " (" + side + ")"
			}
			c.Add(s.Name, roster.Label(s.Name, "squad", place))
		}
	}
}

// figures offers the figures of the squads whose side keep accepts (nil: all).
func figures(c *roster.Choices, b *gj.Board, keep func(side string) bool) {
	var squads []*gj.Squad
	for _, s := range b.Squads {
		if keep == nil || keep(squadSide(b, s)) {
			squads = append(squads, s)
		}
	}
	figuresOf(c, squads)
}

// figuresOf offers the figures of squads.
func figuresOf(c *roster.Choices, squads []*gj.Squad) {
	for _, s := range squads {
		for _, f := range s.Figures {
			c.Add(f.Name, roster.Label(f.Name, "figure", gone(s.Name, f.Dead)))
		}
	}
}

// gone marks the place of the dead.
func gone(place string, dead bool) string {
	if dead {
		return place + ", dead"
	}
	return place
}
