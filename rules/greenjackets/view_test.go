package greenjackets

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// foggyTurn is the hidden bridge in the middle of a turn: both captains
// dealt, Dubois's section (played by bob) hidden, on the move order and in
// the deal.
func foggyTurn() *Board {
	b := hiddenBridge()
	b.Turn.Order = []string{"Lt Sharpe", "Capt Dubois"}
	b.Turn.Deal = []string{"Capt Dubois", "Lt Sharpe"}
	b.Character("Capt Dubois").PlayerName = "Bob"
	return b
}

// The umpire's view, and the view of the section's own side, are the whole
// board; the enemy's and the main channel's hold nothing of the section.
func TestWhoseViewHoldsAHiddenSection(t *testing.T) {
	for _, tc := range []struct {
		reader rules.Reader
		whole  bool
	}{
		{rules.Umpire, true},
		{rules.SideReader("French"), true},
		{rules.SideReader("British"), false},
		{rules.Main, false},
	} {
		b := foggyTurn()
		v := b.View(tc.reader)
		if tc.whole {
			if diff := cmp.Diff(b, v); diff != "" {
				t.Errorf("View(%v) is not the whole board (-board +view):\n%s", tc.reader, diff)
			}
			continue
		}
		if got := v.NameSides(); len(got) != len(b.NameSides())-len(dubois) {
			t.Errorf("View(%v) names %v, want none of %q", tc.reader, got, dubois)
		}
		if diff := cmp.Diff(foggyTurn(), b); diff != "" {
			t.Errorf("View(%v) changed the board (-was +now):\n%s", tc.reader, diff)
		}
	}
}

// Whatever the hidden section is (its names, ranks, players, cards, action
// points, figures, distances moved), the view of a reader who has not seen
// it is the same: nothing rendered from it can tell.
func TestAViewIsTheSameWhateverItsReaderHasNotSeen(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(b *Board)
	}{
		{"renamed", func(b *Board) {
			c := b.Character("Capt Dubois")
			c.Name = "Maj Lefevre"
			for _, s := range b.Squads {
				if s.Officer == "Capt Dubois" {
					s.Officer, s.Name = "Maj Lefevre", s.Name+" de la Garde"
				}
			}
			b.Turn.Order[1], b.Turn.Deal[0] = "Maj Lefevre", "Maj Lefevre"
			b.Squad("Voltigeurs de la Garde").Figures[0].Name = "Dupont"
		}},
		{"re-ranked and played by another", func(b *Board) {
			c := b.Character("Capt Dubois")
			c.Rank, c.Quality, c.Player, c.PlayerName = RankNCO, Veteran, "carol", "Carol"
		}},
		{"another card, on the move with its action points", func(b *Board) {
			c := b.Character("Capt Dubois")
			c.Card, c.State, c.AP, c.Spent = &Card{Rank: 12}, OnMove, 9, 2
		}},
		{"more figures, moved and wounded", func(b *Board) {
			s := b.Squad("Voltigeurs")
			s.Figures = append(s.Figures, &Figure{Name: "Bernard", Weapon: Musket, Quality: Trained})
			s.Moved, s.MovedTurn = 8, 1
			b.Character("Capt Dubois").Serious = 1
		}},
		{"a squad fewer", func(b *Board) {
			b.Squads = b.Squads[:2]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed := foggyTurn()
			tc.change(changed)
			for _, r := range []rules.Reader{rules.SideReader("British"), rules.Main} {
				if diff := cmp.Diff(foggyTurn().View(r), changed.View(r)); diff != "" {
					t.Errorf("View(%v) tells the hidden section %s (-before +after):\n%s", r, tc.name, diff)
				}
			}
			if cmp.Equal(foggyTurn().View(rules.SideReader("French")), changed.View(rules.SideReader("French"))) {
				t.Errorf("the French view does not show its own section %s", tc.name)
			}
		})
	}
}
