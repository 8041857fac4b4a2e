package commandstest

import "testing"

func TestArithmetic(t *testing.T) {
	for _, tt := range []struct {
		text           string
		checked, wrong int
	}{
		{"musket 1 fires — d20 **9**, need ≤ 10 (10 −2 soft cover +2 aimed shot) → **hit**", 1, 0},
		{"musket 1 fires — d20 **9**, need ≤ 10 (10 −2 soft cover) → **hit**", 1, 1},
		{"Line infantry fires — 2d6 [3, 4] **7** −1 shaken = 6, need 7+", 1, 0},
		{"Line infantry fires — 2d6 [3, 4] **7** −1 shaken −1 weak = 6, need 7+", 1, 1},
		{"need ≤ 7 (fire chart musket, 11-20\", base 6, +1 firer veteran)", 0, 0},
	} {
		checked, wrong := Arithmetic(tt.text)
		if checked != tt.checked || len(wrong) != tt.wrong {
			t.Errorf("Arithmetic(%q) = %d checked, %q wrong; want %d, %d", tt.text, checked, wrong, tt.checked, tt.wrong)
		}
	}
	if got := Odds("**Result:** 3 hits\nOdds\n0 hits 6.2% · 3 hits 25%\nReadings\n**G8**"); got != "0 hits 6.2% · 3 hits 25%\n" {
		t.Errorf("Odds = %q", got)
	}
}
