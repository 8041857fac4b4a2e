package orderscmd_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
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
	tb.Refused("The orders of turn 1 have been revealed: orders for it can no longer be written", bob, "orders", o("text", "Grenadiers halt, having seen the reveal"))
}

// Through the Discord double: a running battle's file whose sealed orders
// were given a text and salt that hash to their commitment is refused at
// /game import, and no battle is stored.
func TestAnImportCannotAddOrdersOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000163"))
	ump := discordtest.User{ID: "300000000000000163", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000164", Name: "Bob"}
	o := discordtest.Opt
	tb.Public(ump, "game start", o("ruleset", "firing2007"), o("name", "Minden"))
	tb.Say(ump, "turn new")
	tb.Say(bob, "orders", o("text", "Storm the redoubt"))
	r := tb.In(tb.Channel, interaction.User{ID: ump.ID, Name: ump.Name}, "game export")
	if len(r.Ephemeral) != 1 || len(r.Ephemeral[0].Files) != 1 {
		t.Fatalf("/game export: %s", commandstest.Text(r))
	}
	var doc map[string]any
	if err := json.Unmarshal(r.Ephemeral[0].Files[0].Content, &doc); err != nil {
		t.Fatal(err)
	}
	order := doc["orders"].(map[string]any)["sealed"].([]any)[0].(map[string]any)
	order["text"], order["salt"] = "Retreat", "0123456789abcdef"
	order["commitment"] = rules.Commit(sealed.Form("0123456789abcdef", "Retreat"))
	forged, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	const elsewhere = "400000000000000165"
	reply := tb.D.Slash(ump, elsewhere, "game import", o("file", discordtest.Attachment{Name: "b.json", Content: forged})).Wait(t, "the import answered", commandstest.Answered)
	if s := commandstest.Texts(reply.All()); !strings.Contains(s, "carries the text of sealed orders") || len(reply.Public()) != 0 {
		t.Errorf("the import of orders added by hand is answered %q, want refused to the umpire alone", s)
	}
	if _, err := tb.Service.View(t.Context(), elsewhere); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("after the refused import, View = %v, want no battle", err)
	}
}

// Under fog of war through the Discord double, orders revealed at the
// umpire's call are posted as written in the writer's side's channel and at
// the desk; the battle's channel reads only that they match their
// commitment.
func TestSealedOrdersUnderFogOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Channel("400000000000000171"))
	ump := discordtest.User{ID: "300000000000000170", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000171", Name: "Bob"}
	carol := discordtest.User{ID: "300000000000000172", Name: "Carol"}
	o := discordtest.Opt
	const desk, brit, text = "400000000000000172", "400000000000000173", "Grenadiers wheel left and fire by platoons"
	tb.Public(ump, "game start", o("ruleset", "firing2007"), o("name", "Minden"))
	tb.Say(ump, "firing2007 unit-add", o("name", "Grenadiers"), o("type", "british"), o("side", "British"), o("strength", 6), o("morale", 7), o("player", bob))
	tb.Say(ump, "firing2007 unit-add", o("name", "Rangers"), o("type", "rifles"), o("side", "American"), o("strength", 4), o("morale", 6), o("player", carol))
	tb.Say(ump, "game settings", o("fog", "on"))
	tb.Say(ump, "game side-channel", o("side", "British"), o("channel", brit))
	tb.Say(ump, "game desk", o("channel", desk))
	tb.Say(ump, "turn new")
	r := tb.D.Slash(bob, brit, "orders", o("text", text)).Wait(t, "Bob's own copy", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
	if eph := commandstest.Texts(r.Ephemeral()); !strings.Contains(eph, "Your orders for turn 1 are sealed") {
		t.Fatalf("Bob was shown %q, want his orders sealed", eph)
	}

	main := commandstest.Texts(tb.Say(ump, "orders", o("reveal", true)).Public())
	tb.D.Wait(t, "the reveal in the British channel and at the desk", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(brit)), ":"+text+"\n```") &&
			strings.Contains(commandstest.Texts(tb.D.ChannelMessages(desk)), ":"+text+"\n```")
	})
	main += commandstest.Texts(tb.D.ChannelMessages(tb.Channel))
	if strings.Contains(main, text) || !strings.Contains(main, "• **Bob**: commitment `") || !strings.Contains(main, "— matches.") {
		t.Errorf("the battle's channel reads:\n%s\nwant Bob's commitment matched, not his orders", main)
	}
	if dms := commandstest.Texts(tb.D.DMs(carol.ID)); strings.Contains(dms, text) {
		t.Errorf("Carol, of the other side, was sent Bob's orders:\n%s", dms)
	}
}
