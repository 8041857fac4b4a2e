package crimea

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules"
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
		for _, o := range tt.b.Movers(false) {
			movers = append(movers, o.Name)
		}
		if !slices.Equal(movers, tt.movers) {
			t.Errorf("%s: Movers() = %v, want %v", tt.name, movers, tt.movers)
		}
		if got := tt.b.UmpireCall(false); got != tt.want {
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
	if got := b.UmpireCall(false); got != CallCombat {
		t.Errorf("the deck drawn, the combat unresolved: UmpireCall() = %v, want CallCombat", got)
	}
	src = dicetest.Script(t, rolls(10)...) // the Lancers fail their morale
	if _, err := b.Combat(src, CombatOrder{Actor: umpire, Attacker: "17th Lancers", Defender: "Odessa Regiment"}, House{}); err != nil {
		t.Fatal(err)
	}
	src.Done()
	if len(b.Charges) != 0 || b.UmpireCall(false) == CallCombat {
		t.Errorf("after the combat: charges %v, call %v, want none", b.Charges, b.UmpireCall(false))
	}
	b.Charges = want
	b.NewTurn(dicetest.Script(t, 1, 1, 1, 1, 1, 1, 1))
	if len(b.Charges) != 0 {
		t.Errorf("a new turn keeps the last turn's charges %v", b.Charges)
	}
}

// atBalaclava is the Russian right wing's card turned up, under fog of war:
// Menshikov, its wing commander, in sight with the Vladimir Regiment; under
// him Kiryakov's brigade, hidden, the Don Battery and the Tarutino
// Regiment; and Liprandi's brigade in sight, the Odessa Regiment, moved.
// edit sets the turn's moves so far.
func atBalaclava(edit func(b *Board)) *Board {
	hidden := rules.Sight{Hidden: true}
	b := &Board{Turn: 1, Drawn: 1, Deck: []Card{{Russian, RightWing}, {Russian, FreeMove}, {Allied, LeftWing}},
		Officers: []Officer{
			{Name: "Menshikov", Side: Russian, Rank: WingCommander, Wing: RightWing, Orders: 3, Player: "anne"},
			{Name: "Kiryakov", Side: Russian, Rank: BrigadeOfficer, Superior: "Menshikov", Orders: 5, Player: "abel", Sight: hidden},
			{Name: "Liprandi", Side: Russian, Rank: BrigadeOfficer, Superior: "Menshikov", Orders: 3, Player: "lev"},
		},
		Units: []Unit{
			{Name: "Vladimir Regiment", Side: Russian, Officer: "Menshikov", Stands: 8},
			{Name: "Don Battery", Side: Russian, Officer: "Kiryakov", Stands: 2, Sight: hidden},
			{Name: "Tarutino Regiment", Side: Russian, Officer: "Kiryakov", Stands: 6, Sight: hidden},
			{Name: "Odessa Regiment", Side: Russian, Officer: "Liprandi", Stands: 6, Moved: true},
		}}
	if edit != nil {
		edit(b)
	}
	return b
}

// leftWing puts Gorchakov's Russian left wing in sight, the Uglitz
// Regiment, unmoved.
func leftWing(b *Board) {
	b.Officers = append(b.Officers, Officer{Name: "Gorchakov", Side: Russian, Rank: WingCommander, Wing: LeftWing, Orders: 3, Player: "gor"})
	b.Units = append(b.Units, Unit{Name: "Uglitz Regiment", Side: Russian, Officer: "Gorchakov", Stands: 4})
}

// moved marks the units called names moved this turn.
func moved(b *Board, names ...string) {
	for i := range b.Units {
		if slices.Contains(names, b.Units[i].Name) {
			b.Units[i].Moved = true
		}
	}
}

// moverNames are the names of the officers b's card waits on under fog of war.
func moverNames(b *Board) []string {
	var out []string
	for _, o := range b.Movers(true) {
		out = append(out, o.Name)
	}
	return out
}

