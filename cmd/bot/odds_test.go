package main

import (
	"strings"
	"testing"
)

// TestConsoleOdds: /odds in the console leads with the mean and the chance
// of at least x; a long table comes as odds.csv beside the chart.
func TestConsoleOdds(t *testing.T) {
	out, _ := playConsole(t, t.TempDir(), "/odds dice:3d6\n/odds dice:d100 label:morale\n", "-store", "memory")
	for _, want := range []string{
		"Mean 10.50 · standard deviation 2.96 · total from 3 to 18.",
		"Chance of at least: ≥ 7 91% · ≥ 8 84% · ≥ 11 50% · ≥ 13 26% · ≥ 14 16%",
		"Odds of d100: morale",
		"The whole table, 100 values, is in odds.csv.",
		"📎 odds.png",
		"📎 odds.csv",
		"51,0.01,0.5,0.51",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q; got:\n%.3000s", want, out)
		}
	}
}
