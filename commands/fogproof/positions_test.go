package fogproof_test

import (
	"math/rand/v2"
	"testing"
)

// TestPositionsAloneTellNothing: for each rule set a battle (replayed's) is
// played twice the same way but for where side A's hidden units stand and
// are moved to on the table; side B and the main channel are sent the same
// bytes in both plays until the reveal: here only the places differ, so
// that a leak it finds is the table's.
func TestPositionsAloneTellNothing(t *testing.T) {
	for _, rs := range rulesets {
		t.Run(rs.id, func(t *testing.T) {
			t.Parallel()
			seed := replayed
			one, other := newPlay(t, rs, seed, false), newPlay(t, rs, seed, false)
			other.hideAt = rand.New(rand.NewPCG(seed, 9))
			cutOne, cutOther := one.battle(), other.battle()
			for _, a := range compared {
				x, y := one.heard[a].String(), other.heard[a].String()
				if d := divergence(x[:cutOne[a]], y[:cutOther[a]]); d != "" {
					t.Errorf("%s, seed %d: %s is told where side A's hidden units stand before they are revealed:\n%s", rs.id, seed, a, d)
				}
			}
			if one.heard[sideB].String() == other.heard[sideB].String() {
				t.Errorf("%s, seed %d: once revealed, side A's hidden units stand alike to side B in both plays: the test tells nothing apart", rs.id, seed)
			}
		})
	}
}
