package firing2007_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
)

// A small battle played through the Discord double: the gateway, the real
// routes, the battle service and the embedded store, as in production.
func TestScriptedGameOverDiscord(t *testing.T) {
	tb := commandstest.Discord(t, commandstest.Seed(17, 58), commandstest.Channel("400000000000002007"))
	d, ch := tb.D, tb.Channel

	registered := false
	for _, c := range d.Commands(d.Guild) {
		registered = registered || c.Name == "firing2007" && len(c.Options) == 10
	}
	if !registered {
		t.Fatalf("/firing2007 with its 10 subcommands is not registered")
	}

	ump := discordtest.User{ID: "300000000000000010", Name: "Amherst"}
	bob := discordtest.User{ID: "300000000000000011", Name: "bob"}
	carol := discordtest.User{ID: "300000000000000012", Name: "carol"}
	opt := discordtest.Opt
	slash := func(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
		t.Helper()
		return tb.Say(u, path, opts...)
	}
	// sees checks that the channel sees wants in msgs, and returns the first.
	sees := func(step string, msgs []discordtest.Message, wants ...string) discordtest.Message {
		t.Helper()
		var text string
		for _, m := range msgs {
			text += m.Text() + "\n"
			for _, e := range m.Embeds {
				if e.Footer != nil {
					text += e.Footer.Text + "\n"
				}
			}
			if !m.NoMentions {
				t.Errorf("%s: sent with mentions allowed", step)
			}
		}
		for _, w := range wants {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the channel does not see %q:\n%s", step, w, text)
			}
		}
		return msgs[0]
	}
	public := func(step string, r discordtest.Reply, wants ...string) discordtest.Message {
		t.Helper()
		if len(r.Public()) == 0 {
			t.Fatalf("%s: nothing public; ephemeral: %+v", step, r.Ephemeral())
		}
		return sees(step, r.Public(), wants...)
	}
	private := func(step string, r discordtest.Reply, want string) {
		t.Helper()
		eph := r.Ephemeral()
		if len(r.Public()) != 0 || len(eph) != 1 || !strings.Contains(eph[0].Text(), want) {
			t.Errorf("%s: want only the invoker told %q; public %+v, ephemeral %+v", step, want, r.Public(), eph)
		}
	}

	public("start", slash(ump, "game start", opt("ruleset", "firing2007"), opt("name", "Carillon")), "Rules – Firing (2007)")
	for _, u := range [][]discordtest.Option{
		{opt("name", "42nd"), opt("type", "british"), opt("side", "British"), opt("strength", 6), opt("morale", 7), opt("player", bob)},
		{opt("name", "Rogers' *Rangers*"), opt("type", "rifles"), opt("side", "British"), opt("strength", 4), opt("morale", 6), opt("player", bob)},
		{opt("name", "La Sarre"), opt("type", "line"), opt("side", "French"), opt("strength", 6), opt("morale", 6), opt("cover", "hard"), opt("player", carol)},
		{opt("name", "Bearn"), opt("type", "line"), opt("side", "French"), opt("strength", 5), opt("morale", 6), opt("player", carol)},
	} {
		public("unit-add", slash(ump, "firing2007 unit-add", u...), "Added to the")
	}
	public("general-add", slash(ump, "firing2007 general-add", opt("name", "Montcalm"), opt("side", "French"), opt("with", "La Sarre"), opt("chain", "La Sarre, Bearn")),
		"General **Montcalm** with La Sarre; commands La Sarre, Bearn")
	private("player adds", slash(bob, "firing2007 unit-add", opt("name", "x"), opt("type", "line"), opt("side", "British"), opt("strength", 6), opt("morale", 6)),
		"Only the umpire (Amherst) can change the roster.")

	ac := d.Autocomplete(bob, ch, "firing2007 fire", "firer", opt("firer", "rog")).Wait(t, "choices", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "Rogers' *Rangers*" {
		t.Errorf("autocomplete firer:rog = %+v", ac.Choices)
	}

	private("turn new", slash(ump, "turn new"), "the [turn message]")
	turn := sees("turn new", []discordtest.Message{tb.TurnMessage()}, "Turn 1", "no turn sequence")
	if b := turn.Buttons(); len(b) != 1 || b[0].CustomID != "v1/turn/next/1" {
		t.Errorf("turn buttons %+v", b)
	}
	// A ruling is short; its Details button shows the presser alone its working.
	details := func(step string, m discordtest.Message, by discordtest.User, wants ...string) {
		t.Helper()
		working := tb.Details(by, m)
		for _, w := range wants {
			if !strings.Contains(working, w) {
				t.Errorf("%s: Details does not say %q:\n%s", step, w, working)
			}
		}
	}
	fired := public("bob fires", slash(bob, "firing2007 fire", opt("firer", "42nd"), opt("target", "La Sarre"), opt("distance", 6.0)),
		"Fire: 42nd at La Sarre, 6\"", "roll #1 · turn 1", "Odds")
	details("bob fires", fired, carol, "+1 British close order infantry", "−2 target is in hard cover or buildings")
	fired = public("rangers fire", slash(bob, "firing2007 fire", opt("firer", "Rogers' *Rangers*"), opt("target", "Bearn"), opt("distance", 8.0)),
		`Rogers' \*Rangers\* fires`, "roll #2")
	details("rangers fire", fired, bob, "−1 firing unit has 3 or 4 strength points", "−2 rifles at medium range")
	private("bob fires carol's unit", slash(bob, "firing2007 fire", opt("firer", "La Sarre"), opt("target", "42nd"), opt("distance", 6.0)),
		"is not yours to command")
	private("out of range", slash(carol, "firing2007 fire", opt("firer", "Bearn"), opt("target", "42nd"), opt("distance", 9.0)),
		"Out of range: all muskets reach 6\" at most")
	public("carol fires", slash(carol, "firing2007 fire", opt("firer", "Bearn"), opt("target", "42nd"), opt("distance", 4.5)),
		"Fire: Bearn at 42nd, 4.5\"", "roll #3")

	// The umpire calls risk rolls until Montcalm falls (the seed fixes the dice).
	var death discordtest.Message
	for i := 0; i < 60 && death.ID == ""; i++ {
		slash(ump, "firing2007 general-set", opt("name", "Montcalm"), opt("wounds", 0))
		m := public("risk", slash(ump, "firing2007 risk", opt("general", "Montcalm")), "Risk to General Montcalm")
		if strings.Contains(m.Content, "General Montcalm is dead.") {
			death = m
		}
	}
	if death.ID == "" {
		t.Fatal("Montcalm survived 60 risk rolls")
	}
	buttons := death.Buttons()
	if len(buttons) != 3 || !strings.HasPrefix(buttons[0].CustomID, "v1/firing2007/chain/") {
		t.Fatalf("death buttons %+v", buttons)
	}
	private("carol presses", d.Press(carol, death, buttons[0].CustomID).WaitAnswered(t), "Only the umpire (Amherst) can settle General Montcalm's chain of command.")
	// The press changes what the turn message shows: it is deferred, the
	// turn message edited, and the ruling a followup.
	settled := d.Press(ump, death, buttons[0].CustomID).Wait(t, "the chain settled", func(r discordtest.Reply) bool { return len(r.Followups) > 0 })
	public("umpire presses", settled, "The death of General Montcalm", "Shaken:** La Sarre, Bearn")
	private("pressed again", d.Press(ump, death, buttons[1].CustomID).WaitAnswered(t), "already been settled")

	// The turn button posts the next turn's message, and disables its own.
	_, next := tb.Press(ump, turn, turn.Buttons()[0].CustomID)
	sees("next turn", []discordtest.Message{next}, "Turn 2")
	d.Wait(t, "turn 1's button disabled", func() bool { return tb.TurnMessages()[0].Buttons()[0].Disabled })
	public("status", slash(bob, "game status"), "French", "**La Sarre** — line infantry", "**shaken**", "General **Montcalm** — **dead**")
	r := slash(bob, "rules", opt("ruleset", "firing2007"), opt("topic", "ranges"))
	if eph := r.Ephemeral(); !strings.Contains(commandstest.Texts(eph), "Howitzers\nShort **0-9** · Medium **15-24** · Long **24-36**") { // a table as fields, read on a phone
		t.Errorf("/rules ranges:\n%s", commandstest.Texts(eph))
	}
	private("card", slash(bob, "card"), "Rules – Firing deals no cards")

	// A quick ruling in a channel with no battle.
	q := d.Slash(carol, "400000000000009999", "firing2007 fire", opt("distance", 15.0), opt("firer-type", "medium-gun"), opt("strength", 5),
		opt("cover", "solid"), opt("morale", 8)).WaitAnswered(t)
	m := public("quick ruling", q, "Fire: Medium gun at the target, 15\"", "loses 1 strength point 28%", "quick ruling, not logged")
	details("quick ruling", m, carol, "+1 guns at short range (canister)", "−3 target is in solid cover")
}
