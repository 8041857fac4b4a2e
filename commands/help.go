package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/optdef"
)

var helpDefinition = &discordgo.ApplicationCommand{
	Name:        "help",
	Description: "What the referee can do, and the rule sets it knows",
	Contexts:    optdef.Anywhere,
}

func helpHandler(svc *battle.Service) interaction.Handler {
	return func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		var sets strings.Builder
		for _, rs := range svc.Rulesets() {
			var cmds []string
			for _, d := range rs.Definitions() {
				cmds = append(cmds, "`/"+d.Name+"`")
			}
			fmt.Fprintf(&sets, "• **%s** — `%s` (%s, `/rules ruleset:%s`)\n", rs.Name(), rs.ID(), strings.Join(cmds, ", "), rs.ID())
		}
		if sets.Len() == 0 {
			sets.WriteString("none yet")
		}
		return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{{
			Title: "Referee: dice, tables and turns for horse-and-musket wargames",
			Description: "**Dice** `/roll dice:2d6+3 label:volley` · `/odds dice:10d6>=5`\n" +
				"**Battle** `/game start ruleset:…` · `/game status` · `/game log` · `/game end` · `/game verify`\n" +
				"**Turns** `/turn new` · `/turn next` · `/turn status` · `/card` (your secret card) · `/act` · `/orders text:…` (sealed written orders)\n" +
				"**Rules** `/rules ruleset:… topic:…` shows a table and the readings the referee takes.\n" +
				"Every ruling shows its dice, the table row, each modifier, the result and the odds.",
			Fields: []interaction.Field{{Name: "Rule sets", Value: sets.String()}},
		}}}}}, nil
	}
}
