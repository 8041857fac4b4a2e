package firing2007

import (
	"testing"

	"github.com/referee-bot/referee/rules/dice"
)

// BenchmarkFire is one roster fire with a general at risk: factors, dice, odds.
func BenchmarkFire(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	shot := Shot{Firer: Firer{Type: HowitzerUnit, Strength: 4}, Distance: 12, Cover: Hard}
	t := Target{Name: "B", Strength: 5, HasStrength: true, Morale: 6, HasMorale: true, Generals: []General{{Name: "G"}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Fire(src, "A", shot, t); err != nil {
			b.Fatal(err)
		}
	}
}
