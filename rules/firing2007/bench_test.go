package firing2007

import (
	"fmt"
	"testing"

	"github.com/referee-bot/referee/rules"
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

// fullRoster is a roster at its largest: MaxRoster units and as many
// generals, on two sides, every second one hidden.
func fullRoster() *Board {
	b := &Board{}
	for i := range MaxRoster {
		side := []string{"French", "British"}[i%2]
		b.NextID++
		b.Units = append(b.Units, Unit{ID: b.NextID, Name: fmt.Sprintf("Unit %d", i), Type: LineInfantry, Side: side, Strength: 6, Start: 6, Morale: 6, Formation: Line, Cover: Hard, Sight: rules.Sight{Hidden: i%4 < 2}})
		b.NextID++
		b.Generals = append(b.Generals, General{ID: b.NextID, Name: fmt.Sprintf("General %d", i), Side: side, Sight: rules.Sight{Hidden: i%4 < 2}})
	}
	return b
}

// BenchmarkFullRoster is what every change to a battle of a full roster under
// fog of war walks it for: each unit's and general's side (NameSides), a side's
// view and what it has not seen, and the check of the board as read.
func BenchmarkFullRoster(b *testing.B) {
	board := fullRoster()
	if err := board.Validate(); err != nil {
		b.Fatal(err)
	}
	french := rules.SideReader("French")
	for _, bm := range []struct {
		name string
		run  func()
	}{
		{"NameSides", func() { board.NameSides() }},
		{"View", func() { board.View(french) }},
		{"Unseen", func() { board.Unseen("French") }},
		{"Validate", func() { _ = board.Validate() }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bm.run()
			}
		})
	}
}
