package commands_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

// TestRefusedDMsThroughDiscord: through the Discord double, a player who
// refuses direct messages is reported to the umpire at the deal, and told
// himself, privately, with the answer to his next command, how to see his card.
func TestRefusedDMsThroughDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(7)) // every rule set and route, as commands.New makes them
	ump := discordtest.User{ID: "300000000000000001", Name: "Wellington"}
	alice := discordtest.User{ID: "300000000000000002", Name: "alice"}
	bob := discordtest.User{ID: "300000000000000003", Name: "bob"}
	tb.D.RefuseDMs(alice.ID)
	tb.Say(ump, "game start", discordtest.Opt("ruleset", "greenjackets"))
	for _, c := range []struct {
		name, side string
		player     discordtest.User
	}{{"Lt Sharpe", "British", alice}, {"Capt Leclerc", "French", bob}} {
		tb.D.Slash(ump, tb.Channel, "greenjackets roster character", discordtest.Opt("name", c.name), discordtest.Opt("rank", "officer"),
			discordtest.Opt("side", c.side), discordtest.Opt("quality", "trained"), discordtest.Opt("player", c.player)).
			Wait(t, "the assignment of "+c.name, func(r discordtest.Reply) bool {
				return commandstest.Answered(r) && (c.player.ID != alice.ID || len(r.Ephemeral()) > 0)
			})
	}

	// The deal's refused DM is reported to the umpire (the repeats of a turn
	// are held back by the battle service: gamecmd's TestDMRefusedOnceATurn).
	toldOfAlice := func(r discordtest.Reply) bool {
		for _, m := range r.Ephemeral() {
			if strings.Contains(m.Text(), "alice") && strings.Contains(m.Text(), "direct message") {
				return true
			}
		}
		return false
	}
	tb.D.Slash(ump, tb.Channel, "turn new").Wait(t, "the umpire told of alice's DMs at the deal", toldOfAlice)

	// alice's next command carries the note, once; it is her answer's own
	// (read whole from the core, as the transport delivers it).
	note := func(r interaction.Response) bool {
		for _, m := range r.Ephemeral {
			if strings.Contains(m.Content, "could not send you a direct message") && strings.Contains(m.Content, "/card") {
				return true
			}
		}
		return false
	}
	as := func(u discordtest.User) interaction.User { return interaction.User{ID: u.ID, Name: u.Name} }
	if r := tb.Do(as(alice), "turn status"); !note(r) {
		t.Errorf("alice's next command did not tell her how to see her card: %+v", r)
	}
	if r := tb.Do(as(alice), "turn status"); note(r) {
		t.Errorf("alice was told twice: %+v", r)
	}
	if r := tb.Do(as(bob), "turn status"); note(r) {
		t.Errorf("bob was told of alice's DMs: %+v", r)
	}
}