// C2, C3 under fog of war: the card waits on its command's officers while
// a unit of it has yet to move, but an officer only for the units that
// whoever sees him sees too. A hidden brigade's unmoved units keep its own
// hidden officer waiting, and the umpire, who sees him; never an officer
// the enemy sees, whose being waited on would tell the enemy they are there.
func TestAHiddenBrigadeKeepsOnlyItsOwnOfficerWaiting(t *testing.T) {
	allied := rules.SideReader(string(Allied))
	tests := []struct {
		name string
		b    *Board
		// umpire and enemy are whom the umpire's board and the Allied
		// view wait on; call the umpire's call the enemy's view reads.
		umpire, enemy []string
		call          UmpireCall
	}{
		{"nothing moved yet: the wing commander and both brigadiers, the enemy seeing two of them",
			atBalaclava(nil), []string{"Menshikov", "Kiryakov", "Liprandi"}, []string{"Menshikov", "Liprandi"}, NoCall},
		{"a wing commander whose only unmoved units are a hidden brigade's is not waited on in the enemy's view",
			atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment", "Don Battery") }),
			[]string{"Kiryakov"}, nil, CallDraw},
		{"nor on the umpire's board: only the hidden brigadier is, for his own units",
			atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment") }),
			[]string{"Kiryakov"}, nil, CallDraw},
		{"the hidden brigade has moved, the Vladimir Regiment not: the officers in sight are waited on, alike in every view",
			atBalaclava(func(b *Board) { moved(b, "Don Battery", "Tarutino Regiment") }),
			[]string{"Menshikov", "Kiryakov", "Liprandi"}, []string{"Menshikov", "Liprandi"}, NoCall},
		{"every unit has moved: no one; the umpire turns up the next card",
			atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment", "Don Battery", "Tarutino Regiment") }),
			nil, nil, CallDraw},
		{"the brigade revealed to the Allies alone: the main channel still does not see it, so neither wing commander nor Liprandi waits for it",
			atBalaclava(func(b *Board) {
				moved(b, "Vladimir Regiment")
				for i := range b.Units {
					b.Units[i].RevealTo(string(Allied))
				}
				b.Officers[1].RevealTo(string(Allied))
			}),
			[]string{"Kiryakov"}, []string{"Kiryakov"}, NoCall},
		{"the brigade revealed to all: its unmoved units keep the wing commander waiting, as any of his units do",
			atBalaclava(func(b *Board) {
				moved(b, "Vladimir Regiment")
				for i := range b.Units {
					b.Units[i].RevealAll()
				}
				b.Officers[1].RevealAll()
			}),
			[]string{"Menshikov", "Kiryakov", "Liprandi"}, []string{"Menshikov", "Kiryakov", "Liprandi"}, NoCall},
		{"a hidden unit under an officer in sight keeps no officer in sight waiting (its move is his to order before the card is turned), only the hidden brigadier of its command",
			atBalaclava(func(b *Board) {
				moved(b, "Vladimir Regiment", "Don Battery", "Tarutino Regiment", "Odessa Regiment")
				b.Units = append(b.Units, Unit{Name: "Azov Regiment", Side: Russian, Officer: "Liprandi", Stands: 4, Sight: rules.Sight{Hidden: true}})
			}),
			[]string{"Kiryakov"}, nil, CallDraw},
		{"on a free move, before a unit fixes the command: the hidden brigade's units keep only its officer waiting",
			atBalaclava(func(b *Board) {
				b.Drawn = 2
				moved(b, "Vladimir Regiment", "Don Battery")
			}),
			[]string{"Kiryakov"}, nil, CallDraw},
		{"on a free move the hidden Don Battery's move fixed: the officers in sight of both wings are waited on as if no unit had moved",
			atBalaclava(func(b *Board) {
				b.Drawn = 2
				leftWing(b)
				moved(b, "Don Battery")
				b.Free = "right wing|Don Battery"
			}),
			[]string{"Menshikov", "Kiryakov", "Liprandi", "Gorchakov"}, []string{"Menshikov", "Liprandi", "Gorchakov"}, NoCall},
		{"the same free move before any unit moved: the same officers in sight are waited on",
			atBalaclava(func(b *Board) {
				b.Drawn = 2
				leftWing(b)
			}),
			[]string{"Menshikov", "Kiryakov", "Liprandi", "Gorchakov"}, []string{"Menshikov", "Liprandi", "Gorchakov"}, NoCall},
		{"on a free move the Vladimir Regiment's move fixed, in sight of all: the left wing is no longer waited on",
			atBalaclava(func(b *Board) {
				b.Drawn = 2
				leftWing(b)
				moved(b, "Vladimir Regiment")
				b.Free = "right wing|Vladimir Regiment"
			}),
			[]string{"Kiryakov"}, nil, CallDraw},
	}
	for _, tt := range tests {
		if got := moverNames(tt.b); !slices.Equal(got, tt.umpire) {
			t.Errorf("%s: Movers() = %v, want %v", tt.name, got, tt.umpire)
		}
		enemy := tt.b.View(allied)
		if got := moverNames(enemy); !slices.Equal(got, tt.enemy) {
			t.Errorf("%s: the Allied view's Movers() = %v, want %v", tt.name, got, tt.enemy)
		}
		if got := enemy.UmpireCall(true); got != tt.call {
			t.Errorf("%s: the Allied view's UmpireCall() = %v, want %v", tt.name, got, tt.call)
		}
		// an officer the enemy sees is waited on in its view exactly as on the umpire's board
		var seen []string
		for _, n := range tt.umpire {
			if o, _ := tt.b.Officer(n); o.seenBy(string(Allied)) {
				seen = append(seen, n)
			}
		}
		if !slices.Equal(seen, tt.enemy) {
			t.Errorf("%s: the umpire's board waits on %v of the officers the Allies see, their view on %v", tt.name, seen, tt.enemy)
		}
	}
}

// With fog of war off the battle is played as without it: a brigade placed
// hidden keeps its wing commander waiting, as any of his units do.
func TestWithoutFogEveryUnitKeepsTheCommandWaiting(t *testing.T) {
	b := atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment", "Don Battery") })
	var got []string
	for _, o := range b.Movers(false) {
		got = append(got, o.Name)
	}
	if want := []string{"Menshikov", "Kiryakov", "Liprandi"}; !slices.Equal(got, want) {
		t.Errorf("fog off: Movers(false) = %v, want %v", got, want)
	}
	call, err := b.PassMove("anne", false)
	if err != nil || call {
		t.Errorf("fog off, Menshikov's move passed while his brigadiers are waited on: call %v, %v; want no call", call, err)
	}
}

