package crimea

import (
	"slices"
	"testing"
)

// C2: the umpire turns up the movement cards one at a time; the command on
// the card moves, each unit on an order of its officers (C3), and then the
// next card is turned up; after the eighth, the next turn begins.
func TestTheCardWaitsOnItsCommandThenTheUmpire(t *testing.T) {
	deck := []Card{{Allied, RightWing}, {Russian, LeftWing}, {Allied, FreeMove}, {Russian, CavalryC},
		{Allied, LeftWing}, {Russian, RightWing}, {Allied, CavalryC}, {Russian, FreeMove}}
	board := func(drawn int, edit func(*Board)) *Board {
		b := &Board{Turn: 1, Deck: deck, Drawn: drawn,
			Officers: []Officer{
				{Name: "Raglan", Side: Allied, Wing: RightWing, Orders: 3, Player: "u1"},
				{Name: "Menshikov", Side: Russian, Wing: LeftWing, Orders: 3, Player: "u2"},
			},
			Units: []Unit{
				{Name: "Guards", Side: Allied, Officer: "Raglan", Stands: 4},
				{Name: "Vladimir", Side: Russian, Officer: "Menshikov", Stands: 4},
			}}
		if edit != nil {
			edit(b)
		}
		return b
	}
	tests := []struct {
		name   string
		b      *Board
		movers []string
		want   UmpireCall
	}{
		{"before the first turn nothing is called", &Board{}, nil, NoCall},
		{"the deck shuffled, no card up: the umpire turns up the first", board(0, nil), nil, CallDraw},
		{"the Allied right wing's card: Raglan orders his units", board(1, nil), []string{"Raglan"}, NoCall},
		{"its units have moved: the umpire turns up the next card", board(1, func(b *Board) { b.Units[0].Moved = true }), nil, CallDraw},
		{"its officer has no orders left: the next card", board(1, func(b *Board) { b.Officers[0].Orders = 0 }), nil, CallDraw},
		{"its officer is wounded: no orders, the next card", board(1, func(b *Board) { b.Officers[0].Wounded = true }), nil, CallDraw},
		{"a free move: any officer of the side may move first", board(3, nil), []string{"Raglan"}, NoCall},
		{"a card whose command has no one: the next card", board(4, nil), nil, CallDraw},
		{"the eighth card's command has moved: the next turn", board(8, func(b *Board) { b.Units[1].Moved = true }), nil, CallTurn},
	}
	for _, tt := range tests {
		var movers []string
		for _, o := range tt.b.Movers() {
			movers = append(movers, o.Name)
		}
		if !slices.Equal(movers, tt.movers) {
			t.Errorf("%s: Movers() = %v, want %v", tt.name, movers, tt.movers)
		}
		if got := tt.b.UmpireCall(); got != tt.want {
			t.Errorf("%s: UmpireCall() = %v, want %v", tt.name, got, tt.want)
		}
	}
}
