package volleyfire

import (
	"context"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// maxChoices is Discord's limit on autocomplete choices.
const maxChoices = 25

// Autocomplete suggests roster names for the option being typed: units for unit
// and join, enemy units and lone command bases for target, command bases for
// commander.
func Autocomplete(svc *battle.Service) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		none := interaction.Response{Choices: []interaction.Choice{}}
		g, err := svc.View(ctx, req.ChannelID)
		if err != nil || g.Ruleset != ID {
			return none, nil
		}
		b, err := validate(g.Board)
		if err != nil {
			return none, nil
		}
		return interaction.Response{Choices: suggest(b, req)}, nil
	}
}

// suggest lists the names matching what has been typed: those starting with it
// first, then those containing it.
func suggest(b *Board, req interaction.Request) []interaction.Choice {
	typed := strings.ToLower(req.String(req.Focused))
	var first, rest []interaction.Choice
	add := func(name, label string) {
		c := interaction.Choice{Name: render.Clip(label, 100), Value: name}
		switch n := strings.ToLower(name); {
		case strings.HasPrefix(n, typed):
			first = append(first, c)
		case strings.Contains(n, typed):
			rest = append(rest, c)
		}
	}
	var own string
	if u := b.unit(req.String(optUnit)); u != nil {
		own = u.Side
	}
	switch req.Focused {
	case optCommander:
		for _, c := range b.Commanders {
			if !c.Lost {
				add(c.Name, fmt.Sprintf("%s (%s command base)", c.Name, c.Side))
			}
		}
	case optTarget:
		for _, u := range b.Units {
			if u.Gone == "" && u.Side != own {
				add(u.Name, fmt.Sprintf("%s — %s, %s %d bases", u.Name, u.Side, u.Kind, u.Bases))
			}
		}
		for _, c := range b.Commanders {
			if !c.Lost && c.Joined == "" && c.Side != own {
				add(c.Name, fmt.Sprintf("%s — %s command base, alone", c.Name, c.Side))
			}
		}
	default:
		if req.Focused == optJoin {
			add("none", "none: standing alone")
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
			add(u.Name, label)
		}
	}
	out := append(first, rest...)
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	if out == nil {
		out = []interaction.Choice{}
	}
	return out
}
