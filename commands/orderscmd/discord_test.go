package orderscmd_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// Sealed orders through the Discord double: the writer alone sees his text
// (ephemerally), the umpire's desk has a copy, the battle's channel sees
// only a commitment until the umpire reveals them; then it sees the text,
// the salt and the form hashed.
func TestSealedOrdersOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000161"))
	ump := discordtest.User{ID: "300000000000000160", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000161", Name: "Bob"}
	o := discordtest.Opt
	const desk, text = "400000000000000162", "Grenadiers wheel left and fire by platoons"
	tb.Public(ump, "game start", o("ruleset", "firing2007"), o("name", "Minden"))
	tb.Say(ump, "game desk", o("channel", desk))
	tb.Say(ump, "turn new")

	r := tb.D.Slash(bob, tb.Channel, "orders", o("text", text)).Wait(t, "the notice and Bob's own copy", func(r discordtest.Reply) bool {
		return len(r.Public()) > 0 && len(r.Ephemeral()) > 0
	})
	if eph := commandstest.Texts(r.Ephemeral()); !strings.Contains(eph, "Your orders for turn 1 are sealed:\n> "+text) {
		t.Errorf("Bob was shown %q, want his orders", eph)
	}
	pub := commandstest.Texts(r.Public())
	if !strings.Contains(pub, "**Bob** has written sealed orders for turn 1. Commitment: `") {
		t.Errorf("the channel was told %q, want that Bob has written, with a commitment", pub)
	}
	tb.D.Wait(t, "the copy at the desk", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(desk)), "**Bob**'s sealed orders for turn 1")
	})
	if s := commandstest.Texts(tb.D.ChannelMessages(desk)); !strings.Contains(s, text) {
		t.Errorf("the desk has %q, want Bob's orders", s)
	}
	if s := commandstest.Texts(tb.D.ChannelMessages(tb.Channel)); strings.Contains(s, text) {
		t.Errorf("before the reveal the battle's channel shows Bob's orders:\n%s", s)
	}
	tb.Refused("can reveal the sealed orders", bob, "orders", o("reveal", true))

	r = tb.Say(ump, "orders", o("reveal", true))
	if s := commandstest.Texts(r.Public()); !strings.Contains(s, "> "+text) || !strings.Contains(s, ":"+text+"\n```") || !strings.Contains(s, "' | sha256sum\n```") {
		t.Errorf("the reveal is %q, want Bob's text and, in code blocks, the bytes hashed and the command that hashes them", s)
	}
	tb.Refused("which the code block that shows them at the reveal cannot hold", bob, "orders", o("text", "Hold the `fence`"))
}
