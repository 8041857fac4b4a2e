package gamecmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/campaign"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/undo"
	"github.com/referee-bot/referee/commands/optdef"
)

// Definitions are the slash commands of this package, with the rule sets
// offered as choices.
func Definitions(rulesets []battle.Ruleset) []*discordgo.ApplicationCommand {
	choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(rulesets))
	for _, rs := range rulesets {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: rs.Name(), Value: rs.ID()})
	}
	ruleset := optdef.Choice("ruleset", "The rule set", true, choices)
	return []*discordgo.ApplicationCommand{
		{
			Name:        "game",
			Description: "This channel's battle: start, status, log, end, verify",
			Contexts:    optdef.InServers,
			Options: []*discordgo.ApplicationCommandOption{
				optdef.Sub("start", "Start a battle in this channel; you become its umpire",
					optdef.Choice("ruleset", "The rule set (left out with campaign:)", false, choices),
					optdef.String("name", "A name for the battle", false, false, 100),
					optdef.Bool("thread", "Open the battle in a new public thread of this channel, named after it"),
					optdef.String("campaign", "Muster the battle from this campaign of the server", false, true, campaign.MaxName),
					optdef.String("forces", "With campaign: the characters, squads or units who fight, comma-separated (default all)", false, false, 1000)),
				optdef.Sub("status", "The battle at a glance: turn, sides, roster, whose move"),
				optdef.Sub("end", "End the battle and reveal the dice seed, after you confirm (umpire)"),
				optdef.Sub("umpire", "Hand the umpire's role to someone else (umpire)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
						Name: "user", Description: "The new umpire", Required: true}),
				optdef.Sub("log", "The numbered rolls and rulings",
					optdef.Integer("count", "How many of the latest entries (default 10)", false, 1, 50)),
				optdef.Sub("house-rule", "Switch a reading of the rules for this battle (umpire)",
					optdef.String("name", "The house rule", true, true, 60), optdef.String("value", "Its value", true, true, 60)),
				optdef.Sub("export", "The whole battle as a JSON file (umpire)"),
				optdef.Sub("import", "Load a battle from a file made by /game export",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment,
						Name: "file", Description: "The .json file", Required: true}),
				optdef.Sub("report", "After-action report in Markdown: sides, turns, every ruling, losses"),
				optdef.Sub("undo", "Void the last rulings or changes; they stay in the log, struck through (umpire)",
					optdef.String("reason", "Why, for the log", true, false, 200),
					optdef.Integer("steps", "How many of the last changes (default 1)", false, 1, undo.Max)),
				optdef.Sub("verify", "After the end: recompute every roll from the revealed seed",
					optdef.String("earlier-seed", "Seed of an earlier server's part of this battle, if it was imported while running", false, false, 64)),
				optdef.Sub("deadline", "Move deadlines for play by chat: how long a move may take, reminders, what expiry does (umpire)",
					optdef.String("move", "How long a move may take (24h, 2d, 1w, 90m), or off", true, false, 20),
					optdef.String("reminders", "When the one reminder goes before the deadline, e.g. 12h", false, false, 60),
					optdef.Pick("expire", "At the deadline: tell the umpire who is late, or pass the move", false, pace.ExpireUmpire, pace.ExpirePass)),
				optdef.Sub("extend", "Move the pending deadlines on (umpire)",
					optdef.String("by", "How much longer (12h, 1d)", true, false, 20),
					optdef.User("user", "Only this player's deadline")),
				optdef.Sub("pause", "Stop every deadline's clock (umpire)"),
				optdef.Sub("resume", "Start the deadlines' clocks again, each moved on by the pause (umpire)"),
				optdef.Sub("desk", "Your desk, where late players are reported: a private thread, or a channel (umpire)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel",
						Description: "A channel only you read (left out: a private thread of this channel)"},
					optdef.Bool("off", "No desk: what is for you comes by DM")),
				optdef.Sub("settings", "The battle's settings (umpire)",
					optdef.Pick("pings", "Mention the holder of a move in the channel", false, "on", "off"),
					optdef.Pick("fog", "Fog of war: every view cut to what its reader may know", false, "on", "off"),
					optdef.Pick("orders", "When sealed orders are revealed: at the turn's end, or at your call", false, "turn-end", "umpire"),
					optdef.Pick("rulings", "Rulings short (working behind Details) or in full", false, "short", details.Full),
					optdef.Pick("calls", "Who calls the next count, card, activation or phase: you, or the referee once no one else is due", false, "umpire", calls.Auto)),
				optdef.Sub("side", "Put a player on a side (umpire)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
						Name: "user", Description: "The player", Required: true},
					optdef.String("side", "The side, as the roster names it", true, true, 40)),
				optdef.Sub("side-channel", "Link a channel to a side, or open a private thread for it (umpire)",
					optdef.String("side", "The side, as the roster names it", true, true, 40),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel",
						Description: "The side's channel (left out: a private thread of this channel with the side's players)"}),
				optdef.Sub("reveal", "Reveal a hidden unit to a side, or to all (umpire)",
					optdef.String("unit", "The unit, section or officer", true, true, 100),
					optdef.String("side", "The side it is revealed to (left out: all)", false, true, 40)),
			},
		},
		{
			Name:        "turn",
			Description: "The turn sequence of this channel's rule set",
			Contexts:    optdef.InServers,
			Options: []*discordgo.ApplicationCommandOption{
				optdef.Sub("new", "Start a new turn (deals cards, draws the deck, resets orders)"),
				optdef.Sub("next", "Move the turn on (call the next count, activation or phase)"),
				optdef.Sub("status", "Where the turn stands and who is to act"),
			},
		},
		{Name: "card", Description: "Your secret card this turn (only you see it)", Contexts: optdef.InServers},
		{Name: "act", Description: "Take your action now (or act when delayed)", Contexts: optdef.InServers},
		{
			Name:        "rules",
			Description: "A table or rule of a rule set, with the readings the referee takes",
			Contexts:    optdef.Anywhere,
			Options: []*discordgo.ApplicationCommandOption{
				ruleset, optdef.String("topic", "The table or rule (leave out to list them)", false, true, 100),
			},
		},
	}
}
