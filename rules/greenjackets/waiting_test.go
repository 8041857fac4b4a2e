package greenjackets

import (
	"slices"
	"testing"
)

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
		{"past Ace, under fog, Dubois has not acted: he acts first", dealt(6, Acted, Waiting), NoCall},
		{"the turn is over: the umpire deals the next", over, CallDeal},
	}
	for _, tt := range tests {
		if got := tt.b.UmpireCall(); got != tt.want {
			t.Errorf("%s: UmpireCall() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// G5: "in each player's turn … resolve any morale tests required by death of
// a friend or other action" first: the squads of the character on the move
// that owe a test, after a friend's death or the umpire's call, are tested by
// his player before he gives an order.
func TestTheHolderTestsMoraleFirst(t *testing.T) {
	squad := func(name string, owed int, called bool, alive bool) *Squad {
		return &Squad{Name: name, Officer: "Lt Sharpe", Owed: owed, Called: called,
			Figures: []*Figure{{Name: name + " 1", Dead: !alive}}}
	}
	tests := []struct {
		name   string
		squads []*Squad
		want   []string
	}{
		{"no death, no call: no test", []*Squad{squad("First", 0, false, true)}, nil},
		{"the umpire called a test", []*Squad{squad("First", 0, true, true)}, []string{"First"}},
		{"a friend died", []*Squad{squad("First", 0, false, true), squad("Second", 1, false, true)}, []string{"Second"}},
		{"a squad all dead tests nothing", []*Squad{squad("First", 2, true, false)}, nil},
		{"another's squad is his to test", []*Squad{{Name: "Voltigeurs", Officer: "Capt Dubois", Called: true,
			Figures: []*Figure{{Name: "V1"}}}}, nil},
	}
	for _, tt := range tests {
		b := NewBoard()
		b.Characters = []*Character{{Name: "Lt Sharpe"}, {Name: "Capt Dubois"}}
		b.Squads = tt.squads
		var got []string
		for _, s := range b.OwingMorale(b.Character("Lt Sharpe")) {
			got = append(got, s.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: OwingMorale = %v, want %v", tt.name, got, tt.want)
		}
	}
}
