package gamecmd_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/boltstore"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Wellington"}
	p1     = interaction.User{ID: "p1", Name: "Sharpe"}
	p2     = interaction.User{ID: "p2", Name: "Ducos"}
)

// harness drives the package's handlers through a router and battle.Service
// over the embedded store, as a transport would.
type harness struct {
	t     testing.TB
	store battle.Store
	svc   *battle.Service
	r     *interaction.Router
	n     atomic.Int64 // interaction ids
	ticks atomic.Int64 // clock readings
	last  atomic.Value // the interaction.Outcome of the last request
}

// start is when the harness's battles start.
var start = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// clock is the service's clock: a minute passes with every reading.
func (h *harness) clock() time.Time {
	return start.Add(time.Duration(h.ticks.Add(1)) * time.Minute)
}

func (h *harness) Observe(_ interaction.Request, o interaction.Outcome, _ time.Duration) {
	h.last.Store(o)
}

func newHarness(t testing.TB) *harness {
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return newHarnessOn(t, store)
}

func newHarnessOn(t testing.TB, store battle.Store) *harness {
	h := &harness{t: t, store: store}
	entropy := rand.NewChaCha8([32]byte{42})
	h.svc = battle.NewService(store, h.clock, entropy, fakeWar{})
	h.r = route(h.svc)
	h.r.Observer = h
	return h
}

// route registers the package's routes as commands/routes.go does.
func route(svc *battle.Service) *interaction.Router {
	g := gamecmd.New(svc)
	r := interaction.NewRouter(nil)
	for path, h := range map[string]interaction.Handler{
		"game start": g.Start, "game status": g.Status, "game end": g.End, "game umpire": g.Umpire,
		"game log": g.Log, "game house-rule": g.HouseRule, "game export": g.Export, "game import": g.Import,
		"game report": g.Report, "game undo": g.Undo, "game verify": g.Verify,
		"turn new": g.NewTurn, "turn next": g.NextTurn, "turn status": g.TurnStatus, "card": g.Card, "act": g.Act,
		"rules": g.Rules,
	} {
		r.Command(path, h)
	}
	r.Component(gamecmd.ButtonNext, g.NextTurn)
	r.Component(gamecmd.ButtonAct, g.Act)
	r.Autocomplete("game house-rule", g.HouseRuleChoices)
	r.Autocomplete("rules", g.TopicChoices)
	return r
}

// req builds a slash-command request with a fresh interaction id; opts are
// name, value pairs.
func (h *harness) req(channel string, u interaction.User, path string, opts ...any) interaction.Request {
	id := h.n.Add(1)
	o := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i].(string)] = opts[i+1]
	}
	return interaction.Request{Kind: interaction.KindCommand, ID: fmt.Sprintf("i%d", id), GuildID: "g1",
		ChannelID: channel, User: u, Path: path, Options: o}
}

func (h *harness) serve(req interaction.Request) interaction.Response {
	return h.r.Serve(context.Background(), req)
}

// do runs a command in channel c1.
func (h *harness) do(u interaction.User, path string, opts ...any) interaction.Response {
	return h.serve(h.req("c1", u, path, opts...))
}

// doc is the stored document of a channel.
func (h *harness) doc(channel string) []byte {
	b, _, err := h.store.Get(context.Background(), channel)
	if err != nil {
		h.t.Fatalf("Get(%s): %v", channel, err)
	}
	return b
}

func (h *harness) game(channel string) *battle.Game {
	g, err := h.svc.View(context.Background(), channel)
	if err != nil {
		h.t.Fatalf("View(%s): %v", channel, err)
	}
	return g
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
	for _, dm := range r.DMs {
		msgs("dm "+dm.UserID, []interaction.Message{dm.Message})
	}
	return b.String()
}

// refused reports whether a response is a refusal: one ephemeral sentence and nothing else.
func refused(r interaction.Response) bool {
	return len(r.Public) == 0 && len(r.DMs) == 0 && len(r.Ephemeral) == 1 && len(r.Ephemeral[0].Embeds) == 0 &&
		len(r.Ephemeral[0].Files) == 0
}

// expect checks that the last response contains every want, and that it was
// (or was not) refused: refused with one ephemeral sentence.
func (h *harness) expect(t testing.TB, step string, r interaction.Response, refusal bool, wants ...string) {
	t.Helper()
	got := text(r)
	last, _ := h.last.Load().(interaction.Outcome)
	if was := last == interaction.OutcomeRefused; was != refusal || refusal && !refused(r) {
		t.Errorf("%s: outcome %s, want refused %v:\n%s", step, last, refusal, got)
	}
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: response does not say %q:\n%s", step, w, got)
		}
	}
}

// unchanged runs fn and fails if it changed the channel's document.
func (h *harness) unchanged(channel, step string, fn func()) {
	h.t.Helper()
	before, v1, _ := h.store.Get(context.Background(), channel)
	fn()
	after, v2, _ := h.store.Get(context.Background(), channel)
	if !bytes.Equal(before, after) || v1 != v2 {
		h.t.Errorf("%s changed the battle (version %d → %d)", step, v1, v2)
	}
}
