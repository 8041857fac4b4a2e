package commands_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// phoneRulings are quick rulings of each rule set (fire, melee, morale and
// the like), seeded, as a table-top group asks them.
var phoneRulings = []struct {
	path string
	opts []any
}{
	{"greenjackets fire", []any{"range", 12.0, "count", int64(4), "quality", "veteran"}},
	{"greenjackets melee", []any{"attackers", "Harris, Hagman", "defenders", "Leclerc"}},
	{"greenjackets morale", nil},
	{"crimea fire", []any{"stands", int64(4), "column", true, "nationality", "British", "type", "heavy infantry"}},
	{"crimea morale", []any{"rating", int64(60)}},
	{"volleyfire shoot", []any{"range", 12.0, "bases", int64(4), "target-bases", int64(6)}},
	{"volleyfire fight", []any{"c-type", "cavalry", "c-bases", int64(4), "d-type", "infantry", "d-bases", int64(6)}},
	{"firing2007 fire", []any{"distance", 5.0, "firer-type", "line", "strength", int64(6)}},
	{"firing2007 risk", nil},
}

// updating reports the -update flag, which the package's own tests define
// (routes_test.go) in the same test binary.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// embedChars is an embed's length as Discord counts it, in characters.
func embedChars(e interaction.Embed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description) + utf8.RuneCountInString(e.Footer)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	return n
}

// TestRulingsGolden renders a short ruling of each rule set, the Details
// answer of each, and the odds embed, as a phone shows them, into
// testdata/rulings.golden with the length of each embed (go test ./commands
// -run RulingsGolden -update rewrites it). A short ruling stays within about
// render.ShortBudget characters; its Details answer shows more.
func TestRulingsGolden(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(7), commandstest.Channel("c9"))
	u := interaction.User{ID: "u1", Name: "Bob"}
	var b bytes.Buffer
	show := func(what string, ms []interaction.Message) int {
		n := 0
		for _, m := range ms {
			for _, e := range m.Embeds {
				n = max(n, embedChars(e))
			}
		}
		fmt.Fprintf(&b, "=== %s (%d characters)\n%s\n", what, n, commandstest.TextOf(ms))
		return n
	}
	for _, q := range phoneRulings {
		r := h.Do(u, q.path, q.opts...)
		if commandstest.IsRefusal(r) || len(r.Public) != 1 {
			t.Fatalf("/%s: %s", q.path, commandstest.Text(r))
		}
		short := show("/"+q.path, r.Public)
		if short > render.ShortBudget+100 {
			t.Errorf("/%s: a short ruling of %d characters, want about %d at most", q.path, short, render.ShortBudget)
		}
		full := h.Detailed("c9", u, interaction.Response{Public: r.Public})
		if len(full.Ephemeral) != 1 {
			t.Fatalf("/%s: no Details answer", q.path)
		}
		if n := show("/"+q.path+": Details", full.Ephemeral); n <= short {
			t.Errorf("/%s: Details shows %d characters, no more than the short form's %d", q.path, n, short)
		}
		if !strings.HasPrefix(r.Public[0].Buttons[0].ID, battle.ButtonDetails+"/q/") {
			t.Errorf("/%s: Details id %q", q.path, r.Public[0].Buttons[0].ID)
		}
	}
	r := h.Do(u, "odds", "dice", "3d6", "label", "Harper's volley")
	show("/odds", r.Public)
	if e := r.Public[0].Embeds[0]; e.Image != "attachment://odds.png" || e.Title != "Odds of 3d6: Harper's volley" {
		t.Errorf("/odds embed: title %q, image %q; want the notation and label, and the chart inside", e.Title, e.Image)
	}

	golden := filepath.Join("testdata", "rulings.golden")
	if updating() {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("the rendered rulings differ from %s; run with -update if the change is meant:\n%s", golden, b.String())
	}
}
