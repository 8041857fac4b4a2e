package crimea

import (
	"fmt"
	"slices"
	"testing"
)

// fullRoster is a roster at its largest, a turn begun with the Allied right
// wing's card up: on each side a wing commander of each wing, brigade
// officers under them (MaxRoster officers in all), and MaxRoster units
// under the brigades, every second one hidden.
func fullRoster() *Board {
	b := &Board{Turn: 1, Deck: slices.Clone(Deck), Drawn: 1}
	for i, c := range Deck {
		if c.Command == RightWing {
			b.Deck[0], b.Deck[i] = b.Deck[i], b.Deck[0]
			break
		}
	}
	for _, side := range Sides {
		for _, w := range Wings {
			b.Officers = append(b.Officers, Officer{Name: fmt.Sprintf("%s %s commander", side, w), Side: side, Rank: WingCommander, Wing: w, Morale: 50, Orders: 3})
		}
	}
	for i := 0; len(b.Officers) < MaxRoster; i++ {
		side := Sides[i%len(Sides)]
		b.Officers = append(b.Officers, Officer{Name: fmt.Sprintf("Brigadier %d", i), Side: side, Rank: BrigadeOfficer,
			Superior: fmt.Sprintf("%s %s commander", side, Wings[i%len(Wings)]), Morale: 50, Orders: 3})
	}
	brigades := b.Officers[2*len(Wings):]
	for i := range MaxRoster {
		o := brigades[i%len(brigades)]
		nat := British
		if o.Side == Russian {
			nat = RussianTroop
		}
		u := Unit{Name: fmt.Sprintf("Regiment %d", i), Side: o.Side, Nationality: nat, Type: HeavyInfantry, Formation: Line,
			Stands: 4, Start: 4, Morale: 50, Officer: o.Name}
		u.Hidden = i%2 == 0
		b.Units = append(b.Units, u)
	}
	return b
}

// BenchmarkFullRoster is what a change to a battle of a full roster under
// fog of war walks its chains of command for: who the card up moves, whom
// it waits on, and the check of the board as read.
func BenchmarkFullRoster(b *testing.B) {
	board := fullRoster()
	if err := board.Validate(); err != nil {
		b.Fatal(err)
	}
	card, _ := board.Current()
	for _, bm := range []struct {
		name string
		run  func()
	}{
		{"Moving", func() { board.Moving(card) }},
		{"Movers", func() { board.Movers(true) }},
		{"CommandName", func() { board.CommandName(Allied, "") }},
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
