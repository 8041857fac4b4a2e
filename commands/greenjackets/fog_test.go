package greenjackets_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// The secrecy test (issue 16): a Green Jackets battle under fog of war with
// a hidden French section, played through the Discord double in three
// channels (the battle's own, the British side's and the French side's
// private thread). No name of the hidden section reaches the British side
// or the main channel (messages, ephemeral answers, direct messages,
// autocomplete answers, button ids, the log, the report) before it is
// spotted; once a British officer spots it the British see it and the main
// channel still does not; once it is fired upon everyone does.
func TestFogOfWarKeepsAHiddenSectionSecret(t *testing.T) {
	const (
		main    = "500000000000000070"
		british = "500000000000000071"
	)
	tb := commandstest.Discord(t, commandstest.Seed(7), commandstest.Channel(main), commandstest.DeferAfter(time.Second))
	ump := discordtest.User{ID: "300000000000000101", Name: "Umpire"}
	alice := discordtest.User{ID: "300000000000000102", Name: "Alice"}
	bob := discordtest.User{ID: "300000000000000103", Name: "Bob"}
	carol := discordtest.User{ID: "300000000000000104", Name: "Carol"} // plays nothing: reads the main channel
	o := discordtest.Opt
	hidden := []string{"Capt Dubois", "Voltigeurs", "Leclerc", "Martin", "Girard"}
	unseen := []string{"Sgt Roche", "Tirailleurs", "Blanc", "Noir"} // never spotted

	// What each reader has been shown, as text with button ids and files.
	shown := map[string]*strings.Builder{"british": {}, "main": {}, "french": {}}
	read := func(who string, ms ...discordtest.Message) {
		for _, m := range ms {
			b := shown[who]
			b.WriteString(m.Text() + "\n")
			for _, btn := range m.Buttons() {
				b.WriteString(btn.Label + " " + btn.CustomID + "\n")
			}
			for name, f := range m.Files {
				b.WriteString(name + "\n" + f + "\n")
			}
		}
	}
	side := map[string]string{alice.ID: "british", bob.ID: "french", carol.ID: "main"}
	say := func(u discordtest.User, channel, path string, opts ...discordtest.Option) discordtest.Reply {
		t.Helper()
		r := tb.D.Slash(u, channel, path, opts...).Wait(t, "/"+path+" answered", commandstest.Answered)
		tb.Delivered()
		if who, ok := side[u.ID]; ok {
			read(who, r.Ephemeral()...)
		}
		pub := r.Public()
		switch channel {
		case main:
			read("main", pub...)
		case british:
			read("british", pub...)
		default:
			read("french", pub...)
		}
		return r
	}
	choices := func(u discordtest.User, channel, path, focused string, opts ...discordtest.Option) {
		t.Helper()
		r := tb.D.Autocomplete(u, channel, path, focused, opts...).Wait(t, "autocomplete", func(r discordtest.Reply) bool { return r.Callback != 0 })
		for _, c := range r.Choices {
			shown[side[u.ID]].WriteString(fmt.Sprintf("choice %s %v\n", c.Name, c.Value))
		}
	}
	// everything posted to the channels and sent by DM so far
	posted := func(french string) {
		tb.Delivered()
		read("main", tb.D.ChannelMessages(main)...)
		read("british", tb.D.ChannelMessages(british)...)
		read("british", tb.D.DMs(alice.ID)...)
		read("french", tb.D.ChannelMessages(french)...)
	}
	leaks := func(when string, who string, names []string, want bool) {
		t.Helper()
		s := shown[who].String()
		for _, n := range names {
			if strings.Contains(s, n) != want {
				if want {
					t.Errorf("%s: the %s reader was never shown %q", when, who, n)
				} else {
					t.Errorf("%s: the %s reader was shown %q:\n%s", when, who, n, s)
				}
			}
		}
	}

	say(ump, main, "game start", o("ruleset", "greenjackets"), o("name", "Fog at the bridge"))
	say(ump, main, "game settings", o("fog", "on"))
	say(ump, main, "greenjackets roster character", o("name", "Lt Sharpe"), o("side", "British"), o("player", alice))
	say(ump, main, "greenjackets roster squad", o("name", "Chosen Men"), o("officer", "Lt Sharpe"), o("arm", "infantry"),
		o("weapon", "rifle"), o("figures", "Harris (sharpshooter), Hagman, Cooper"))
	say(ump, main, "greenjackets roster character", o("name", "Capt Dubois"), o("side", "French"), o("player", bob), o("hidden", true))
	say(ump, main, "greenjackets roster squad", o("name", "Voltigeurs"), o("officer", "Capt Dubois"), o("arm", "infantry"),
		o("weapon", "musket"), o("figures", "Leclerc, Martin, Girard"))
	say(ump, main, "greenjackets roster character", o("name", "Sgt Roche"), o("rank", "nco"), o("side", "French"), o("player", bob), o("hidden", true))
	say(ump, main, "greenjackets roster squad", o("name", "Tirailleurs"), o("officer", "Sgt Roche"), o("arm", "infantry"),
		o("weapon", "musket"), o("figures", "Blanc, Noir"))
	say(ump, main, "game side-channel", o("side", "British"), o("channel", british))
	say(ump, main, "game side-channel", o("side", "french"))
	var french string
	for _, th := range tb.D.Threads() {
		if th.Type == 12 && strings.HasPrefix(th.Name, "French") {
			french = th.ID
			if !strings.Contains(strings.Join(th.Members, " "), bob.ID) {
				t.Errorf("the French thread's members are %v, want Bob among them", th.Members)
			}
		}
	}
	if french == "" {
		t.Fatalf("no private thread was opened for the French: %+v", tb.D.Threads())
	}

	// Before the French are spotted: what the British and the main channel read.
	for _, ch := range []string{main, british} {
		say(alice, ch, "game status")
		say(alice, ch, "greenjackets roster show")
		say(alice, ch, "game log", o("count", 50))
		say(alice, ch, "game report")
		choices(alice, ch, "greenjackets fire", "target", o("target", ""))
		choices(alice, ch, "greenjackets observe", "target", o("target", ""))
	}
	say(carol, main, "game status")
	say(carol, main, "game log", o("count", 50))
	choices(carol, main, "greenjackets fire", "target", o("target", ""))
	say(alice, british, "greenjackets fire", o("squad", "Chosen Men"), o("range", 8.0), o("target", "voltigeurs"))
	say(alice, british, "greenjackets fire", o("squad", "Chosen Men"), o("range", 8.0), o("target", "the woods"))
	say(bob, french, "greenjackets move", o("squad", "Voltigeurs"), o("speed", "jog"))
	say(bob, main, "greenjackets aim", o("squad", "Voltigeurs"))
	posted(french)
	leaks("before the French were spotted", "british", append(hidden, unseen...), false)
	leaks("before the French were spotted", "main", append(hidden, unseen...), false)
	leaks("before the French were spotted", "french", []string{"Voltigeurs", "Leclerc"}, true)

	// A British officer spots them: the British see them, the main channel not.
	say(ump, main, "greenjackets observe", o("officer", "Lt Sharpe"), o("target", "Voltigeurs"), o("range", 3.0))
	say(alice, british, "game status")
	say(carol, main, "game status")
	say(carol, main, "game log", o("count", 50))
	posted(french)
	leaks("once spotted by the British", "british", []string{"Voltigeurs", "Capt Dubois"}, true)
	leaks("once spotted by the British", "main", hidden, false)

	// Fired upon, they are seen by all; the French are told in their thread.
	say(ump, main, "greenjackets fire", o("squad", "Chosen Men"), o("range", 8.0), o("target", "Voltigeurs"))
	tb.D.Wait(t, "the French told of the fire at the Voltigeurs", func() bool {
		return strings.Contains(commandstest.Texts(tb.D.ChannelMessages(french)), "Fire: Chosen Men at Voltigeurs")
	})
	posted(french)
	leaks("once fired upon", "main", []string{"Voltigeurs"}, true)
	if s := commandstest.Texts(tb.D.ChannelMessages(french)); strings.Contains(s, "looks for Voltigeurs") {
		t.Errorf("the French thread was told of the British observation:\n%s", s)
	}

	// A turn with Sgt Roche's section still unseen: the deal, the count
	// called and the turn's status name nothing of it to the British.
	say(ump, main, "turn new")
	say(ump, main, "turn status")
	say(alice, british, "turn status")
	say(carol, main, "game status")
	say(alice, main, "game report")
	choices(alice, british, "greenjackets melee", "defenders", o("defenders", ""))
	posted(french)
	leaks("with Sgt Roche unseen", "british", unseen, false)
	leaks("with Sgt Roche unseen", "main", unseen, false)

	// After the end, everything is revealed.
	read("main", tb.End(ump).Public()...)
	tb.Delivered()
	say(carol, main, "game status")
	leaks("after the end", "main", unseen[:2], true)
}
