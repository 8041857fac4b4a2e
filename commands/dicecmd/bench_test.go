package dicecmd

import (
	"testing"

	"github.com/referee-bot/referee/commands/internal/pngbench"
	"github.com/referee-bot/referee/rules/dice"
)

// BenchmarkChart draws the odds chart of 3d6, and encodes the picture it
// draws at the level chart takes (zlib's fastest) and at the default one,
// reporting each file's size.
func BenchmarkChart(b *testing.B) {
	e, _ := dice.Parse("3d6")
	d, err := e.Dist()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("chart", func(b *testing.B) {
		for b.Loop() {
			if _, err := chart(d.Table(), "Odds of 3d6", "total", "dark"); err != nil {
				b.Fatal(err)
			}
		}
	})
	drawn, err := chart(d.Table(), "Odds of 3d6", "total", "dark")
	if err != nil {
		b.Fatal(err)
	}
	pngbench.Levels(b, drawn)
}
