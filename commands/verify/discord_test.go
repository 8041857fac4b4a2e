package verify_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
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
