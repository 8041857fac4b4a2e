package crimea

import (
	"slices"
	"strings"
	"testing"
)

// /rules shows every chart: the calibre table band by band, every row of the
// movement table and every fire chance.
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
	if want := []string{"dice", "turn", "orders", "calibre", "morale", "movement", "fire", "combat", "readings"}; !slices.Equal(names, want) {
		t.Errorf("topics %q, want %q", names, want)
	}
	for _, r := range CalibreTable {
		if !strings.Contains(body["calibre"], Band(r.Lo, r.Hi)) {
			t.Errorf("calibre topic lacks the band %s", Band(r.Lo, r.Hi))
		}
	}
	for _, r := range MoveRows {
		if !strings.Contains(body["movement"], string(r)) {
			t.Errorf("movement topic lacks the row %s", r)
		}
	}
	for _, c := range FireChances {
		if !strings.Contains(body["fire"], c.Label) {
			t.Errorf("fire topic lacks %s", c.Label)
		}
	}
	if !strings.Contains(body["turn"], "Allied right wing, Allied left wing") {
		t.Errorf("turn topic does not list the deck: %s", body["turn"])
	}
}
