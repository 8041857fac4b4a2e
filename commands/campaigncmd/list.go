package campaigncmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
)

// Discord's limits on autocomplete: suggestions, and a suggestion's name.
const (
	maxChoices    = 25
	maxChoiceName = 100
)

// List is /campaign list: the server's campaigns, each with its rule set,
// umpire and battles, by name.
func (c *Commands) List(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	cps, err := c.campaigns.List(ctx, req.GuildID)
	if err != nil {
		return interaction.Response{}, err
	}
	if len(cps) == 0 {
		return ephemeral(interaction.Embed{Title: "Campaigns on this server",
			Description: "None yet: `/campaign start name:… ruleset:…` starts one."}), nil
	}
	lines := make([]string, len(cps))
	for i, cp := range cps {
		lines[i] = c.listLine(cp)
	}
	return public(interaction.Embed{Title: fmt.Sprintf("Campaigns on this server (%d)", len(cps)),
		Description: strings.Join(lines, "\n") + "\n`/campaign status name:…` shows one."}), nil
}

// listLine is a campaign in /campaign list: "**Peninsula** · Green Jackets ·
// umpire Amherst · 2 battles fought, 1 under way".
func (c *Commands) listLine(cp *campaign.Campaign) string {
	battles := rules.Plural(len(cp.Battles), "battle", "battles") + " fought"
	if n := len(cp.Mustered); n > 0 {
		battles += fmt.Sprintf(", %d under way", n)
	}
	return fmt.Sprintf("**%s** · %s · umpire %s · %s", render.Inert(cp.Name), c.rulesetName(cp.Ruleset),
		render.Inert(cp.Player(cp.Umpire)), battles)
}

// rulesetName is the name of the rule set id, or the id of one this referee
// no longer plays.
func (c *Commands) rulesetName(id string) string {
	if rs, ok := c.svc.Ruleset(id); ok {
		return rs.Name()
	}
	return render.Inert(id)
}

// Choices completes /campaign's options and /game start campaign:: a
// campaign's name from the server's campaigns (those whose name holds what
// is typed, with their rule sets), and /campaign edit quality: from the
// qualities of the named campaign's rule set. It never refuses: a server
// with no campaign, or an unknown one, has no suggestions.
func (c *Commands) Choices(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	typed := strings.ToLower(strings.TrimSpace(req.String(req.Focused)))
	cs := []interaction.Choice{}
	switch req.Focused {
	case "name", "campaign":
		cps, err := c.campaigns.List(ctx, req.GuildID)
		if err != nil {
			return interaction.Response{}, err // the router answers with no choices
		}
		for _, cp := range cps {
			if strings.Contains(strings.ToLower(cp.Name), typed) && len(cs) < maxChoices {
				label := render.Clip(cp.Name+" — "+c.rulesetName(cp.Ruleset), maxChoiceName)
				cs = append(cs, interaction.Choice{Name: label, Value: cp.Name})
			}
		}
	case "quality":
		cp, _, err := c.campaigns.View(ctx, req.GuildID, req.String("name"), 1)
		if err != nil {
			return interaction.Response{}, err
		}
		_, k, err := c.ruleset(cp.Ruleset)
		if err != nil {
			return interaction.Response{}, err
		}
		for _, q := range k.Qualities() {
			if strings.Contains(strings.ToLower(q), typed) && len(cs) < maxChoices {
				cs = append(cs, interaction.Choice{Name: q, Value: q})
			}
		}
	}
	return interaction.Response{Choices: cs}, nil
}
