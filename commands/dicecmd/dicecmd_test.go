package dicecmd_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

var (
	umpire = interaction.User{ID: "u0", Name: "Amherst"}
	bob    = interaction.User{ID: "p1", Name: "Bob"}
)

func newHarness(t testing.TB) *commandstest.Harness {
	return commandstest.New(t, commandstest.Seed(3))
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
	r := h.In("c9", bob, "roll", "dice", "4d6kh3", "label", "@everyone **strength** <@123>")
	if len(r.Public) != 1 || len(r.Ephemeral) != 0 {
		t.Fatalf("public roll: %+v", r)
	}
	got := commandstest.TextOf(r.Public)
	has(t, "public roll", got, "4d6kh3: [", "~~3~~", "percentile", "not logged: no battle in this channel",
		`@`+"\u200b"+`everyone \*\*strength\*\* <@`+"\u200b"+`123>`)
	// A title renders emphasis but no mention, quote or heading: only what it
	// renders is escaped, or the escape would show.
	if title := r.Public[0].Embeds[0].Title; title != "@\u200beveryone \\*\\*strength\\*\\* <@\u200b123>" {
		t.Errorf("title %q", title)
	}
	r = h.In("c9", bob, "roll", "dice", "d20", "secret", true)
	if len(r.Public) != 0 || len(r.DMs) != 0 || len(r.Ephemeral) != 1 {
		t.Fatalf("secret roll outside a battle: %+v", r)
	}
	has(t, "secret", commandstest.TextOf(r.Ephemeral), "no umpire was told and nothing was logged")
	for _, bad := range []string{"", "2d6++", "999999999d999999999", "d1", "0x10d6", strings.Repeat("(", 10000) + "d6", "２d6", "d6!>0"} {
		r := h.In("c9", bob, "roll", "dice", bad)
		if len(r.Public) != 0 || len(r.Ephemeral) != 1 || !strings.Contains(r.Ephemeral[0].Content, "dice") {
			t.Errorf("roll %.20q: %+v", bad, r)
		}
	}
	r = h.In("c9", bob, "roll", "dice", "d6", "label", strings.Repeat("x", 101))
	has(t, "long label", commandstest.TextOf(r.Ephemeral), "at most 100 characters")
}

func TestRollInABattle(t *testing.T) {
	h := newHarness(t)
	h.In("c1", umpire, "game start", "ruleset", "firing2007")
	r := h.In("c1", bob, "roll", "dice", "2d6+3", "label", "volley")
	has(t, "public roll", commandstest.TextOf(r.Public), "volley", "2d6+3: 2d6 [", "roll #1")

	r = h.In("c1", bob, "roll", "dice", "d20", "label", "ambush", "secret", true)
	if len(r.Public) != 0 || len(r.Ephemeral) != 1 || len(r.DMs) != 1 || r.DMs[0].UserID != umpire.ID {
		t.Fatalf("secret roll: %+v", r)
	}
	has(t, "secret, to the roller", commandstest.TextOf(r.Ephemeral), "only you and the umpire (Amherst) see it", "secret roll #2")
	has(t, "secret, to the umpire", commandstest.TextOf([]interaction.Message{r.DMs[0].Message}), "Secret roll by Bob: ambush", "d20: [")
	if !strings.Contains(r.DMs[0].Fallback, "#2 in the log") {
		t.Errorf("fallback %q", r.DMs[0].Fallback)
	}
	r = h.In("c1", umpire, "roll", "dice", "d6", "secret", true)
	if len(r.DMs) != 0 || len(r.Ephemeral) != 1 {
		t.Errorf("the umpire's secret roll: %+v", r)
	}
	var log []string
	for _, e := range h.Log("c1")[1:] {
		log = append(log, fmt.Sprintf("%s|%v|%d", e.Summary, e.Secret, e.Roll))
	}
	if len(log) != 3 || !strings.HasPrefix(log[0], "rolled 2d6+3 (volley) = ") || log[1] != "secret roll d20 (ambush)|true|2" || log[2] != "secret roll d6|true|3" {
		t.Errorf("log %q", log)
	}
}

