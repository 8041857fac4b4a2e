package crimea

import (
	"encoding/json"
	"testing"

	"github.com/referee-bot/referee/rules/dice"
)

// Every board ValidateBoard accepts is written back as one it accepts, the
// same byte for byte, and no order given on it panics; an order it carries
// out leaves a board ValidateBoard still accepts.
func FuzzValidateBoard(f *testing.F) {
	f.Add([]byte(storedBoard))
	for _, b := range []*Board{balaclava(), inTurn(Card{Side: Allied, Command: CavalryC})} {
		raw, err := json.Marshal(b)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`{"turn":0}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := ValidateBoard(raw)
		if err != nil {
			return
		}
		out, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("an accepted board does not encode: %v", err)
		}
		again, err := ValidateBoard(out)
		if err != nil {
			t.Fatalf("the board written back is refused: %v\n%s", err, out)
		}
		if third, _ := json.Marshal(again); string(third) != string(out) {
			t.Fatalf("the board written back differs:\n%s\n%s", out, third)
		}
		b.Moment()
		b.TurnText()
		b.AllowanceLines()
		for _, side := range b.Sides() {
			b.Unseen(side)
		}
		src := dice.NewStream([]byte("fuzz"), 1)
		// order gives one order on a fresh copy of the accepted board and
		// checks what it leaves when it is carried out.
		order := func(what string, give func(b *Board) error) {
			b, err := ValidateBoard(raw)
			if err != nil {
				t.Fatal(err)
			}
			if give(b) != nil {
				return
			}
			if err := b.Validate(); err != nil {
				t.Fatalf("%s leaves a board refused: %v\n%s", what, err, raw)
			}
		}
		// A few of each is every kind of pair; all of a full roster would
		// be thousands of orders an input.
		units, officers := b.Units[:min(len(b.Units), 4)], b.Officers[:min(len(b.Officers), 4)]
		for _, u := range units {
			for _, o := range officers {
				order("a morale test", func(b *Board) error {
					_, _, err := b.Morale(src, MoraleOrder{Actor: umpire, Unit: u.Name}, House{})
					return err
				})
				order("a move", func(b *Board) error {
					_, err := b.Move(src, MoveOrder{Actor: umpire, Unit: u.Name, Officer: o.Name}, House{})
					return err
				})
				order("a ride", func(b *Board) error {
					_, _, err := b.Ride(src, RideOrder{Actor: umpire, Officer: o.Name, Units: []string{u.Name}}, House{})
					return err
				})
			}
			for _, v := range units {
				order("a fire", func(b *Board) error {
					_, err := b.Fire(src, FireOrder{Actor: umpire, Unit: u.Name, Target: v.Name})
					return err
				})
				order("a close combat", func(b *Board) error {
					_, err := b.Combat(src, CombatOrder{Actor: umpire, Attacker: u.Name, Defender: v.Name}, House{})
					return err
				})
			}
		}
		for _, o := range officers {
			order("an officer's morale test", func(b *Board) error {
				_, _, err := b.Morale(src, MoraleOrder{Actor: umpire, Officer: o.Name}, House{})
				return err
			})
		}
		order("a draw", func(b *Board) error {
			_, err := b.Draw()
			return err
		})
		order("a new turn", func(b *Board) error {
			b.NewTurn(src)
			_, err := b.SetOrders(src, House{})
			return err
		})
	})
}
