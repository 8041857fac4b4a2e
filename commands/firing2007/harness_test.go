package firing2007_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/firing2007"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state/boltstore"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Amherst"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
	carol  = interaction.User{ID: "p2", Name: "Carol"}
)

// harness drives the real routes (commands.New) over battle.Service and the
// embedded store, as a transport would.
type harness struct {
	t     testing.TB
	store *boltstore.Store
	svc   *battle.Service
	r     *interaction.Router
	n     int
	now   time.Time
}

func newHarness(t testing.TB) *harness {
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h := &harness{t: t, store: store, now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	entropy := rand.NewChaCha8([32]byte{20, 7})
	h.svc = battle.NewService(store, func() time.Time { h.now = h.now.Add(time.Minute); return h.now }, entropy, commands.Rulesets()...)
	h.r, _ = commands.New(commands.Deps{Battles: h.svc})
	return h
}

// req builds a request with a fresh interaction id; opts are name, value pairs.
func (h *harness) req(channel string, u interaction.User, path string, opts ...any) interaction.Request {
	h.n++
	o := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i].(string)] = opts[i+1]
	}
	return interaction.Request{Kind: interaction.KindCommand, ID: fmt.Sprintf("i%d", h.n), GuildID: "g1",
		ChannelID: channel, User: u, Path: path, Options: o}
}

// do runs a command in channel c1.
func (h *harness) do(u interaction.User, path string, opts ...any) interaction.Response {
	return h.r.Serve(context.Background(), h.req("c1", u, path, opts...))
}

// press presses a button in channel c1.
func (h *harness) press(u interaction.User, id string) interaction.Response {
	h.n++
	return h.r.Serve(context.Background(), interaction.Request{Kind: interaction.KindComponent, ID: fmt.Sprintf("i%d", h.n),
		GuildID: "g1", ChannelID: "c1", User: u, CustomID: id})
}

// board is channel c1's board as stored.
func (h *harness) board() firing2007.Board {
	h.t.Helper()
	g, err := h.svc.View(context.Background(), "c1")
	if err != nil {
		h.t.Fatalf("View: %v", err)
	}
	var b firing2007.Board
	if err := json.Unmarshal(g.Board, &b); err != nil {
		h.t.Fatalf("board: %v", err)
	}
	return b
}

func (h *harness) unit(name string) firing2007.Unit {
	h.t.Helper()
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.t.Fatalf("no unit %q on the roster", name)
	return firing2007.Unit{}
}

func (h *harness) general(name string) firing2007.General {
	h.t.Helper()
	for _, g := range h.board().Generals {
		if g.Name == name {
			return g
		}
	}
	h.t.Fatalf("no general %q on the roster", name)
	return firing2007.General{}
}

// ruling decodes the ruling a response carries as its result.
func ruling(t testing.TB, r interaction.Response) rules.Ruling {
	t.Helper()
	b, err := json.Marshal(r.Result)
	if err != nil {
		t.Fatal(err)
	}
	var out rules.Ruling
	if err := json.Unmarshal(b, &out); err != nil || len(out.Steps) == 0 {
		t.Fatalf("response carries no ruling (%v):\n%s", err, text(r))
	}
	return out
}

// text is everything a response shows, flattened, for matching.
func text(r interaction.Response) string {
	var b strings.Builder
	msgs := func(kind string, ms []interaction.Message) {
		for _, m := range ms {
			fmt.Fprintf(&b, "[%s] %s\n", kind, m.Content)
			for _, e := range m.Embeds {
				fmt.Fprintf(&b, "%s\n%s\n", e.Title, e.Description)
				for _, f := range e.Fields {
					fmt.Fprintf(&b, "%s: %s\n", f.Name, f.Value)
				}
				fmt.Fprintf(&b, "%s\n", e.Footer)
			}
			for _, btn := range m.Buttons {
				fmt.Fprintf(&b, "(%s %s)\n", btn.Label, btn.ID)
			}
		}
	}
	msgs("public", r.Public)
	msgs("ephemeral", r.Ephemeral)
	return b.String()
}

// refused reports whether a response is a refusal: one ephemeral sentence.
func refused(r interaction.Response) bool {
	return len(r.Public) == 0 && len(r.Ephemeral) == 1 && len(r.Ephemeral[0].Embeds) == 0
}

// expect checks a response says every want, and whether it is a refusal.
func expect(t testing.TB, step string, r interaction.Response, refusal bool, wants ...string) {
	t.Helper()
	got := text(r)
	if refused(r) != refusal {
		t.Errorf("%s: refused %v, want %v:\n%s", step, refused(r), refusal, got)
	}
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: response does not say %q:\n%s", step, w, got)
		}
	}
}

// muster starts a battle in c1 with a small roster: two British units and a
// general, two French units and a general.
func (h *harness) muster(t testing.TB) {
	t.Helper()
	steps := []struct {
		path string
		opts []any
	}{
		{"game start", []any{"ruleset", "firing2007", "name", "Ticonderoga"}},
		{"firing2007 unit-add", []any{"name", "42nd", "type", "british", "side", "British", "strength", int64(6), "morale", int64(7), "player", bob}},
		{"firing2007 unit-add", []any{"name", "Rangers", "type", "rifles", "side", "British", "strength", int64(4), "morale", int64(6), "formation", "skirmish"}},
		{"firing2007 unit-add", []any{"name", "La Sarre", "type", "line", "side", "French", "strength", int64(6), "morale", int64(6), "cover", "hard", "player", carol}},
		{"firing2007 unit-add", []any{"name", "Battery", "type", "howitzer", "side", "French", "strength", int64(5), "morale", int64(7)}},
		{"firing2007 general-add", []any{"name", "Abercromby", "side", "British", "with", "42nd", "chain", "42nd, Rangers", "player", bob}},
		{"firing2007 general-add", []any{"name", "Montcalm", "side", "French", "with", "La Sarre", "chain", "La Sarre, Battery"}},
	}
	for _, s := range steps {
		if r := h.do(umpire, s.path, s.opts...); refused(r) {
			t.Fatalf("%s: %s", s.path, text(r))
		}
	}
}
