package verify_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

// Through the Discord double: a battle played, ended and verified replays
// whole from its seed, and the channel is told so.
func TestVerifyOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000171"))
	ump := discordtest.User{ID: "300000000000000170", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000171", Name: "Bob"}
	o := discordtest.Opt
	tb.Public(ump, "game start", o("ruleset", "greenjackets"), o("name", "Minden"))
	tb.Say(bob, "roll", o("dice", "3d6"))
	tb.Say(bob, "roll", o("dice", "2d6"), o("secret", true))
	tb.End(ump)
	pub := commandstest.Texts(tb.Public(bob, "game verify"))
	for _, want := range []string{"Verified: the log recomputes the battle", "Replayed the whole log from the seed through Green Jackets"} {
		if !strings.Contains(pub, want) {
			t.Errorf("/game verify says %q, want %q", pub, want)
		}
	}
}

// Through the Discord double: a battle mustered from a campaign, with
// sealed orders revealed at the umpire's call, ended and verified, replays
// whole and says it took the campaign's forces as given; its file, attached
// to /game import in another channel, is replayed on import.
func TestVerifyAMusteredBattleOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000172"))
	ump := discordtest.User{ID: "300000000000000172", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000173", Name: "Bob"}
	o := discordtest.Opt
	const muster, elsewhere = "400000000000000173", "400000000000000174"
	in := func(channel, path string, opts ...discordtest.Option) discordtest.Reply {
		t.Helper()
		return tb.D.Slash(ump, channel, path, opts...).Wait(t, "/"+path+" answered", commandstest.Answered)
	}
	in(muster, "campaign start", o("name", "Minden"), o("ruleset", "firing2007"))
	in(muster, "game start", o("ruleset", "firing2007"), o("name", "Muster"))
	in(muster, "firing2007 unit-add", o("name", "Grenadiers"), o("type", "british"), o("side", "British"), o("strength", 6), o("morale", 7), o("player", bob))
	in(muster, "campaign forces", o("name", "Minden"))
	tb.Public(ump, "game start", o("campaign", "Minden"), o("name", "Minden"))
	tb.Say(ump, "turn new")
	tb.Say(bob, "orders", o("text", "Grenadiers wheel left"))
	tb.Say(ump, "orders", o("reveal", true))
	tb.Say(bob, "roll", o("dice", "2d6"))
	tb.End(ump)
	pub := commandstest.Texts(tb.Public(bob, "game verify"))
	for _, want := range []string{"Replayed the whole log from the seed through Rules – Firing", "took the forces mustered from the campaign Minden"} {
		if !strings.Contains(pub, want) {
			t.Errorf("/game verify says %q, want %q", pub, want)
		}
	}
	if strings.Contains(pub, "❌") {
		t.Errorf("/game verify finds a fault in the battle as played: %q", pub)
	}

	r := tb.In(tb.Channel, interaction.User{ID: ump.ID, Name: ump.Name}, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export: %s", commandstest.Text(r))
	}
	imported := commandstest.Texts(in(elsewhere, "game import", o("file", discordtest.Attachment{Name: "minden.json", Content: r.Ephemeral[0].Files[0].Content})).All())
	if !strings.Contains(imported, "Replayed the whole log from the seed through Rules – Firing") {
		t.Errorf("the import says %q, want the replay's verdict", imported)
	}
}
