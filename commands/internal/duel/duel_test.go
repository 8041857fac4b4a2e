package duel_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/internal/duel"
)

var (
	umpire = interaction.User{ID: "u1", Name: "umpire"}
	athos  = interaction.User{ID: "u2", Name: "athos"}
)

// The fifth rule set plays beside the others: a quick ruling outside a
// battle, a roster, shots on it, and its names refused as every rule set's are.
func TestDuelPlays(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(1), commandstest.Channel("field"),
		commandstest.Rulesets(duel.New()))
	commandstest.Expect(t, "a quick ruling", h.Do(athos, "duel fire", "range", 12.0, "target", "anyone"), false, "The shooter fires at anyone: ")

	h.OK(umpire, "game start", "ruleset", duel.ID, "name", "At dawn")
	h.OK(umpire, "duel roster add", "name", "Athos", "side", "Musketeers")
	h.OK(umpire, "duel roster add", "name", "Jussac", "side", "Guards")
	h.Refused("No Musketeer on the roster; did you mean Musketeers? To add Musketeer, give `new-side:true`.",
		umpire, "duel roster add", "name", "Porthos", "side", "Musketeer")
	h.Refused("No Jusac on the roster; did you mean Jussac?", athos, "duel fire", "shooter", "Athos", "target", "Jusac", "range", 2.0)
	h.Refused("`range:` is a number from 0 to 100, not \"120\".", athos, "duel fire", "shooter", "Athos", "target", "Jussac", "range", 120.0)

	for range 20 { // at 2" a shot needs 4: one of twenty hits
		r := h.Do(athos, "duel fire", "shooter", "athos", "target", "jussac", "range", 2.0)
		if commandstest.IsRefusal(r) {
			commandstest.Expect(t, "a shot at a man hit", r, true, "Jussac is hit already.")
			return
		}
		commandstest.Expect(t, "a shot", r, false, "Athos fires at Jussac: ")
	}
	t.Error("twenty shots at 2\" never hit")
}

func TestNeed(t *testing.T) {
	for _, tt := range []struct {
		inches float64
		want   int
	}{{0, 4}, {9.5, 4}, {10, 5}, {19, 5}, {20, 6}, {100, 6}} {
		if got := duel.Need(tt.inches); got != tt.want {
			t.Errorf("Need(%v) = %d, want %d", tt.inches, got, tt.want)
		}
	}
}

// FuzzValidateBoard: whatever a file holds, ValidateBoard answers without
// panicking, and a board it takes names every duellist once.
func FuzzValidateBoard(f *testing.F) {
	f.Add([]byte(`{"duellists":[{"name":"Athos","side":"Musketeers"}]}`))
	f.Add([]byte(`{"duellists":[{"name":"Athos"},{"name":"athos"}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if err := duel.New().ValidateBoard(raw); err != nil {
			return
		}
		var b duel.Board
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatalf("ValidateBoard took %q, which does not decode: %v", raw, err)
		}
		seen := map[string]bool{}
		for _, d := range b.Duellists {
			if seen[strings.ToLower(d.Name)] {
				t.Fatalf("ValidateBoard took %q, naming %s twice", raw, d.Name)
			}
			seen[strings.ToLower(d.Name)] = true
		}
	})
}
