package firing2007

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules"
)

// The umpire's view, and the French side's own, are the whole board.
func TestTheUmpireAndTheOwnSideViewTheWholeBoard(t *testing.T) {
	for _, r := range []rules.Reader{rules.Umpire, rules.SideReader("French")} {
		if diff := cmp.Diff(foggy(), foggy().View(r)); diff != "" {
			t.Errorf("View(%v) is not the whole board (-board +view):\n%s", r, diff)
		}
	}
}

// Whatever the hidden Battery and Montcalm are (names, strength, type,
// players, wounds, how many), the British view and the main channel's are
// the same: nothing rendered from them can tell.
func TestAViewIsTheSameWhateverItsReaderHasNotSeen(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *Board)
	}{
		{"renamed", func(b *Board) {
			b.Units[3].Name, b.Generals[0].Name = "Redoubt Guns", "Lévis"
		}},
		{"other strength, type, morale and player", func(b *Board) {
			u := &b.Units[3]
			u.Strength, u.Start, u.Type, u.Morale, u.Player, u.Fired = 2, 6, LightGun, 4, "dave", true
		}},
		{"wounded, with the unit, another chain", func(b *Board) {
			g := &b.Generals[0]
			g.LightWounds, g.Dead, g.With, g.Chain, g.Player = 1, false, 4, []int{4}, "dave"
			b.Pending = nil
		}},
		{"a unit more", func(b *Board) {
			b.NextID++
			b.Units = append(b.Units, Unit{ID: b.NextID, Name: "Canadiens", Type: LineInfantry, Side: "French",
				Strength: 4, Start: 4, Morale: 6, Formation: Line, Cover: Open, Sight: rules.Sight{Hidden: true}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed := foggy()
			tc.change(changed)
			for _, r := range []rules.Reader{rules.SideReader("British"), rules.Main} {
				if diff := cmp.Diff(foggy().View(r), changed.View(r), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("View(%v) tells the hidden units %s (-before +after):\n%s", r, tc.name, diff)
				}
			}
			if cmp.Equal(foggy().View(rules.SideReader("French")), changed.View(rules.SideReader("French"))) {
				t.Errorf("the French view does not show its own units %s", tc.name)
			}
		})
	}
}
