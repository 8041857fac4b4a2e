package crimea

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// The umpire's view, and the Russian side's own, are the whole board.
func TestTheUmpireAndTheOwnSideViewTheWholeBoard(t *testing.T) {
	for _, r := range []rules.Reader{rules.Umpire, rules.SideReader("Russian")} {
		if diff := cmp.Diff(foggy(), foggy().View(r)); diff != "" {
			t.Errorf("View(%v) is not the whole board (-board +view):\n%s", r, diff)
		}
	}
}

// Whatever the hidden Don Battery and Liprandi are (names, officers, stands,
// formation, morale, calibre, players, orders left, modifiers rolled), the
// Allied view and the main channel's are the same: nothing rendered from
// them can tell.
func TestAViewIsTheSameWhateverItsReaderHasNotSeen(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *Board)
	}{
		{"renamed", func(b *Board) {
			b.Units[3].Name, b.Officers[2].Name = "Black Sea Battery", "Gorchakov"
			b.Units[2].Officer, b.Units[3].Officer = "Gorchakov", "Gorchakov"
			b.Rolled = map[string]rules.Roll{"officer:Gorchakov": d100Of(5, 0)}
		}},
		{"other stands, formation and morale", func(b *Board) {
			u := &b.Units[3]
			u.Stands, u.Start, u.Formation, u.Morale, u.Type = 1, 3, Column, 20, HorseArtillery
		}},
		{"another calibre, player and orders left", func(b *Board) {
			o := &b.Officers[2]
			o.Calibre, o.Player, o.PlayerName, o.Orders, o.Morale = Rash, "carol", "Carol", 0, 80
		}},
		{"another modifier rolled", func(b *Board) {
			b.Rolled = map[string]rules.Roll{"officer:Liprandi": d100Of(9, 9)}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed := foggy()
			tc.change(changed)
			for _, r := range []rules.Reader{rules.SideReader("Allied"), rules.Main} {
				if diff := cmp.Diff(foggy().View(r), changed.View(r)); diff != "" {
					t.Errorf("View(%v) tells the hidden units %s (-before +after):\n%s", r, tc.name, diff)
				}
			}
			if cmp.Equal(foggy().View(rules.SideReader("Russian")), changed.View(rules.SideReader("Russian"))) {
				t.Errorf("the Russian view does not show its own units %s", tc.name)
			}
		})
	}
}
