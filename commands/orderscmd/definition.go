package orderscmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/optdef"
)

// Definitions are the /orders slash command.
var Definitions = []*discordgo.ApplicationCommand{{
	Name:        "orders",
	Description: "Sealed written orders for the turn: only you and the umpire see them until they are revealed",
	Contexts:    optdef.InServers,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.String(order.Text, "Your orders for this turn (writing again before the reveal replaces them)", false, false, sealed.MaxText),
		optdef.Bool("reveal", "Publish every sealed order with its salt, to check against its commitment (umpire)"),
	},
}}
