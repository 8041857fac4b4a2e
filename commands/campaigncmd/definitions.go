package campaigncmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/optdef"
)

// Definition is /campaign, with the rule sets that keep campaigns offered as
// choices.
func Definition(rulesets []battle.Ruleset) *discordgo.ApplicationCommand {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, rs := range rulesets {
		if _, ok := rs.(campaign.Campaigner); ok {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: rs.Name(), Value: rs.ID()})
		}
	}
	rules := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(campaign.HouseRules))
	for _, h := range campaign.HouseRules {
		rules = append(rules, &discordgo.ApplicationCommandOptionChoice{Name: h.Reading.ID + " " + h.Name, Value: h.Name})
	}
	// name is a campaign of the server, completed from them (Choices).
	name := func() *discordgo.ApplicationCommandOption {
		return optdef.String("name", "The campaign's name", true, true, campaign.MaxName)
	}
	entry := optdef.String("entry", "The character, squad, figure, unit, officer or general", true, false, 100)
	return &discordgo.ApplicationCommand{
		Name:        "campaign",
		Description: "A run of battles: forces, losses and characters carried from battle to battle",
		Contexts:    optdef.InServers,
		Options: []*discordgo.ApplicationCommandOption{
			optdef.Sub("start", "Start a campaign on this server; you become its umpire",
				optdef.String("name", "The new campaign's name", true, false, campaign.MaxName),
				optdef.Choice("ruleset", "The rule set", true, choices)),
			optdef.Sub("list", "The server's campaigns: each one's rule set, umpire and battles"),
			optdef.Sub("umpire", "Hand the campaign's umpire's role to someone else (umpire)",
				name(), &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
					Name: "user", Description: "The new umpire", Required: true}),
			optdef.Sub("forces", "Add an order of battle, or this channel's battle's roster, to the forces (umpire)",
				name(), optdef.String("text", "The order of battle, one entry a line or ;-separated", false, false, 6000),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment,
					Name: "file", Description: "The order of battle as a file"}),
			optdef.Sub("edit", "Between battles: experience or reinforcements (umpire)",
				name(), entry, optdef.String("quality", "New quality (experience): raw, trained, veteran…", false, true, 30),
				optdef.String("reinforce", "Reinforcements: figures for a squad, stands, bases or strength points", false, false, 400)),
			optdef.Sub("remove", "Take someone off the campaign's forces (umpire)", name(), entry),
			optdef.Sub("house-rule", "Switch a reading of K1–K4 for this campaign (umpire)",
				name(), optdef.Choice("rule", "The reading", true, rules),
				optdef.String("value", "Its value", true, false, 30)),
			optdef.Sub("settings", "The campaign's settings: fog of war (umpire)",
				name(), optdef.Pick("fog", "Fog of war: a player sees his own side and the enemy his side has met", true, "on", "off")),
			optdef.Sub("status", "The forces and their state per side, the battles fought, losses to date", name()),
			optdef.Sub("report", "The campaign's history in Markdown: every battle, its losses, each man's record", name()),
			optdef.Sub("log", "The campaign's log", name(), optdef.Integer("count", "How many of the latest entries (default 10)", false, 1, 50)),
			optdef.Sub("export", "The whole campaign as a JSON file (umpire)", name()),
			optdef.Sub("import", "Load a campaign from a file made by /campaign export",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment,
					Name: "file", Description: "The .json file", Required: true}),
		},
	}
}
