package volleyfire

import (
	"slices"
	"strings"
	"testing"
)

// /rules shows every chart: each weapon's ranges, each reroll and each move.
func TestTopics(t *testing.T) {
	var names []string
	body := map[string]string{}
	for _, tp := range Topics() {
		names = append(names, tp.Name)
		body[tp.Name] = tp.Body
		if tp.Title == "" || tp.Body == "" {
			t.Errorf("topic %q has no title or body", tp.Name)
		}
	}
	if want := []string{"ranges", "shooting", "damage", "combat", "movement", "formations", "national", "command", "turn", "readings"}; !slices.Equal(names, want) {
		t.Errorf("topics %q, want %q", names, want)
	}
	for _, w := range Weapons {
		if !strings.Contains(body["ranges"], string(w)) {
			t.Errorf("ranges topic lacks %s", w)
		}
	}
	for _, r := range RerollChart {
		if !strings.Contains(body["combat"], r.Name) {
			t.Errorf("combat topic lacks %s", r.Name)
		}
	}
	for _, h := range HouseRules {
		if !strings.Contains(body["readings"], "`"+h.Name+"`") {
			t.Errorf("readings topic lacks the house rule %s", h.Name)
		}
	}
}
