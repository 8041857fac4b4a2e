package firing2007

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

// Autocomplete suggests roster names for the option being typed: units for
// firer, target, with and a unit's name; generals for general and a general's name.
func Autocomplete(svc *battle.Service) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		none := interaction.Response{Choices: []interaction.Choice{}}
		g, err := svc.View(ctx, req.ChannelID)
		if err != nil || g.Ruleset != ID {
			return none, nil
		}
		b, err := board(g)
		if err != nil {
			return none, nil
		}
		return interaction.Response{Choices: choices(b, req)}, nil
	}
}

// generalsFor reports whether the focused option names a general.
func generalsFor(req interaction.Request) bool {
	switch req.Focused {
	case optGeneral:
		return true
	case optName:
		return strings.HasPrefix(req.Path, ID+" general-")
	}
	return false
}

// choices lists the names matching what has been typed: those starting with it
// first, then those containing it.
func choices(b *Board, req interaction.Request) []interaction.Choice {
	typed := strings.ToLower(req.String(req.Focused))
	var first, rest []interaction.Choice
	add := func(name, label string) {
		c := interaction.Choice{Name: render.Clip(label, 100), Value: name}
		n := strings.ToLower(name)
		switch {
		case strings.HasPrefix(n, typed):
			first = append(first, c)
		case strings.Contains(n, typed):
			rest = append(rest, c)
		}
	}
	if generalsFor(req) {
		for _, g := range b.Generals {
			state := g.Side
			switch {
			case g.Dead:
				state += ", dead"
			case g.LightWounds >= 2:
				state += ", incapacitated"
			case g.LightWounds == 1:
				state += ", light wound"
			}
			add(g.Name, fmt.Sprintf("General %s (%s)", g.Name, state))
		}
	} else {
		if req.Focused == optWith {
			add("none", "none: with no unit")
		}
		for _, u := range b.Units {
			label := fmt.Sprintf("%s — %s, %s, %d/%d SP", u.Name, u.Side, u.Type.Label(), u.Strength, u.Start)
			if u.Shaken {
				label += ", shaken"
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
