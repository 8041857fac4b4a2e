package mapcmd

import (
	"context"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// Discord's limits on autocomplete: how many suggestions, and how long a name.
const (
	maxChoices    = 25
	maxChoiceName = 100
)

// Choices completes /map: the rule set's kinds of ground, and the names the
// invoker may see (the roster for place, the table for show and remove).
func (c *Commands) Choices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, s, err := c.viewed(ctx, req)
	if err != nil {
		return interaction.Response{}, err // the router answers with no choices
	}
	typed := strings.ToLower(strings.TrimSpace(req.String(req.Focused)))
	var cs []interaction.Choice
	add := func(name, label string) {
		if strings.Contains(strings.ToLower(label), typed) {
			cs = append(cs, interaction.Choice{Name: render.Clip(label, maxChoiceName), Value: name})
		}
	}
	umpire := req.User.ID == g.Umpire
	switch {
	case req.Focused == "kind":
		for _, k := range s.kinds {
			add(k.Name, k.Name+" — "+k.Means)
		}
	case req.Focused == "unit" && req.Path == "map place" && umpire:
		names := make([]string, 0, len(s.sides))
		for n := range s.sides {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			add(n, n+" — "+s.sides[n])
		}
	case req.Focused == "unit":
		for _, u := range s.table.Units {
			add(u.Name, u.Name)
		}
	case req.Focused == "name" && umpire:
		for _, u := range s.table.Units {
			add(u.Name, u.Name)
		}
		for _, f := range s.table.Terrain {
			add(f.Name, f.Name+" — "+f.Kind)
		}
	}
	if len(cs) > maxChoices {
		cs = cs[:maxChoices]
	}
	if cs == nil {
		cs = []interaction.Choice{}
	}
	return interaction.Response{Choices: cs}, nil
}
