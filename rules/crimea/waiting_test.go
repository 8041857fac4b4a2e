package crimea

import (
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules/dice/dicetest"
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
		{"movement done, a charge's close combat unresolved: the umpire resolves it", board(8, func(b *Board) {
			b.Units[1].Moved, b.Charges = true, []Charge{{Attacker: "Vladimir", Defender: "Guards"}}
		}), nil, CallCombat},
		{"a charge still to be moved on a later card: the next card first", board(1, func(b *Board) {
			b.Units[0].Moved, b.Charges = true, []Charge{{Attacker: "Guards", Defender: "Vladimir"}}
		}), nil, CallDraw},
		{"the unit charged was destroyed by fire: no combat, the next turn", board(8, func(b *Board) {
			b.Units[1].Moved, b.Units[0].Stands, b.Charges = true, 0, []Charge{{Attacker: "Vladimir", Defender: "Guards"}}
		}), nil, CallTurn},
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

// C8: a charge is a move ("attacker rolls dice … return to starting position
// or move back one normal move"): it is ordered with the unit's move, and its
// close combat is resolved "after movement but before any close combats are
// resolved"; until then the umpire owes it. A new turn drops one left over.
func TestAChargeWaitsForItsCombat(t *testing.T) {
	b := inTurn(Card{Allied, CavalryC})
	_, err := b.Move(dicetest.Script(t), MoveOrder{Actor: lucan, Unit: "17th Lancers", Charge: "93rd Highlanders"}, House{})
	if got := breach(t, err); !strings.Contains(got, "same side") {
		t.Errorf("charging a friend: %q, want the same side refused", got)
	}
	if u, _ := b.Unit("17th Lancers"); len(b.Charges) != 0 || u.Moved {
		t.Fatalf("a refused charge changed the board: charges %v", b.Charges)
	}
	src := dicetest.Script(t, rolls(50)...) // the movement modifier
	if _, err := b.Move(src, MoveOrder{Actor: lucan, Unit: "17th Lancers", Charge: "Odessa Regiment"}, House{}); err != nil {
		t.Fatal(err)
	}
	src.Done()
	want := []Charge{{Attacker: "17th Lancers", Defender: "Odessa Regiment"}}
	if !slices.Equal(b.CombatsDue(), want) {
		t.Fatalf("after the charge: combats due %v, want %v", b.CombatsDue(), want)
	}
	b.Drawn = len(b.Deck) // and every command has moved
	for i := range b.Units {
		b.Units[i].Moved = true
	}
	if got := b.UmpireCall(); got != CallCombat {
		t.Errorf("the deck drawn, the combat unresolved: UmpireCall() = %v, want CallCombat", got)
	}
	src = dicetest.Script(t, rolls(10)...) // the Lancers fail their morale
	if _, err := b.Combat(src, CombatOrder{Actor: umpire, Attacker: "17th Lancers", Defender: "Odessa Regiment"}, House{}); err != nil {
		t.Fatal(err)
	}
	src.Done()
	if len(b.Charges) != 0 || b.UmpireCall() == CallCombat {
		t.Errorf("after the combat: charges %v, call %v, want none", b.Charges, b.UmpireCall())
	}
	b.Charges = want
	b.NewTurn(dicetest.Script(t, 1, 1, 1, 1, 1, 1, 1))
	if len(b.Charges) != 0 {
		t.Errorf("a new turn keeps the last turn's charges %v", b.Charges)
	}
}
