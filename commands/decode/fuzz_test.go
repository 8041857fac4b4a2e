package decode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
)

// FuzzDecode: whatever is typed, the decoder answers an order or an
// *interaction.InputError, never a panic; every distance decoded is in its
// range, and in a battle every name decoded is the roster's.
func FuzzDecode(f *testing.F) {
	f.Add("12, 14\", 9", "Lancers, all", "Chasseurs:2, Rifles", "chasseurs", "line", 8.0, true)
	f.Add(",,", "", ":", "", "Square", -1.0, false)
	f.Add("1e400, NaN", "**Lancers**", "x:y", "Col Ney", "skirmish", 1e9, true)
	f.Fuzz(func(t *testing.T, ranges, with, parties, target, drill string, rng float64, inBattle bool) {
		var g *battle.Game
		if inBattle {
			g = &battle.Game{Ruleset: "drill"}
		}
		opts := map[string]any{"range": rng, "ranges": ranges, "with": with, "parties": parties, "target": target, "drill": drill}
		o, err := run[fireOrder](t, "drill fire", g, opts)
		var in *interaction.InputError
		if err != nil {
			if !errors.As(err, &in) {
				t.Fatalf("decode(%v) = %v, not an input error", opts, err)
			}
			return
		}
		if !(o.Range >= 0 && o.Range <= 100) {
			t.Errorf("decode(%v) took range %v", opts, o.Range)
		}
		for _, r := range o.Ranges {
			if !(r >= 0 && r <= decode.MaxInches) {
				t.Errorf("decode(%v) took range %v", opts, r)
			}
		}
		if !inBattle {
			return
		}
		names, _ := roster(g)
		on := map[string]bool{"": true}
		for _, n := range names {
			on[n.Name] = true
		}
		for _, n := range append(append([]string{o.Target}, o.With...), partyNames(o.Parties)...) {
			if !on[n] && !strings.EqualFold(n, "all") { // with: takes "all" as it is
				t.Errorf("decode(%v) took %q, not on the roster", opts, n)
			}
		}
	})
}

func partyNames(ps []party) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}
