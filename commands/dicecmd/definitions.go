package dicecmd

import "github.com/bwmarrin/discordgo"

// Definitions are the /roll and /odds slash commands.
var Definitions = []*discordgo.ApplicationCommand{
	{
		Name:        "roll",
		Description: "Roll dice: d20, 2d6+3, 4d6kh3, 10d6>=5, d100, 3#d20 …",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "dice", Description: "Dice notation, for example 2d6+3", Required: true, MaxLength: 256},
			{Type: discordgo.ApplicationCommandOptionString, Name: "label", Description: "What the roll is for", MaxLength: 100},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "secret", Description: "Only you and the umpire see the result"},
		},
	},
	{
		Name:        "odds",
		Description: "The exact odds of a roll: P(=x), P(≥x), P(≤x) and a chart",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "dice", Description: "Dice notation, for example 3d6 or 10d6>=5", Required: true, MaxLength: 256},
		},
	},
}
