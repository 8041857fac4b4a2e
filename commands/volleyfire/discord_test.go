package volleyfire_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	vf "github.com/referee-bot/referee/rules/volleyfire"
)

func openTable(t *testing.T) *commandstest.Table {
	return commandstest.Discord(t, commandstest.Seed('v', 'o', 'l', 'l', 'e', 'y'), commandstest.Channel("400000000000000077"))
}

func board(tb *commandstest.Table) vf.Board {
	return commandstest.Board[vf.Board](tb.T, tb.Game())
}

func unit(tb *commandstest.Table, name string) vf.RosterUnit {
	for _, u := range board(tb).Units {
		if u.Name == name {
			return u
		}
	}
	tb.T.Fatalf("no unit %s", name)
	return vf.RosterUnit{}
}

var (
	dUmpire = discordtest.User{ID: "300000000000000010", Name: "Cappetta"}
	dBob    = discordtest.User{ID: "300000000000000011", Name: "Bob"}
	dCarol  = discordtest.User{ID: "300000000000000012", Name: "Carol"}
	o       = discordtest.Opt
)

// A full turn with two units a side, played through the Discord double: the
// umpire's choice of first side, alternating activations with the bot saying
// whose activation it is, command ranges, a volley and a reload, hussars moving
// and shooting, a charge, an out-of-command unit shooting at the closest enemy,
// the Next button, and the combat phase.
func TestDiscordScriptedTurn(t *testing.T) {
	tb := openTable(t)
	if !hasCommand(tb.D.Commands(tb.D.Guild), "volleyfire") {
		t.Fatalf("/volleyfire was not registered")
	}
	tb.Public(dUmpire, "game start", o("ruleset", "volleyfire"), o("name", "Talavera"))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"),
		o("bases", 6), o("nation", "British"), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "Rifles"), o("side", "Allies"), o("type", "infantry"),
		o("bases", 4), o("weapon", "rifle"), o("formation", "skirmish"), o("elite", true), o("nation", "British"), o("player", dBob))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"),
		o("bases", 6), o("nation", "French"), o("player", dCarol))
	tb.Public(dUmpire, "volleyfire-roster unit-add", o("name", "Hussards"), o("side", "French"), o("type", "cavalry"),
		o("bases", 4), o("special", "hussars"), o("nation", "French"), o("player", dCarol))
	tb.Public(dUmpire, "volleyfire-roster commander-add", o("name", "Wellesley"), o("side", "Allies"), o("nation", "British"),
		o("royal", true), o("player", dBob), o("join", "1st Foot"))
	tb.Public(dUmpire, "volleyfire-roster commander-add", o("name", "Victor"), o("side", "French"), o("nation", "French"), o("player", dCarol))

	ac := tb.D.Autocomplete(dBob, tb.Channel, "volleyfire shoot", "target", o("unit", "1st Foot"), o("target", "h")).
		Wait(t, "choices", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "Hussards" {
		t.Errorf("target choices = %+v", ac.Choices)
	}

	tb.Public(dUmpire, "volleyfire first", o("side", "Allies"))
	if s := commandstest.Texts(tb.Public(dUmpire, "turn new")); !strings.Contains(s, "The umpire chose Allies to activate first") ||
		!strings.Contains(s, "The **Allies** side activates now (Bob)") {
		t.Fatalf("turn new:\n%s", s)
	}
	tb.Refused("no cards", dBob, "card")

	// Allies: 1st Foot, with Wellesley, shoots and reloads.
	tb.Refused("The Allies side activates now, not the French side", dCarol, "volleyfire activate", o("unit", "Hussards"))
	tb.Refused("Only Bob", dCarol, "volleyfire activate", o("unit", "1st Foot"))
	tb.Public(dBob, "volleyfire activate", o("unit", "1st Foot"))
	volley := tb.Say(dBob, "volleyfire shoot", o("unit", "1st Foot"), o("target", "4e Ligne"), o("range", 8.0))
	if p := volley.Public(); len(p) != 1 || len(p[0].Embeds) != 1 || !strings.HasPrefix(p[0].Embeds[0].Footer.Text, "roll #") {
		t.Fatalf("volley = %+v", p)
	}
	s := commandstest.Texts(volley.Public())
	for _, want := range []string{"1st Foot: 6 bases firing", "need 4+", "close", "Odds", "1 action left"} {
		if !strings.Contains(s, want) {
			t.Errorf("volley does not show %q:\n%s", want, s)
		}
	}
	if unit(tb, "1st Foot").Loaded {
		t.Errorf("1st Foot still loaded")
	}
	if s := commandstest.Texts(tb.Public(dBob, "volleyfire reload", o("unit", "1st Foot"))); !strings.Contains(s, "The **French** side activates now (Carol)") {
		t.Errorf("after 1st Foot's two actions:\n%s", s)
	}

	// French: the hussars move and shoot in one action, then charge the rifles.
	tb.Public(dCarol, "volleyfire activate", o("unit", "Hussards"), o("commander", "Victor"), o("distance", 12.0))
	s = commandstest.Texts(tb.Public(dCarol, "volleyfire shoot", o("unit", "Hussards"), o("target", "1st Foot"), o("range", 4.0), o("move", 3.0)))
	if !strings.Contains(s, "Hussars move and shoot in one action") || !strings.Contains(s, "1 action left") {
		t.Errorf("hussars' shot:\n%s", s)
	}
	s = commandstest.Texts(tb.Public(dCarol, "volleyfire charge", o("unit", "Hussards"), o("target", "Rifles"), o("open", 5.0)))
	if !strings.Contains(s, "fought after all activations") || !strings.Contains(s, "The **Allies** side activates now") {
		t.Errorf("charge:\n%s", s)
	}

	// Allies: the rifles are in combat; Bob ends their activation with the Next button.
	tb.Public(dBob, "volleyfire activate", o("unit", "Rifles"), o("commander", "Wellesley"), o("distance", 12.0))
	tb.Refused("in combat", dBob, "volleyfire move", o("unit", "Rifles"), o("open", 2.0))
	msg := tb.TurnMessage()
	if len(msg.Buttons()) != 1 || !msg.Buttons()[0].Routes("v1/turn/next") {
		t.Fatalf("turn message buttons = %+v", msg.Buttons())
	}
	if _, turn := tb.Press(dBob, msg, msg.Buttons()[0].CustomID); !strings.Contains(turn.Text(), "Rifles ends its activation. The **French** side activates now") {
		t.Errorf("after Next the turn message reads:\n%s", turn.Text())
	}

	// French: 4e Ligne, 30" from Victor (25"), is out of command.
	if unit(tb, "4e Ligne").Gone == "" {
		s = commandstest.Texts(tb.Public(dCarol, "volleyfire activate", o("unit", "4e Ligne"), o("commander", "Victor"), o("distance", 30.0)))
		if !strings.Contains(s, "out of command") {
			t.Errorf("4e Ligne at 30\":\n%s", s)
		}
		tb.Refused("out of command", dCarol, "volleyfire formation", o("to", "column"), o("unit", "4e Ligne"))
		tb.Refused("closest", dCarol, "volleyfire shoot", o("unit", "4e Ligne"), o("target", "1st Foot"), o("range", 12.0))
		tb.Public(dCarol, "volleyfire shoot", o("unit", "4e Ligne"), o("target", "1st Foot"), o("range", 12.0), o("closest", true))
		tb.Public(dCarol, "volleyfire done")
	}

	// Every unit has acted: the combat phase.
	if b := board(tb); b.Turn.Phase != vf.Combats || len(b.Combats) != 1 {
		t.Fatalf("after the activations: turn %+v, combats %+v", b.Turn, b.Combats)
	}
	sent, turn := tb.Turned(func() *discordtest.Sent { return tb.D.Slash(dUmpire, tb.Channel, "turn next") })
	r := sent.Wait(t, "the combat", commandstest.Answered)
	if !strings.Contains(turn.Text(), "Turn 1 is over") || len(turn.Buttons()) != 0 {
		t.Errorf("after the combats the turn message reads:\n%s\nwith buttons %+v", turn.Text(), turn.Buttons())
	}
	got := commandstest.Texts(r.Public())
	for _, want := range []string{"Combat: Hussards against Rifles", "Hussards: 5 dice", "hits to", "Odds"} {
		if !strings.Contains(got, want) && !(want == "hits to" && strings.Contains(got, "hits each")) {
			t.Errorf("combat phase does not show %q:\n%s", want, got)
		}
	}
	if b := board(tb); b.Turn.Phase != vf.Over {
		t.Errorf("turn after the combats: %+v", b.Turn)
	}
	if s := commandstest.Texts(tb.Public(dUmpire, "turn new")); !strings.Contains(s, "Turn 2 begins") {
		t.Errorf("turn 2:\n%s", s)
	}
}

func hasCommand(defs []*discordgo.ApplicationCommand, name string) bool {
	for _, d := range defs {
		if d.Name == name {
			return true
		}
	}
	return false
}
