package dicecmd_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/boltstore"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Amherst"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
)

type harness struct {
	t   testing.TB
	svc *battle.Service
	r   *interaction.Router
	n   int
}

func newHarness(t testing.TB) *harness {
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h := &harness{t: t}
	h.svc = battle.NewService(store, time.Now, rand.NewChaCha8([32]byte{3}), commands.Rulesets()...)
	h.r, _ = commands.New(commands.Deps{Battles: h.svc})
	return h
}

func (h *harness) do(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	h.n++
	o := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		o[opts[i].(string)] = opts[i+1]
	}
	return h.r.Serve(context.Background(), interaction.Request{Kind: interaction.KindCommand, ID: fmt.Sprintf("i%d", h.n),
		GuildID: "g1", ChannelID: channel, User: u, Path: path, Options: o})
}

func embedText(ms []interaction.Message) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(m.Content + "\n")
		for _, e := range m.Embeds {
			fmt.Fprintf(&b, "%s\n%s\n", e.Title, e.Description)
			for _, f := range e.Fields {
				fmt.Fprintf(&b, "%s: %s\n", f.Name, f.Value)
			}
			b.WriteString(e.Footer + "\n")
		}
	}
	return b.String()
}

func has(t *testing.T, step, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: %q not in:\n%s", step, w, got)
		}
	}
}

func TestRollOutsideABattle(t *testing.T) {
	h := newHarness(t)
	r := h.do("c9", bob, "roll", "dice", "4d6kh3", "label", "@everyone **strength** <@123>")
	if len(r.Public) != 1 || len(r.Ephemeral) != 0 {
		t.Fatalf("public roll: %+v", r)
	}
	got := embedText(r.Public)
	has(t, "public roll", got, "4d6kh3: \\[", "dropped", "percentile", "not logged: no battle in this channel",
		`@`+"\u200b"+`everyone \*\*strength\*\* \<@`+"\u200b"+`123\>`)
	r = h.do("c9", bob, "roll", "dice", "d20", "secret", true)
	if len(r.Public) != 0 || len(r.DMs) != 0 || len(r.Ephemeral) != 1 {
		t.Fatalf("secret roll outside a battle: %+v", r)
	}
	has(t, "secret", embedText(r.Ephemeral), "no umpire was told and nothing was logged")
	for _, bad := range []string{"", "2d6++", "999999999d999999999", "d1", "0x10d6", strings.Repeat("(", 10000) + "d6", "２d6", "d6!>0"} {
		start := time.Now()
		r := h.do("c9", bob, "roll", "dice", bad)
		if len(r.Public) != 0 || len(r.Ephemeral) != 1 || !strings.Contains(r.Ephemeral[0].Content, "dice") {
			t.Errorf("roll %.20q: %+v", bad, r)
		}
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Errorf("roll %.20q took %v", bad, d)
		}
	}
	r = h.do("c9", bob, "roll", "dice", "d6", "label", strings.Repeat("x", 101))
	has(t, "long label", embedText(r.Ephemeral), "at most 100 characters")
}

func TestRollInABattle(t *testing.T) {
	h := newHarness(t)
	h.do("c1", umpire, "game start", "ruleset", "firing2007")
	r := h.do("c1", bob, "roll", "dice", "2d6+3", "label", "volley")
	has(t, "public roll", embedText(r.Public), "volley", "2d6+3: 2d6 \\[", "roll #1")

	r = h.do("c1", bob, "roll", "dice", "d20", "label", "ambush", "secret", true)
	if len(r.Public) != 0 || len(r.Ephemeral) != 1 || len(r.DMs) != 1 || r.DMs[0].UserID != umpire.ID {
		t.Fatalf("secret roll: %+v", r)
	}
	has(t, "secret, to the roller", embedText(r.Ephemeral), "only you and the umpire (Amherst) see it", "secret roll #2")
	has(t, "secret, to the umpire", embedText([]interaction.Message{r.DMs[0].Message}), "Secret roll by Bob: ambush", "d20: \\[")
	if !strings.Contains(r.DMs[0].Fallback, "#2 in the log") {
		t.Errorf("fallback %q", r.DMs[0].Fallback)
	}
	r = h.do("c1", umpire, "roll", "dice", "d6", "secret", true)
	if len(r.DMs) != 0 || len(r.Ephemeral) != 1 {
		t.Errorf("the umpire's secret roll: %+v", r)
	}
	g, err := h.svc.View(context.Background(), "c1")
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, e := range g.Log[1:] {
		log = append(log, fmt.Sprintf("%s|%v|%d", e.Summary, e.Secret, e.Roll))
	}
	if len(log) != 3 || !strings.HasPrefix(log[0], "rolled 2d6+3 (volley) = ") || log[1] != "secret roll d20 (ambush)|true|2" || log[2] != "secret roll d6|true|3" {
		t.Errorf("log %q", log)
	}
}

func TestOdds(t *testing.T) {
	h := newHarness(t)
	r := h.do("c9", bob, "odds", "dice", "2d6")
	if len(r.Public) != 1 || len(r.Public[0].Files) != 1 || r.Public[0].Files[0].Name != "odds.png" {
		t.Fatalf("odds 2d6: %+v", r)
	}
	has(t, "2d6", embedText(r.Public), "Mean **7.00**", "        7   16.67%   58.33%   58.33%", "P(>=x)")
	r = h.do("c9", bob, "odds", "dice", "10d6>=5")
	has(t, "pool", embedText(r.Public), "successes from 0 to 10", "successes    P(=x)")
	r = h.do("c9", bob, "odds", "dice", "100d100")
	if files := r.Public[0].Files; len(files) != 2 || files[1].Name != "odds.csv" || !strings.HasPrefix(string(files[1].Content), "value,p_eq,p_at_least,p_at_most\n100,") {
		t.Errorf("100d100 files %+v", files)
	}
	has(t, "wide", embedText(r.Public), "Too many values to list")
	if n := len(r.Public[0].Embeds[0].Description); n > 4096 {
		t.Errorf("100d100 description %d bytes", n)
	}
	r = h.do("c9", bob, "odds", "dice", "200d1000*200d1000")
	has(t, "too big", embedText(r.Ephemeral), "won't work out those odds", "at most 65536")
	r = h.do("c9", bob, "odds", "dice", "3#d20")
	has(t, "repeat", embedText(r.Public), "The odds of one of the 3 rolls")
}
