package crimea_test

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
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state/boltstore"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Umpire"}
	raglan = interaction.User{ID: "p1", Name: "RaglanPlayer"}
	lucan  = interaction.User{ID: "p2", Name: "LucanPlayer"}
	mensh  = interaction.User{ID: "p3", Name: "MenshikovPlayer"}
	lipr   = interaction.User{ID: "p4", Name: "LiprandiPlayer"}
)

// harness drives the real routes (commands.New) through battle.Service over the
// embedded store, as a transport would.
type harness struct {
	t   testing.TB
	svc *battle.Service
	r   *interaction.Router
	n   int
	now time.Time
}

func newHarness(t testing.TB, seed byte) *harness {
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h := &harness{t: t, now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	h.svc = battle.NewService(store, func() time.Time { h.now = h.now.Add(time.Minute); return h.now },
		rand.NewChaCha8([32]byte{seed}), commands.Rulesets()...)
	h.r, _ = commands.New(commands.Deps{Battles: h.svc})
	return h
}

func (h *harness) req(channel string, u interaction.User, path string, opts ...any) interaction.Request {
	h.n++
	o := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		v := opts[i+1]
		if n, ok := v.(int); ok {
			v = int64(n)
		}
		o[opts[i].(string)] = v
	}
	return interaction.Request{Kind: interaction.KindCommand, ID: fmt.Sprintf("i%d", h.n), GuildID: "g1",
		ChannelID: channel, User: u, Path: path, Options: o}
}

// do runs a command in channel c1.
func (h *harness) do(u interaction.User, path string, opts ...any) interaction.Response {
	return h.r.Serve(context.Background(), h.req("c1", u, path, opts...))
}

// ok runs a command that must succeed (answer publicly).
func (h *harness) ok(u interaction.User, path string, opts ...any) interaction.Response {
	h.t.Helper()
	resp := h.do(u, path, opts...)
	if len(resp.Public) == 0 {
		h.t.Fatalf("%s %v: refused: %s", path, opts, text(resp))
	}
	return resp
}

// refused runs a command that must be refused with a message containing want.
func (h *harness) refused(u interaction.User, want, path string, opts ...any) {
	h.t.Helper()
	resp := h.do(u, path, opts...)
	if len(resp.Public) != 0 || len(resp.Ephemeral) == 0 || !strings.Contains(resp.Ephemeral[0].Content, want) {
		h.t.Fatalf("%s %v = %s, want a refusal containing %q", path, opts, text(resp), want)
	}
}

func (h *harness) game() *battle.Game {
	g, err := h.svc.View(context.Background(), "c1")
	if err != nil {
		h.t.Fatalf("View: %v", err)
	}
	return g
}

func (h *harness) board() crimea.Board {
	var b crimea.Board
	if err := json.Unmarshal(h.game().Board, &b); err != nil {
		h.t.Fatal(err)
	}
	return b
}

func (h *harness) unit(name string) crimea.Unit {
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.t.Fatalf("no unit %q", name)
	return crimea.Unit{}
}

func (h *harness) officer(name string) crimea.Officer {
	for _, o := range h.board().Officers {
		if o.Name == name {
			return o
		}
	}
	h.t.Fatalf("no officer %q", name)
	return crimea.Officer{}
}

// ruling is the ruling a response carries.
func ruling(t testing.TB, resp interaction.Response) rules.Ruling {
	t.Helper()
	b, err := json.Marshal(resp.Result)
	if err != nil {
		t.Fatal(err)
	}
	var r rules.Ruling
	if err := json.Unmarshal(b, &r); err != nil || r.Title == "" {
		t.Fatalf("response carries no ruling: %s", b)
	}
	return r
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

// setUp starts a battle with two officers a side and their units.
func setUp(h *harness) {
	h.t.Helper()
	h.ok(umpire, "game start", "ruleset", "crimea", "name", "Balaclava")
	h.ok(umpire, "crimea officer-add", "name", "Lord Raglan", "side", "Allied", "rank", "commander-in-chief", "calibre", "normal", "player", raglan)
	h.ok(umpire, "crimea officer-add", "name", "Lord Lucan", "side", "Allied", "rank", "wing commander", "wing", "cavalry",
		"superior", "Lord Raglan", "calibre", "cautious", "morale", 60, "player", lucan)
	h.ok(umpire, "crimea officer-add", "name", "Menshikov", "side", "Russian", "rank", "commander-in-chief", "calibre", "normal", "player", mensh)
	h.ok(umpire, "crimea officer-add", "name", "Liprandi", "side", "Russian", "rank", "wing commander", "wing", "right wing",
		"superior", "Menshikov", "calibre", "cautious", "player", lipr)
	h.ok(umpire, "crimea unit-add", "name", "17th Lancers", "nationality", "British", "type", "light cavalry", "stands", 4, "officer", "Lord Lucan")
	h.ok(umpire, "crimea unit-add", "name", "Heavy Brigade", "nationality", "British", "type", "heavy cavalry", "stands", 6, "officer", "Lord Lucan")
	h.ok(umpire, "crimea unit-add", "name", "93rd Highlanders", "nationality", "British", "type", "heavy infantry", "stands", 4, "officer", "Lord Lucan")
	h.ok(umpire, "crimea unit-add", "name", "Odessa Regiment", "nationality", "Russian", "type", "heavy infantry", "stands", 6,
		"formation", "column", "officer", "Liprandi")
	h.ok(umpire, "crimea unit-add", "name", "Don Battery", "nationality", "Russian", "type", "foot artillery", "stands", 2, "officer", "Liprandi")
	h.ok(umpire, "crimea allowance", "row", "light cavalry", "inches", 12)
	h.ok(umpire, "crimea allowance", "row", "heavy infantry columns", "inches", 6)
}

// drawUntil draws cards until the one named is up (or the deck runs out).
func drawUntil(h *harness, card string) {
	h.t.Helper()
	for range 8 {
		resp := h.ok(umpire, "turn next")
		if strings.Contains(resp.Public[0].Embeds[0].Title, ": "+card) {
			return
		}
	}
	h.t.Fatalf("card %q never came up", card)
}
