package dicecmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/optdef"
)

// Definitions are the /roll and /odds slash commands.
var Definitions = []*discordgo.ApplicationCommand{
	{
		Name:        "roll",
		Contexts:    optdef.Anywhere,
		Description: "Roll dice: d20, 2d6+3, 4d6kh3, 10d6>=5, d100, 3#d20 …",
		Options: []*discordgo.ApplicationCommandOption{
			optdef.String("dice", "Dice notation, for example 2d6+3", true, false, 256),
			optdef.String("label", "What the roll is for", false, false, 100),
			optdef.Bool("secret", "Only you and the umpire see the result"),
		},
	},
	{
		Name:        "odds",
		Contexts:    optdef.Anywhere,
		Description: "The exact odds of a roll: P(=x), P(≥x), P(≤x) and a chart",
		Options: []*discordgo.ApplicationCommandOption{
			optdef.String("dice", "Dice notation, for example 3d6 or 10d6>=5", true, false, 256),
			optdef.String("label", "What the roll is for (the chart's title)", false, false, 100),
			optdef.Pick("theme", "The chart's colours, as your Discord theme", false, themeNames...),
		},
	},
}
