package volleyfire

import (
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/roster"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Choices suggests roster names for the option being typed, each labelled
// with its kind and place ("1st Foot — infantry, 5 bases, Allies"): units
// for unit and join, enemy units and lone command bases for target, command
// bases for commander (and, activating, none: out of command), the roster's
// sides for side.
func (*Ruleset) Choices(g *battle.Game, req interaction.Request) []interaction.Choice {
	decode := func(g *battle.Game) (*vf.Board, error) { return battle.BoardOf[vf.Board](g) }
	return roster.Suggest(g, req, decode, suggest)
}

// suggest lists the names matching what has been typed: those starting with it
// first, then those containing it.
func suggest(b *vf.Board, req interaction.Request) []interaction.Choice {
	choices := roster.NewChoices(req.String(req.Focused))
	switch req.Focused {
	case optSide: // of /volleyfire first
		for _, s := range b.Sides() {
			choices.Add(s, s)
		}
	case optCommander:
		if req.Path == vf.ID+" activate" {
			choices.Add("none", "none: out of command")
		}
		for _, c := range b.Commanders {
			if !c.Lost {
				choices.Add(c.Name, roster.Label(c.Name, "command base", c.Side))
			}
		}
	case optTarget:
		units, bases := b.Targets(b.ActingSide(req.User.ID, req.String(optUnit)))
		for _, u := range units {
			choices.Add(u.Name, roster.Label(u.Name, u.KindLabel(), u.Side))
		}
		for _, c := range bases {
			choices.Add(c.Name, roster.Label(c.Name, "command base", c.Side+", alone"))
		}
	default:
		if req.Focused == optJoin {
			choices.Add("none", "none: standing alone")
		}
		for _, u := range b.Units {
			if u.Gone != "" && req.Focused != optUnit {
				continue
			}
			choices.Add(u.Name, roster.Label(u.Name, u.KindLabel(), b.Where(u)))
		}
	}
	return choices.List()
}
