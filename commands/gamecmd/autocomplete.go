package gamecmd

import (
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/commands/roster"
)

// maxChoices is Discord's limit on autocomplete suggestions; maxChoiceName the
// limit on a suggestion's name.
const (
	maxChoices    = 25
	maxChoiceName = 100
)

// matches reports whether an option value fits what the user has typed.
func matches(typed, name, title string) bool {
	typed = strings.ToLower(typed)
	return strings.Contains(strings.ToLower(name), typed) || strings.Contains(strings.ToLower(title), typed)
}

func choices(cs []interaction.Choice) interaction.Response {
	if len(cs) > maxChoices {
		cs = cs[:maxChoices]
	}
	if cs == nil {
		cs = []interaction.Choice{}
	}
	return interaction.Response{Choices: cs}
}

// HouseRuleChoices completes /game house-rule: the names of the channel's rule
// set's house rules, then the values of the one chosen.
func (c *Commands) HouseRuleChoices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err // the router answers with no choices
	}
	typed := req.String(req.Focused)
	var cs []interaction.Choice
	switch req.Focused {
	case "name":
		for _, h := range rs.HouseRules() {
			if matches(typed, h.Name, h.Reading.Text) {
				label := h.Name + " — " + h.Reading.Text
				cs = append(cs, interaction.Choice{Name: render.Clip(label, maxChoiceName), Value: h.Name})
			}
		}
	case "value":
		h, ok := houseRule(rs, req.String("name"))
		if !ok {
			break
		}
		now := g.HouseRule(h.Name)
		for _, v := range h.Values {
			if !matches(typed, v, "") {
				continue
			}
			label := v
			switch {
			case v == now:
				label += " (in force)"
			case v == h.Default() && now == "":
				label += " (default, in force)"
			case v == h.Default():
				label += " (default)"
			}
			cs = append(cs, interaction.Choice{Name: render.Clip(label, maxChoiceName), Value: v})
		}
	}
	return choices(cs), nil
}

// TopicChoices completes /rules topic from the chosen rule set's topics.
func (c *Commands) TopicChoices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	rs, ok := c.svc.Ruleset(req.String("ruleset"))
	if !ok || req.Focused != "topic" {
		return choices(nil), nil
	}
	typed := req.String("topic")
	var cs []interaction.Choice
	for _, t := range rs.Topics() {
		if matches(typed, t.Name, t.Title) {
			cs = append(cs, interaction.Choice{Name: render.Clip(t.Title, maxChoiceName), Value: t.Name})
		}
	}
	return choices(cs), nil
}

// FogChoices completes the options of /game side, side-channel and reveal
// from the invoker's view of the board: side from the battle's sides; unit,
// for the umpire alone, from every name of the board, each labelled with
// its side (another reader is offered nothing, as hidden names are the
// umpire's).
func (c *Commands) FogChoices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	g, rs, err := c.view(ctx, req)
	if err != nil {
		return interaction.Response{}, err // the router answers with no choices
	}
	fog, ok := rs.(view.Fog)
	if !ok {
		return choices(nil), nil
	}
	r, err := view.ReaderOf(c.svc, g, req.User.ID)
	if err != nil {
		return interaction.Response{}, err
	}
	if g, err = view.For(c.svc, g, r); err != nil {
		return interaction.Response{}, err
	}
	cs := roster.NewChoices(req.String(req.Focused))
	switch req.Focused {
	case "side":
		sides, err := fog.Sides(g)
		if err != nil {
			return interaction.Response{}, err
		}
		for _, s := range sides {
			cs.Add(s, s)
		}
	case "unit":
		if req.User.ID != g.Umpire {
			break
		}
		names, err := fog.Names(g)
		if err != nil {
			return interaction.Response{}, err
		}
		for _, n := range slices.Sorted(maps.Keys(names)) {
			cs.Add(n, n+" — "+names[n])
		}
	}
	return choices(cs.List()), nil
}
