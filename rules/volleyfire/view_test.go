package volleyfire

import (
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// The umpire's view, and the French side's own, are the whole board.
func TestTheUmpireAndTheOwnSideViewTheWholeBoard(t *testing.T) {
	for _, r := range []rules.Reader{rules.Umpire, rules.SideReader("French")} {
		if diff := cmp.Diff(foggyBoard(t), foggyBoard(t).View(r)); diff != "" {
			t.Errorf("View(%v) is not the whole board (-board +view):\n%s", r, diff)
		}
	}
}

// Whatever the hidden Hussards and Victor are (names, bases, kind, players,
// actions this turn), the Allied view and the main channel's are the same:
// nothing rendered from them can tell.
func TestAViewIsTheSameWhateverItsReaderHasNotSeen(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *Board)
	}{
		{"renamed", func(b *Board) {
			b.UnitNamed("Hussards").Name, b.CommanderNamed("Victor").Name = "Chasseurs", "Lasalle"
		}},
		{"other bases, kind and player", func(b *Board) {
			u := b.UnitNamed("Hussards")
			u.Bases, u.Start, u.Kind, u.Player, u.PlayerName = 2, 6, Infantry, "p3", "Dave"
		}},
		{"joined and acting this turn", func(b *Board) {
			b.CommanderNamed("Victor").Joined = "Hussards"
			used, spent := maps.Clone(b.Turn.Used), maps.Clone(b.Turn.Spent)
			if used == nil {
				used = map[string]int{}
			}
			if spent == nil {
				spent = map[string]bool{}
			}
			used["Hussards"], spent["Hussards"] = 2, true
			b.Turn.Used, b.Turn.Spent = used, spent
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed := foggyBoard(t)
			tc.change(changed)
			for _, r := range []rules.Reader{rules.SideReader("Allies"), rules.Main} {
				if diff := cmp.Diff(foggyBoard(t).View(r), changed.View(r)); diff != "" {
					t.Errorf("View(%v) tells the hidden units %s (-before +after):\n%s", r, tc.name, diff)
				}
			}
			if cmp.Equal(foggyBoard(t).View(rules.SideReader("French")), changed.View(rules.SideReader("French"))) {
				t.Errorf("the French view does not show its own units %s", tc.name)
			}
		})
	}
}
