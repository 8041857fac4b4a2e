package volleyfire_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/volleyfire"
	vf "github.com/referee-bot/referee/rules/volleyfire"
	"github.com/referee-bot/referee/state/boltstore"
)

// table is a table of players at the Discord double: the real gateway transport
// over the real routes, battle service and embedded store.
type table struct {
	t       *testing.T
	d       *discordtest.Server
	svc     *battle.Service
	channel string
}

func openTable(t *testing.T) *table {
	d := discordtest.Start(t)
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	svc := battle.NewService(store, func() time.Time { now = now.Add(time.Second); return now },
		rand.NewChaCha8([32]byte{'v', 'o', 'l', 'l', 'e', 'y'}), commands.Rulesets()...)
	router, defs := commands.New(commands.Deps{Battles: svc})
	s, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	g := &discord.Gateway{Session: s, Router: router, Commands: defs, AppID: d.AppID, GuildID: d.Guild}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Gateway.Run = %v", err)
		}
	})
	d.WaitReady(t)
	return &table{t: t, d: d, svc: svc, channel: "400000000000000077"}
}

// say sends a slash command and returns everything shown for it once answered.
func (tb *table) say(u discordtest.User, path string, opts ...discordtest.Option) discordtest.Reply {
	tb.t.Helper()
	return tb.d.Slash(u, tb.channel, path, opts...).WaitAnswered(tb.t)
}

// public sends a command that must answer in public, and returns its text.
func (tb *table) public(u discordtest.User, path string, opts ...discordtest.Option) string {
	tb.t.Helper()
	r := tb.say(u, path, opts...)
	if len(r.Public()) == 0 {
		tb.t.Fatalf("/%s answered %q, want a public message", path, texts(r.All()))
	}
	return texts(r.Public())
}

// refused sends a command that must be refused with a sentence containing want.
func (tb *table) refused(want string, u discordtest.User, path string, opts ...discordtest.Option) {
	tb.t.Helper()
	r := tb.say(u, path, opts...)
	if eph := r.Ephemeral(); len(r.Public()) != 0 || len(eph) != 1 || !strings.Contains(eph[0].Text(), want) {
		tb.t.Fatalf("/%s answered %q, want only a refusal containing %q", path, texts(r.All()), want)
	}
}

func (tb *table) board() volleyfire.Board {
	tb.t.Helper()
	g, err := tb.svc.View(context.Background(), tb.channel)
	if err != nil {
		tb.t.Fatal(err)
	}
	var b volleyfire.Board
	if err := json.Unmarshal(g.Board, &b); err != nil {
		tb.t.Fatal(err)
	}
	return b
}

func (tb *table) unit(name string) volleyfire.Unit {
	for _, u := range tb.board().Units {
		if u.Name == name {
			return u
		}
	}
	tb.t.Fatalf("no unit %s", name)
	return volleyfire.Unit{}
}

