package volleyfire

import (
	"testing"

	"github.com/referee-bot/referee/rules/dice"
)

func BenchmarkShoot(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	s := Shot{Shooter: line(8), Target: target(8), Range: 8}
	for b.Loop() {
		if _, _, err := Shoot(src, s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCombat(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	f := Fight{Chargers: []Fighter{{Unit: cav(6), Charged: true}}, Defenders: []Fighter{{Unit: inf(8)}}}
	for b.Loop() {
		if _, _, err := Combat(src, f); err != nil {
			b.Fatal(err)
		}
	}
}
