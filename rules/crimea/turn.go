package crimea

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// NewTurn begins the next turn (C2): the movement deck is shuffled, no card is
// up, and every unit's move, fire losses and brigade movement roll of the last
// turn are cleared, and any charge of it left unresolved. It says how the
// last turn ended. Orders are set next, by SetOrders.
func (b *Board) NewTurn(src dice.Source) TurnEnd {
	end := TurnEnd{Turn: b.Turn, Lapsed: len(b.CombatsDue()), Cut: b.Turn > 0 && b.Drawn < len(b.Deck)}
	b.Turn++
	b.Deck = Shuffle(src)
	b.Drawn, b.Free, b.Rolled, b.Charges = 0, "", nil, nil
	for i := range b.Units {
		b.Units[i].Moved, b.Units[i].LostToFire = false, 0
	}
	b.endPasses()
	return end
}

// A TurnEnd is how a turn ended (NewTurn): its charges left unresolved,
// which lapse, and whether it ended before every card was drawn.
type TurnEnd struct {
	Turn   int
	Lapsed int
	Cut    bool
}

// Said is what the next turn's start says of it: "" when it ended with
// every card drawn and every combat resolved.
func (e TurnEnd) Said() string {
	var s string
	if e.Cut {
		s = fmt.Sprintf("Turn %d ended before every card was drawn. ", e.Turn)
	}
	if e.Lapsed > 0 {
		s += fmt.Sprintf("Turn %d ended with %s unresolved: they lapse. ", e.Turn, rules.Plural(e.Lapsed, "charge", "charges"))
	}
	return s
}

// A TurnStart is the orders a turn's start set (SetOrders): the steps that
// set each officer's.
type TurnStart struct {
	Turn int
	// steps are the steps that set each officer's orders, by his name
	// (none when his calibre alone gave them).
	steps  map[string][]rules.Step
	morale MoraleRule
}

// SetOrders sets every officer's orders for the turn (C3): by calibre, a rash
// officer testing officer morale for five, an indolent one testing whether he
// moves at all, none for the wounded and the dead.
func (b *Board) SetOrders(src dice.Source, h House) (TurnStart, error) {
	t := TurnStart{Turn: b.Turn, steps: map[string][]rules.Step{}, morale: h.Morale}
	officers := append([]Officer(nil), b.Officers...)
	for i := range officers {
		o := &officers[i]
		steps, n, err := TurnOrders(src, o.state(), h.Morale)
		if err != nil {
			return TurnStart{}, err
		}
		o.Orders, o.Stays = n, false
		if o.Calibre == Indolent && !o.Dead && !o.Wounded {
			step, moves, err := IndolentMove(src, o.state(), h.Morale)
			if err != nil {
				return TurnStart{}, err
			}
			steps = append(steps, step)
			o.Stays = !moves
		}
		if len(steps) > 0 {
			t.steps[o.Name] = steps
		}
	}
	b.Officers = officers
	return t, nil
}

// Ruling is the turn's start as the board v tells it: v is the board after
// it as its reader knows it (View), and the ruling has the steps of the
// officers on v alone, in its roster's order, so that it says nothing of
// those its reader has not seen.
func (t TurnStart) Ruling(v *Board) rules.Ruling {
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Turn %d: the movement deck is shuffled", t.Turn),
		Readings: []rules.Reading{ReadingC2}}
	for _, o := range v.Officers {
		r.Steps = append(r.Steps, t.steps[o.Name]...)
	}
	if len(r.Steps) > 0 {
		r.Readings = append(r.Readings, ReadingC5(t.morale), ReadingC1)
	}
	r.Result = fmt.Sprintf("Turn %d begins: eight cards in the deck, every officer's orders set. The umpire draws with `/turn next`.", t.Turn)
	return r
}

// Draw turns up the next card of the movement deck (C2).
func (b *Board) Draw() (Card, error) {
	switch {
	case b.Turn == 0:
		return Card{}, rules.Breachf("No turn has started yet. The umpire shuffles the movement deck with `/turn new`.")
	case b.Drawn >= len(b.Deck):
		return Card{}, rules.Breachf("All eight cards of turn %d are drawn. Start the next turn with `/turn new`.", b.Turn)
	}
	b.Drawn++
	b.Free = ""
	b.endPasses()
	return b.Deck[b.Drawn-1], nil
}

// Moment is where the turn stands: a key that changes exactly when the turn
// moves on ("3.5": turn 3, five cards drawn) and the same for players.
func (b *Board) Moment() rules.Moment {
	m := rules.Moment{Turn: b.Turn, Key: fmt.Sprintf("%d.%d", b.Turn, b.Drawn)}
	switch {
	case b.Turn == 0:
		m.Text = "the set-up, before turn 1"
	case b.Drawn == 0:
		m.Text = fmt.Sprintf("turn %d, before its first card", b.Turn)
	default:
		m.Text = fmt.Sprintf("turn %d, card %d of %d", b.Turn, b.Drawn, len(b.Deck))
	}
	return m
}

// TurnText is the turn and the cards drawn in it, the one up last; before the
// first turn, that the umpire starts it.
func (b *Board) TurnText() string {
	if b.Turn == 0 {
		return "Not started: the umpire shuffles the movement deck with `/turn new`."
	}
	turn := fmt.Sprintf("Turn %d — %d of 8 cards drawn, %d left.", b.Turn, b.Drawn, len(b.Deck)-b.Drawn)
	for i, c := range b.Deck[:b.Drawn] {
		turn += fmt.Sprintf("\n%d. %s", i+1, c)
	}
	if c, ok := b.Current(); ok {
		turn += "\nNow: " + c.Moves() + "."
	}
	return turn
}
