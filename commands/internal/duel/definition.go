package duel

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/optdef"
)

// maxName is the longest name an option of /duel takes.
const maxName = 40

// Definition is /duel.
var Definition = &discordgo.ApplicationCommand{
	Name:        ID,
	Description: "Duel: the roster and shots",
	Contexts:    optdef.Anywhere,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Group("roster", "Umpire's roster",
			optdef.Sub("add", "Add a duellist",
				optdef.String("name", "Name", true, false, maxName),
				optdef.String("side", "Side", true, false, maxName),
				optdef.Bool("new-side", "The side is a new one"))),
		optdef.Sub("fire", "Fire a shot",
			optdef.Number("range", "Inches", true, 0, 100),
			optdef.String("shooter", "Who fires", false, false, maxName),
			optdef.String("target", "At whom", false, false, maxName)),
	},
}

// orders decodes the options of /duel into its typed orders.
var orders = decode.New(ID, Definition, rosterNames)

// Routes are the /duel subcommands.
func (r *Ruleset) Routes() []battle.Route {
	return []battle.Route{
		decode.Route(orders, "duel roster add", r.Add),
		decode.Ruling(orders, "duel fire", r.Fire),
	}
}

// Definitions are the /duel command.
func (*Ruleset) Definitions() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{Definition}
}
