package crimea

import (
	"fmt"
	"slices"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// NewTurn begins the next turn (C2): the movement deck is shuffled, no card is
// up, and every unit's move, fire losses and brigade movement roll of the last
// turn are cleared, and any charge of it left unresolved. Cut reports that the last turn ended before its every card
// was drawn. Orders are set next, by SetOrders.
func (b *Board) NewTurn(src dice.Source) (cut bool) {
	cut = b.Turn > 0 && b.Drawn < len(b.Deck)
	b.Turn++
	b.Deck = Shuffle(src)
	b.Drawn, b.Free, b.Rolled, b.Charges = 0, "", nil, nil
	for i := range b.Units {
		b.Units[i].Moved, b.Units[i].LostToFire = false, 0
	}
	return cut
}

// SetOrders sets every officer's orders for the turn (C3): by calibre, a rash
// officer testing officer morale for five, an indolent one testing whether he
// moves at all, none for the wounded and the dead.
func (b *Board) SetOrders(src dice.Source, h House) (rules.Ruling, error) {
	r := rules.Ruling{Ruleset: ID, Title: fmt.Sprintf("Turn %d: the movement deck is shuffled", b.Turn),
		Readings: []rules.Reading{ReadingC2}}
	officers := append([]Officer(nil), b.Officers...)
	for i := range officers {
		o := &officers[i]
		steps, n, err := TurnOrders(src, o.state(), h.Morale)
		if err != nil {
			return rules.Ruling{}, err
		}
		r.Steps = append(r.Steps, steps...)
		o.Orders, o.Stays = n, false
		if o.Calibre == Indolent && !o.Dead && !o.Wounded {
			step, moves, err := IndolentMove(src, o.state(), h.Morale)
			if err != nil {
				return rules.Ruling{}, err
			}
			r.Steps = append(r.Steps, step)
			o.Stays = !moves
		}
	}
	b.Officers = officers
	if len(r.Steps) > 0 {
		r.Readings = append(r.Readings, ReadingC5(h.Morale), ReadingC1)
	}
	r.Result = fmt.Sprintf("Turn %d begins: eight cards in the deck, every officer's orders set. The umpire draws with `/turn next`.", b.Turn)
	return r, nil
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

// OutOfSight parts the officers: those the main channel sees, and under fog
// of war (fogged) those out of its sight (Unseen("")), whose orders are
// told apart.
func (b *Board) OutOfSight(fogged bool) (seen, hidden []Officer) {
	unseen := map[string]bool{}
	if fogged {
		for _, n := range b.Unseen("") {
			unseen[n] = true
		}
	}
	for _, o := range b.Officers {
		if unseen[o.Name] {
			hidden = append(hidden, o)
		} else {
			seen = append(seen, o)
		}
	}
	return seen, hidden
}

// SplitSteps parts the steps of the turn's orders: those for the officers
// named in hidden, and the others.
func SplitSteps(steps []rules.Step, hidden []Officer) (others, theirs []rules.Step) {
	for _, st := range steps {
		if slices.ContainsFunc(hidden, func(o Officer) bool { return strings.HasPrefix(st.What, o.Name+" (") }) {
			theirs = append(theirs, st)
		} else {
			others = append(others, st)
		}
	}
	return others, theirs
}