func texts(ms []discordtest.Message) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Text())
	}
	return strings.Join(s, "\n---\n")
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
	if !hasCommand(tb.d.Commands(tb.d.Guild), "volleyfire") {
		t.Fatalf("/volleyfire was not registered")
	}
	tb.public(dUmpire, "game start", o("ruleset", "volleyfire"), o("name", "Talavera"))
	tb.public(dUmpire, "volleyfire unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"),
		o("bases", 6), o("nation", "British"), o("player", dBob))
	tb.public(dUmpire, "volleyfire unit-add", o("name", "Rifles"), o("side", "Allies"), o("type", "infantry"),
		o("bases", 4), o("weapon", "rifle"), o("formation", "skirmish"), o("elite", true), o("nation", "British"), o("player", dBob))
	tb.public(dUmpire, "volleyfire unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"),
		o("bases", 6), o("nation", "French"), o("player", dCarol))
	tb.public(dUmpire, "volleyfire unit-add", o("name", "Hussards"), o("side", "French"), o("type", "cavalry"),
		o("bases", 4), o("special", "hussars"), o("nation", "French"), o("player", dCarol))
	tb.public(dUmpire, "volleyfire commander-add", o("name", "Wellesley"), o("side", "Allies"), o("nation", "British"),
		o("royal", true), o("player", dBob), o("join", "1st Foot"))
	tb.public(dUmpire, "volleyfire commander-add", o("name", "Victor"), o("side", "French"), o("nation", "French"), o("player", dCarol))

	ac := tb.d.Autocomplete(dBob, tb.channel, "volleyfire shoot", "target", o("unit", "1st Foot"), o("target", "h")).
		Wait(t, "choices", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "Hussards" {
		t.Errorf("target choices = %+v", ac.Choices)
	}

	tb.public(dUmpire, "volleyfire first", o("side", "Allies"))
	if s := tb.public(dUmpire, "turn new"); !strings.Contains(s, "The umpire chose Allies to activate first") ||
		!strings.Contains(s, "The **Allies** side activates now (Bob)") {
		t.Fatalf("turn new:\n%s", s)
	}
	tb.refused("no cards", dBob, "card")

	// Allies: 1st Foot, with Wellesley, shoots and reloads.
	tb.refused("The Allies side activates now, not the French side", dCarol, "volleyfire activate", o("unit", "Hussards"))
	tb.refused("Only Bob", dCarol, "volleyfire activate", o("unit", "1st Foot"))
	tb.public(dBob, "volleyfire activate", o("unit", "1st Foot"))
	volley := tb.say(dBob, "volleyfire shoot", o("unit", "1st Foot"), o("target", "4e Ligne"), o("range", 8.0))
	if p := volley.Public(); len(p) != 1 || len(p[0].Embeds) != 1 || !strings.HasPrefix(p[0].Embeds[0].Footer.Text, "roll #") {
		t.Fatalf("volley = %+v", p)
	}
	s := texts(volley.Public())
	for _, want := range []string{"1st Foot: 6 bases firing", "need 4+", "close", "Odds", "1 action left"} {
		if !strings.Contains(s, want) {
			t.Errorf("volley does not show %q:\n%s", want, s)
		}
	}
	if tb.unit("1st Foot").Loaded {
		t.Errorf("1st Foot still loaded")
	}
	if s := tb.public(dBob, "volleyfire reload", o("unit", "1st Foot")); !strings.Contains(s, "The **French** side activates now (Carol)") {
		t.Errorf("after 1st Foot's two actions:\n%s", s)
	}

	// French: the hussars move and shoot in one action, then charge the rifles.
	tb.public(dCarol, "volleyfire activate", o("unit", "Hussards"), o("commander", "Victor"), o("distance", 12.0))
	s = tb.public(dCarol, "volleyfire shoot", o("unit", "Hussards"), o("target", "1st Foot"), o("range", 4.0), o("move", 3.0))
	if !strings.Contains(s, "Hussars move and shoot in one action") || !strings.Contains(s, "1 action left") {
		t.Errorf("hussars' shot:\n%s", s)
	}
	s = tb.public(dCarol, "volleyfire charge", o("unit", "Hussards"), o("target", "Rifles"), o("open", 5.0))
	if !strings.Contains(s, "fought after all activations") || !strings.Contains(s, "The **Allies** side activates now") {
		t.Errorf("charge:\n%s", s)
	}

	// Allies: the rifles are in combat; Bob ends their activation with the Next button.
	tb.public(dBob, "volleyfire activate", o("unit", "Rifles"), o("commander", "Wellesley"), o("distance", 12.0))
	tb.refused("in combat", dBob, "volleyfire move", o("unit", "Rifles"), o("open", 2.0))
	st := tb.say(dBob, "turn status")
	msg := st.Public()[0]
	if len(msg.Buttons()) != 1 || msg.Buttons()[0].CustomID != "v1/turn/next" {
		t.Fatalf("turn status buttons = %+v", msg.Buttons())
	}
	tb.d.Press(dBob, msg, "v1/turn/next").Wait(t, "Next to end the rifles' activation", func(r discordtest.Reply) bool {
		return strings.Contains(texts(r.All()), "Rifles ends its activation. The **French** side activates now")
	})

	// French: 4e Ligne, 30" from Victor (25"), is out of command.
	if tb.unit("4e Ligne").Gone == "" {
		s = tb.public(dCarol, "volleyfire activate", o("unit", "4e Ligne"), o("commander", "Victor"), o("distance", 30.0))
		if !strings.Contains(s, "out of command") {
			t.Errorf("4e Ligne at 30\":\n%s", s)
		}
		tb.refused("out of command", dCarol, "volleyfire formation", o("to", "column"), o("unit", "4e Ligne"))
		tb.refused("closest", dCarol, "volleyfire shoot", o("unit", "4e Ligne"), o("target", "1st Foot"), o("range", 12.0))
		tb.public(dCarol, "volleyfire shoot", o("unit", "4e Ligne"), o("target", "1st Foot"), o("range", 12.0), o("closest", true))
		tb.public(dCarol, "volleyfire done")
	}

	// Every unit has acted: the combat phase.
	if b := tb.board(); b.Turn.Phase != vf.Combats || len(b.Combats) != 1 {
		t.Fatalf("after the activations: turn %+v, combats %+v", b.Turn, b.Combats)
	}
	sent := tb.d.Slash(dUmpire, tb.channel, "turn next")
	r := sent.Wait(t, "the combat and the end of the turn", func(r discordtest.Reply) bool {
		return strings.Contains(texts(r.Public()), "Turn 1 is over")
	})
	got := texts(r.Public())
	for _, want := range []string{"Combat: Hussards against Rifles", "Hussards: 5 dice", "hits to", "Odds"} {
		if !strings.Contains(got, want) && !(want == "hits to" && strings.Contains(got, "hits each")) {
			t.Errorf("combat phase does not show %q:\n%s", want, got)
		}
	}
	if b := tb.board(); b.Turn.Phase != vf.Over {
		t.Errorf("turn after the combats: %+v", b.Turn)
	}
	if s := tb.public(dUmpire, "turn new"); !strings.Contains(s, "Turn 2 begins") {
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
