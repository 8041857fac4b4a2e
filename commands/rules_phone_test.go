package commands_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
)

// TestRulesReadOnAPhone: every topic of every rule set answers /rules with no
// code block wider than a phone shows (gamecmd.MaxCodeWidth); a wider table
// comes as embed fields or lines, within Discord's limits.
func TestRulesReadOnAPhone(t *testing.T) {
	h := commandstest.New(t)
	u := interaction.User{ID: "u1", Name: "Bob"}
	topics := 0
	for _, rs := range h.Service.Rulesets() {
		for _, tp := range rs.Topics() {
			topics++
			r := h.Do(u, "rules", "ruleset", rs.ID(), "topic", tp.Name)
			if commandstest.IsRefusal(r) || len(r.Ephemeral) == 0 {
				t.Errorf("/rules %s %s: %s", rs.ID(), tp.Name, commandstest.Text(r))
				continue
			}
			if err := interaction.Check(r); err != nil {
				t.Errorf("/rules %s %s: %v", rs.ID(), tp.Name, err)
			}
			for _, m := range r.Ephemeral {
				for _, e := range m.Embeds {
					texts := []string{e.Description}
					for _, f := range e.Fields {
						texts = append(texts, f.Value)
					}
					for _, s := range texts {
						if l, w := widestCode(s); w > gamecmd.MaxCodeWidth {
							t.Errorf("/rules %s %s: a code block line of %d characters (at most %d): %q", rs.ID(), tp.Name, w, gamecmd.MaxCodeWidth, l)
						}
					}
				}
			}
		}
	}
	if topics < 20 {
		t.Errorf("only %d topics checked", topics)
	}
}

// widestCode is the widest line inside the code blocks of s, and its width.
func widestCode(s string) (string, int) {
	in, widest, w := false, "", 0
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		if n := utf8.RuneCountInString(l); in && n > w {
			widest, w = l, n
		}
	}
	return widest, w
}