func TestOdds(t *testing.T) {
	h := newHarness(t)
	r := h.In("c9", bob, "odds", "dice", "2d6")
	if len(r.Public) != 1 || len(r.Public[0].Files) != 1 || r.Public[0].Files[0].Name != "odds.png" {
		t.Fatalf("odds 2d6: %+v", r)
	}
	has(t, "2d6", commandstest.TextOf(r.Public), "Mean **7.00**", "        7   16.67%   58.33%   58.33%", "P(>=x)")
	r = h.In("c9", bob, "odds", "dice", "10d6>=5")
	if title := r.Public[0].Embeds[0].Title; title != "Odds of 10d6>=5" {
		t.Errorf("odds title %q, want Odds of 10d6>=5 (no escape a title would show)", title)
	}
	has(t, "pool", commandstest.TextOf(r.Public), "successes from 0 to 10", "successes    P(=x)")
	r = h.In("c9", bob, "odds", "dice", "100d100")
	if files := r.Public[0].Files; len(files) != 2 || files[1].Name != "odds.csv" || !strings.HasPrefix(string(files[1].Content), "value,p_eq,p_at_least,p_at_most\n100,") {
		t.Errorf("100d100 files %+v", files)
	}
	has(t, "wide", commandstest.TextOf(r.Public), "is in `odds.csv`")
	if n := len(r.Public[0].Embeds[0].Description); n > 4096 {
		t.Errorf("100d100 description %d bytes", n)
	}
	r = h.In("c9", bob, "odds", "dice", "200d1000*200d1000")
	has(t, "too big", commandstest.TextOf(r.Ephemeral), "won't work out those odds", "at most 65536")
	r = h.In("c9", bob, "odds", "dice", "3#d20")
	has(t, "repeat", commandstest.TextOf(r.Public), "The odds of one of the 3 rolls")
}

// Roll again, under a roll: the same notation and label, rolled again by the
// same player only; in a battle, a new numbered roll, as /roll.
func TestRollAgain(t *testing.T) {
	h := newHarness(t)
	h.Channel = "c1"
	again := func(r interaction.Response) string {
		t.Helper()
		ms := append(r.Public, r.Ephemeral...)
		if len(ms) != 1 || len(ms[0].Buttons) != 1 || ms[0].Buttons[0].Label != "Roll again" {
			t.Fatalf("a roll without its Roll again button: %+v", r)
		}
		return ms[0].Buttons[0].ID
	}
	id := again(h.Do(bob, "roll", "dice", "2d6 + 3", "label", "volley / left"))
	r := h.Press(bob, id)
	has(t, "again, no battle", commandstest.TextOf(r.Public), "volley / left", "2d6 + 3: 2d6 [", "not logged")
	if again(r) != id {
		t.Errorf("rolled again, its button %q differs from the first %q", again(r), id)
	}
	r = h.Press(umpire, id)
	if !commandstest.IsRefusal(r) || !strings.Contains(r.Ephemeral[0].Content, "Only the player who rolled this") {
		t.Errorf("another player's press = %+v, want a refusal to him alone", r)
	}

	h.Do(umpire, "game start", "ruleset", "firing2007")
	id = again(h.Do(bob, "roll", "dice", "d20", "label", "ambush", "secret", true))
	h.Unchanged("c1", "another player's press", func() { h.Press(umpire, id) })
	r = h.Press(bob, id)
	if len(r.Public) != 0 || len(r.Ephemeral) != 1 || len(r.DMs) != 1 || r.DMs[0].UserID != umpire.ID {
		t.Fatalf("a secret roll again: %+v", r)
	}
	has(t, "secret again", commandstest.TextOf(r.Ephemeral), "ambush", "secret roll #2")
	if log := h.Log("c1"); len(log) != 3 || log[2].Summary != "secret roll d20 (ambush)" || log[2].Roll != 2 {
		t.Errorf("log %+v, want the press logged as roll #2", log)
	}

	// A notation and label too long for a button's id: no button.
	r = h.Do(bob, "roll", "dice", "d6", "label", strings.Repeat("x", 90))
	if len(r.Public) != 1 || len(r.Public[0].Buttons) != 0 {
		t.Errorf("a roll whose id would be too long: %+v", r.Public)
	}
}
