package crimea

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/dice/dicetest"

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

// C2 under fog of war: the first unit to move on a free move fixes the
// command; a reader is told the choice once he has seen a unit move on the
// card, and not by the move of a unit he has not seen.
func TestAFreeMoveIsChosenInTheViewOfWhoSawTheMove(t *testing.T) {
	russian, allied := rules.SideReader(string(Russian)), rules.SideReader(string(Allied))
	readers := []rules.Reader{russian, allied, rules.Main}
	tests := []struct {
		name  string
		moves []string
		edit  func(b *Board)
		// want is the free move's choice in the Russian, Allied and main views.
		want [3]string
	}{
		{"no unit has moved", nil, nil, [3]string{"", "", ""}},
		{"the hidden Don Battery moved", []string{"Don Battery"}, nil,
			[3]string{"right wing|Don Battery", "", ""}},
		{"the Odessa Regiment, in sight, moved", []string{"Odessa Regiment"}, nil,
			[3]string{"right wing|Odessa Regiment", "right wing|Odessa Regiment", "right wing|Odessa Regiment"}},
		{"the Don Battery, then the Odessa Regiment: the move in sight names the choice", []string{"Don Battery", "Odessa Regiment"}, nil,
			[3]string{"right wing|Odessa Regiment", "right wing|Odessa Regiment", "right wing|Odessa Regiment"}},
		{"the Odessa Regiment, then the Don Battery: the choice stays the one in sight", []string{"Odessa Regiment", "Don Battery"}, nil,
			[3]string{"right wing|Odessa Regiment", "right wing|Odessa Regiment", "right wing|Odessa Regiment"}},
		{"the Don Battery, revealed to the Allies alone", []string{"Don Battery"}, func(b *Board) { b.Units[3].RevealTo(string(Allied)) },
			[3]string{"right wing|Don Battery", "right wing|Don Battery", ""}},
		{"the Don Battery, taken off the roster since: only the Russians saw it", []string{"Don Battery"}, func(b *Board) { b.RemoveUnit("Don Battery") },
			[3]string{"right wing|Don Battery", "", ""}},
		{"a board stored before the unit was recorded: every reader reads the choice", nil, func(b *Board) { b.Free = "right wing|" },
			[3]string{"right wing|", "right wing|", "right wing|"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := inTurn(Card{Russian, FreeMove})
			b.Units[3].Hidden = true
			b.Allowances[RowRussianArtillery], b.Allowances[RowHeavyInfantryCol] = 4, 6
			var faces []int
			if len(tt.moves) > 0 {
				faces = rolls(50) // Liprandi's brigade's modifier, once
			}
			src := dicetest.Script(t, faces...)
			for i, u := range tt.moves {
				if _, err := b.Move(src, MoveOrder{Actor: lipr, Unit: u}, House{}); err != nil {
					t.Fatalf("move %d, %s: %v", i+1, u, err)
				}
			}
			src.Done()
			if tt.edit != nil {
				tt.edit(b)
			}
			if err := b.Validate(); err != nil {
				t.Errorf("the board does not validate: %v", err)
			}
			for i, r := range readers {
				if got := b.View(r).Free; got != tt.want[i] {
					t.Errorf("View(%v).Free = %q, want %q", r, got, tt.want[i])
				}
			}
		})
	}
}