// Whatever the hidden brigade is, and however far it has moved, the
// officers in sight are waited on alike, and the enemy's view calls the
// umpire alike: Kiryakov's two units, one of them left unmoved, or
// Gorchakov's one, moved.
func TestWhoIsWaitedOnTellsNothingOfAHiddenBrigade(t *testing.T) {
	kiryakov := atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment", "Don Battery") })
	gorchakov := atBalaclava(func(b *Board) {
		moved(b, "Vladimir Regiment")
		b.Officers[1] = Officer{Name: "Gorchakov", Side: Russian, Rank: BrigadeOfficer, Superior: "Menshikov", Calibre: Cautious,
			Orders: 2, Player: "alain", Sight: rules.Sight{Hidden: true}}
		b.Units = slices.Delete(b.Units, 1, 3)
		b.Units = append(b.Units, Unit{Name: "Uglitz Regiment", Side: Russian, Officer: "Gorchakov", Stands: 4, Moved: true, Sight: rules.Sight{Hidden: true}})
	})
	for _, r := range []rules.Reader{rules.SideReader(string(Allied)), rules.Main} {
		k, g := kiryakov.View(r), gorchakov.View(r)
		if !slices.Equal(moverNames(k), moverNames(g)) || k.UmpireCall(true) != g.UmpireCall(true) {
			t.Errorf("View(%v) waits on %v, calls %v with Kiryakov's brigade; on %v, calls %v with Gorchakov's",
				r, moverNames(k), k.UmpireCall(true), moverNames(g), g.UmpireCall(true))
		}
	}
	if moverNames(kiryakov)[0] != "Kiryakov" || gorchakov.UmpireCall(true) != CallDraw {
		t.Errorf("the umpire's boards wait on %v and %v, want Kiryakov alone and then no one", moverNames(kiryakov), moverNames(gorchakov))
	}
}

// A move passed at its deadline (C2): its officers give no more orders on
// the card. When the main channel saw one of them waited on and now sees
// no one, the umpire's call follows at once; a hidden officer's pass
// changes nothing it sees, and the call waits on its own.
func TestAPassedMoveEndsTheOfficersOrdersOnTheCard(t *testing.T) {
	tests := []struct {
		name    string
		b       *Board
		player  string
		passed  []string
		call    bool
		refused bool
	}{
		{"the wing commander's move passed while Liprandi, in sight, is still waited on: no call",
			atBalaclava(nil), "anne", []string{"Menshikov"}, false, false},
		{"the last officer in sight passes: the umpire's call follows",
			atBalaclava(func(b *Board) { moved(b, "Don Battery", "Tarutino Regiment"); b.Officers[2].Orders = 0 }),
			"anne", []string{"Menshikov"}, true, false},
		{"the hidden brigadier passes: the main channel saw nothing of him, the call waits",
			atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment") }), "abel", []string{"Kiryakov"}, false, false},
		{"a player the card does not wait on has no move to pass",
			atBalaclava(func(b *Board) { moved(b, "Vladimir Regiment") }), "anne", nil, false, true},
	}
	for _, tt := range tests {
		call, err := tt.b.PassMove(tt.player, true)
		var breach *rules.Breach
		if tt.refused != errors.As(err, &breach) || !tt.refused && err != nil {
			t.Errorf("%s: PassMove(%q) = %v, refused %v", tt.name, tt.player, err, tt.refused)
			continue
		}
		var passed []string
		for _, o := range tt.b.Officers {
			if o.Passed {
				passed = append(passed, o.Name)
			}
		}
		if !slices.Equal(passed, tt.passed) || call != tt.call {
			t.Errorf("%s: PassMove(%q) passed %v, call %v; want %v, %v", tt.name, tt.player, passed, call, tt.passed, tt.call)
		}
		for _, n := range passed {
			if slices.Contains(moverNames(tt.b), n) {
				t.Errorf("%s: %s is still waited on after his pass", tt.name, n)
			}
		}
	}
}

// A passed officer gives no more orders on the card; the next card turned
// up ends his pass.
func TestAPassedOfficerOrdersAgainOnTheNextCard(t *testing.T) {
	b := atBalaclava(nil)
	if _, err := b.PassMove("anne", true); err != nil {
		t.Fatal(err)
	}
	_, err := b.Move(dicetest.Script(t), MoveOrder{Actor: rules.Actor{User: "anne"}, Unit: "Vladimir Regiment"}, House{})
	if got := breach(t, err); !strings.Contains(got, "was passed") {
		t.Errorf("a passed officer's order: %q, want it refused as passed", got)
	}
	if _, err := b.Draw(); err != nil {
		t.Fatal(err)
	}
	if o, _ := b.Officer("Menshikov"); o.Passed {
		t.Errorf("the next card up: Menshikov still passed")
	}
}
