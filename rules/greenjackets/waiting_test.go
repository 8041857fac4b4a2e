package greenjackets

import "testing"

// G2: the umpire calls the count down; the holder of the count called acts
// (or holds back) and ends his move before the next count is called.
func TestTheUmpireCallsWhenNoHolderIsDue(t *testing.T) {
	six, four := Card{Rank: 6}, Card{Rank: 4}
	dealt := func(pos int, states ...string) *Board {
		b := NewBoard()
		b.Characters = []*Character{
			{Name: "Capt Fothergill", Player: "u1", Card: &six, State: states[0]},
			{Name: "Capt Dubois", Player: "u2", Card: &four, State: states[1]},
		}
		b.Turn = Turn{Number: 1, Suits: 1, Pos: pos}
		return b
	}
	onTheMove := func(b *Board, name string) *Board { b.Turn.Order = []string{name}; return b }
	over := dealt(6, Acted, Acted)
	over.Turn.Ended = true
	tests := []struct {
		name string
		b    *Board
		want UmpireCall
	}{
		{"before the first deal nothing is called", NewBoard(), NoCall},
		{"cards dealt: the umpire calls the first count", dealt(-1, Waiting, Waiting), CallCount},
		{"the 6 called: its holder acts or holds back first", dealt(0, Waiting, Waiting), NoCall},
		{"the 6's holder on the move: he ends his move first", onTheMove(dealt(0, OnMove, Waiting), "Capt Fothergill"), NoCall},
		{"the 6's holder has acted: the umpire calls the 5", dealt(0, Acted, Waiting), CallCount},
		{"the 5 called and no one holds it: the umpire calls the 4", dealt(1, Acted, Waiting), CallCount},
		{"the 4 called: its holder acts or holds back first", dealt(2, Acted, Waiting), NoCall},
		{"one who held back acts at a later count: he ends his move first", onTheMove(dealt(3, Acted, OnMove), "Capt Dubois"), NoCall},
		{"past Ace, everyone has acted: the umpire ends the turn", dealt(6, Acted, Acted), CallCount},
		{"the turn is over: the umpire deals the next", over, CallDeal},
	}
	for _, tt := range tests {
		if got := tt.b.UmpireCall(); got != tt.want {
			t.Errorf("%s: UmpireCall() = %v, want %v", tt.name, got, tt.want)
		}
	}
}
