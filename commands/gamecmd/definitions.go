package gamecmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
)

// Button routes the rule sets put on their turn messages.
const (
	ButtonNext = "v1/turn/next"
	ButtonAct  = "v1/turn/act"
)

// Definitions are the slash commands of this package, with the rule sets
// offered as choices.
func Definitions(rulesets []battle.Ruleset) []*discordgo.ApplicationCommand {
	choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(rulesets))
	for _, rs := range rulesets {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: rs.Name(), Value: rs.ID()})
	}
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	one, fifty := 1.0, 50.0
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
			Name: name, Description: desc, Options: opts}
	}
	str := func(name, desc string, required bool, maxLen int) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
			Name: name, Description: desc, Required: required, MaxLength: maxLen}
	}
	ruleset := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
		Name: "ruleset", Description: "The rule set", Required: true, Choices: choices}
	auto := func(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		o.Autocomplete = true
		return o
	}
	return []*discordgo.ApplicationCommand{
		{
			Name:        "game",
			Description: "This channel's battle: start, status, log, end, verify",
			Contexts:    guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("start", "Start a battle in this channel; you become its umpire",
					ruleset, str("name", "A name for the battle", false, 100)),
				sub("status", "The battle at a glance: turn, sides, roster, whose move"),
				sub("end", "End the battle and reveal the dice seed (umpire)"),
				sub("umpire", "Hand the umpire's role to someone else (umpire)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
						Name: "user", Description: "The new umpire", Required: true}),
				sub("log", "The numbered rolls and rulings",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
						Name: "count", Description: "How many of the latest entries (default 10)", MinValue: &one, MaxValue: fifty}),
				sub("house-rule", "Switch a reading of the rules for this battle (umpire)",
					auto(str("name", "The house rule", true, 60)), auto(str("value", "Its value", true, 60))),
				sub("export", "The whole battle as a JSON file (umpire)"),
				sub("import", "Load a battle from a file made by /game export",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment,
						Name: "file", Description: "The .json file", Required: true}),
				sub("report", "After-action report in Markdown: sides, turns, every ruling, losses"),
				sub("undo", "Void the last ruling or change; it stays in the log, struck through (umpire)",
					str("reason", "Why, for the log", true, 200)),
				sub("verify", "After the end: recompute every roll from the revealed seed",
					str("earlier-seed", "Seed of an earlier server's part of this battle, if it was imported while running", false, 64)),
			},
		},
		{
			Name:        "turn",
			Description: "The turn sequence of this channel's rule set",
			Contexts:    guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new", "Start a new turn (deals cards, draws the deck, resets orders)"),
				sub("next", "Move the turn on (call the next count, activation or phase)"),
				sub("status", "Where the turn stands and who is to act"),
			},
		},
		{Name: "card", Description: "Your secret card this turn (only you see it)", Contexts: guildOnly},
		{Name: "act", Description: "Take your action now (or act when delayed)", Contexts: guildOnly},
		{
			Name:        "rules",
			Description: "A table or rule of a rule set, with the readings the referee takes",
			Options: []*discordgo.ApplicationCommandOption{
				ruleset, auto(str("topic", "The table or rule (leave out to list them)", false, 100)),
			},
		},
	}
}
