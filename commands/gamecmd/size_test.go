package gamecmd_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
)

// TestGreenJacketsBattleSize plays a 50-figure Green Jackets battle through
// the real routes (roster from an order of battle, players assigned, turns
// with cards dealt by DM, small-arms fire) and checks that the stored game
// stays under 16 KB.
func TestGreenJacketsBattleSize(t *testing.T) {
	h := commandstest.New(t, commandstest.Seed(42))
	if _, ok := h.Service.Ruleset("greenjackets"); !ok {
		t.Skip("Green Jackets is not in commands.Rulesets")
	}

	squad := func(name, officer, quality, weapon, melee, prefix string, n int) string {
		figs := make([]string, n)
		for i := range figs {
			figs[i] = fmt.Sprintf("%s %d", prefix, i+1)
		}
		return fmt.Sprintf("squad: %s | %s | infantry | %s | %s | %s | %s", name, officer, quality, weapon, melee, strings.Join(figs, ", "))
	}
	ob := strings.Join([]string{
		"character: Lt Sharpe | officer | British | veteran | british",
		"character: Sgt Harper | nco | British | veteran | british",
		"character: Capt Dubois | officer | French | trained | french",
		"character: Sgt Vidal | nco | French | raw | french",
		squad("Chosen Men", "Lt Sharpe", "veteran", "rifle", "sword", "Rifleman", 12),
		squad("Harper's squad", "Sgt Harper", "veteran", "rifle", "bayonet", "Green", 13),
		squad("Voltigeurs", "Capt Dubois", "trained", "musket", "bayonet", "Voltigeur", 12),
		squad("Tirailleurs", "Sgt Vidal", "raw", "musket", "bayonet", "Tirailleur", 13),
	}, ";")
	users := map[string]interaction.User{
		"Lt Sharpe": p1, "Sgt Harper": {ID: "p3", Name: "Harper"},
		"Capt Dubois": p2, "Sgt Vidal": {ID: "p4", Name: "Vidal"},
	}
	must := func(u interaction.User, path string, opts ...any) interaction.Response {
		t.Helper()
		r := h.Do(u, path, opts...)
		if h.Outcome() != interaction.OutcomeOK {
			t.Fatalf("%s: %s", path, commandstest.Text(r))
		}
		return r
	}
	must(umpire, "game start", "ruleset", "greenjackets", "name", "Talavera")
	must(umpire, "greenjackets roster import", "text", ob)
	for name, u := range users {
		must(umpire, "greenjackets roster character", "name", name, "player", u)
	}
	// Spotting (G6) is tested with the rule set; here the fires only fill the battle.
	must(umpire, "game house-rule", "name", "spotting", "value", "off")
	empty := len(h.Doc("c1"))
	fires := 0
	for turn := 0; turn < 3; turn++ {
		must(umpire, "turn new")
		for range 8 {
			for _, s := range []struct{ squad, target string }{{"Chosen Men", "Voltigeurs"}, {"Voltigeurs", "Chosen Men"}} {
				h.Do(umpire, "greenjackets fire", "squad", s.squad, "target", s.target, "range", float64(12))
				if h.Outcome() == interaction.OutcomeOK {
					fires++
				}
			}
			h.Do(umpire, "turn next")
		}
	}
	g, log := h.Game("c1"), h.Log("c1")
	size := len(h.Doc("c1"))
	logBytes, working, biggest := 0, 0, 0
	for _, e := range log {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		logBytes += len(b)
		working += len(e.Working)
		biggest = max(biggest, len(b))
	}
	t.Logf("50-figure Green Jackets battle: %d bytes with the roster set; %d bytes after 3 turns, %d fire rulings, %d log entries (board %d bytes); "+
		"the log beside it %d bytes, of which the rulings' working for Details %d (largest entry %d)",
		empty, size, fires, len(log), len(g.Board), logBytes, working, biggest)
	if size > 16<<10 {
		t.Errorf("the battle is stored in %d bytes; want under 16 KB", size)
	}
	// A fire of 12 figures keeps its working, gzipped, with its entry.
	if biggest > 4<<10 {
		t.Errorf("a log entry takes %d bytes; want under 4 KB", biggest)
	}
}
