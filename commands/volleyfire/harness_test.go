package volleyfire_test

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
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/volleyfire"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state/boltstore"
)

// Users of the tests.
var (
	umpire = interaction.User{ID: "u0", Name: "Cappetta"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
	carol  = interaction.User{ID: "p2", Name: "Carol"}
)

// harness drives the real routes (commands.New) over battle.Service and the
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
	entropy := rand.NewChaCha8([32]byte{'v', 'f', seed})
	h.svc = battle.NewService(store, func() time.Time { h.now = h.now.Add(time.Minute); return h.now }, entropy, commands.Rulesets()...)
	h.r, _ = commands.New(commands.Deps{Battles: h.svc})
	return h
}

// do runs a command in channel c1; opts are name, value pairs.
func (h *harness) do(u interaction.User, path string, opts ...any) interaction.Response {
	return h.in("c1", u, path, opts...)
}

func (h *harness) in(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	h.n++
	o := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i].(string)] = opts[i+1]
	}
	return h.r.Serve(context.Background(), interaction.Request{Kind: interaction.KindCommand, ID: fmt.Sprintf("i%d", h.n),
		GuildID: "g1", ChannelID: channel, User: u, Path: path, Options: o})
}

// ok runs a command that must not be refused.
func (h *harness) ok(u interaction.User, path string, opts ...any) interaction.Response {
	h.t.Helper()
	r := h.do(u, path, opts...)
	if refused(r) {
		h.t.Fatalf("%s %v refused: %s", path, opts, text(r))
	}
	return r
}

// no runs a command that must be refused, with a reason containing want.
func (h *harness) no(want string, u interaction.User, path string, opts ...any) {
	h.t.Helper()
	r := h.do(u, path, opts...)
	if !refused(r) || !strings.Contains(text(r), want) {
		h.t.Fatalf("%s %v = %s, want a refusal containing %q", path, opts, text(r), want)
	}
}

func (h *harness) board() volleyfire.Board {
	h.t.Helper()
	g, err := h.svc.View(context.Background(), "c1")
	if err != nil {
		h.t.Fatalf("View: %v", err)
	}
	var b volleyfire.Board
	if err := json.Unmarshal(g.Board, &b); err != nil {
		h.t.Fatalf("board: %v", err)
	}
	return b
}

func (h *harness) unit(name string) volleyfire.Unit {
	h.t.Helper()
	for _, u := range h.board().Units {
		if u.Name == name {
			return u
		}
	}
	h.t.Fatalf("no unit %q", name)
	return volleyfire.Unit{}
}

// ruling decodes the ruling a response carries as its result.
func ruling(t testing.TB, r interaction.Response) rules.Ruling {
	t.Helper()
	b, err := json.Marshal(r.Result)
	if err != nil {
		t.Fatal(err)
	}
	var out rules.Ruling
	if err := json.Unmarshal(b, &out); err != nil || out.Title == "" {
		t.Fatalf("response carries no ruling (%v):\n%s", err, text(r))
	}
	return out
}

// text is everything a response shows, flattened.
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

// destroyedIn reads the bases a shooting ruling destroyed from its damage step.
func destroyedIn(r rules.Ruling, bases int) int {
	for _, s := range r.Steps {
		if s.Table == "damage" {
			return min(s.Roll.Total, bases)
		}
	}
	return 0
}

// setup starts a battle with two units a side and a command base each.
func setup(h *harness) {
	h.ok(umpire, "game start", "ruleset", "volleyfire", "name", "Talavera")
	h.ok(umpire, "volleyfire unit-add", "name", "1st Foot", "side", "Allies", "type", "infantry", "bases", int64(6),
		"nation", "British", "player", bob)
	h.ok(umpire, "volleyfire unit-add", "name", "Rifles", "side", "Allies", "type", "infantry", "bases", int64(4),
		"weapon", "rifle", "formation", "skirmish", "nation", "British", "elite", true, "player", bob)
	h.ok(umpire, "volleyfire unit-add", "name", "4e Ligne", "side", "French", "type", "infantry", "bases", int64(6),
		"nation", "French", "player", carol)
	h.ok(umpire, "volleyfire unit-add", "name", "Hussards", "side", "French", "type", "cavalry", "bases", int64(4),
		"special", "hussars", "nation", "French", "player", carol)
	h.ok(umpire, "volleyfire commander-add", "name", "Wellesley", "side", "Allies", "nation", "British", "royal", true,
		"player", bob, "join", "1st Foot")
	h.ok(umpire, "volleyfire commander-add", "name", "Victor", "side", "French", "nation", "French", "player", carol)
}

func autocompleteReq(path, focused, typed string, opts ...any) interaction.Request {
	o := map[string]any{focused: typed}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i].(string)] = opts[i+1]
	}
	return interaction.Request{Kind: interaction.KindAutocomplete, ID: "ac", GuildID: "g1", ChannelID: "c1", User: bob,
		Path: path, Options: o, Focused: focused}
}

func interactionUser(id, name string) interaction.User { return interaction.User{ID: id, Name: name} }

func hasReadingID(r rules.Ruling, id string) bool {
	for _, rd := range r.Readings {
		if rd.ID == id {
			return true
		}
	}
	return false
}
