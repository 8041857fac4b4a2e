package greenjackets

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A DealOutcome is a new turn: its number, the suits and who was dealt a card.
type DealOutcome struct {
	Turn, Suits int
	Dealt       []*Character
}

// NewTurn deals every living character a card (G1) with a Fisher–Yates shuffle
// drawn from src, and commits to the deal.
func (b *Board) NewTurn(src dice.Source) (DealOutcome, error) {
	return atomically(b, func(b *Board) (DealOutcome, error) {
		if b.Running() {
			return DealOutcome{}, rules.Breachf("Turn %d is still being played: call the count down to its end with `/turn next` first.", b.Turn.Number)
		}
		var living []*Character
		for _, c := range b.Characters {
			c.Card, c.State, c.AP, c.Spent, c.Spotted = nil, "", 0, 0, nil
			if !c.Dead {
				living = append(living, c)
			}
		}
		cards, suits, err := Deal(src, len(living))
		if err != nil {
			return DealOutcome{}, err
		}
		salt := rules.Salt(src)
		n := b.Turn.Number + 1
		b.Turn = Turn{Number: n, Suits: suits, Pos: -1, Salt: salt, Commitment: Commitment(n, cards, salt)}
		for i, c := range living {
			card := cards[i]
			c.Card, c.State = &card, Waiting
			b.Turn.Deal = append(b.Turn.Deal, c.Name)
		}
		for _, s := range b.Squads {
			s.Moved = 0
		}
		return DealOutcome{Turn: n, Suits: suits, Dealt: living}, nil
	})
}

// A CountOutcome is the count called by NextCount.
type CountOutcome struct {
	// Unspent are the moves that ended with AP unspent, each with the AP left.
	Unspent []Unspent
	// Call is the count called (nil once the count has passed Ace); Called its holders yet to act.
	Call   *Card
	Called []*Character
	// Late are those who had not acted when the count passed Ace: they act now, 1 AP each.
	Late []*Character
	// Ended: the turn is over, and the deal is revealed.
	Ended bool
}

// An Unspent move is one that ended with AP left.
type Unspent struct {
	Name string
	AP   int
}

// NextCount calls the next count (G2). The holder of the count may go on the
// move; after Ace, everyone who has not acted acts with 1 AP; then the turn
// ends. Under fog of war (fog) a character may hold back past the Ace
// unseen, and what the umpire's call does must not tell of him: past Ace the
// count stops even when no one is late, and those late are not put on the
// move by it but act each in his own move (Act), as the holder of a count
// does; the next call ends the turn.
func (b *Board) NextCount(fog bool) (CountOutcome, error) {
	return atomically(b, func(b *Board) (CountOutcome, error) {
		var out CountOutcome
		t := &b.Turn
		switch {
		case t.Number == 0:
			return out, rules.Breachf("No cards are dealt yet: deal with `/turn new`.")
		case t.Ended:
			return out, rules.Breachf("Turn %d is over: deal the next with `/turn new`.", t.Number)
		}
		for _, n := range t.Order {
			if c := b.Character(n); c != nil {
				if c.AP > 0 {
					out.Unspent = append(out.Unspent, Unspent{c.Name, c.AP})
				}
				c.State, c.AP = Acted, 0
			}
		}
		t.Order = nil
		calls := Calls(t.Suits)
		t.Pos++
		if call, holders, ok := b.Called(); ok {
			out.Call, out.Called = &call, holders
			return out, nil
		}
		if t.Pos == len(calls) {
			out.Late = b.Late()
			if !fog {
				for _, c := range out.Late {
					b.startMove(c, 1)
				}
			}
			if len(out.Late) > 0 || fog {
				return out, nil
			}
		}
		out.Ended, t.Ended, t.Pos = true, true, len(calls)+1
		for _, c := range b.Characters {
			c.State, c.AP = Acted, 0
		}
		return out, nil
	})
}

// Called is the count called and its holders who have neither acted nor
// held back; ok is false before the first count and once it has passed Ace.
func (b *Board) Called() (call Card, holders []*Character, ok bool) {
	t := b.Turn
	calls := Calls(t.Suits)
	if t.Pos < 0 || t.Pos >= len(calls) {
		return Card{}, nil, false
	}
	for _, c := range b.Characters {
		if c.Card != nil && *c.Card == calls[t.Pos] && c.State == Waiting && !c.Dead {
			holders = append(holders, c)
		}
	}
	return calls[t.Pos], holders, true
}

// Late are the characters who have not acted once the count has passed
// Ace, in the order of their cards: they act last, with 1 AP (G2). None
// before it.
func (b *Board) Late() []*Character {
	t := b.Turn
	if t.Ended || t.Pos != len(Calls(t.Suits)) {
		return nil
	}
	var late []*Character
	for _, c := range b.Characters {
		if c.State == Waiting && !c.Dead && c.Card != nil {
			late = append(late, c)
		}
	}
	slices.SortFunc(late, func(x, y *Character) int { return CallIndex(*x.Card, t.Suits) - CallIndex(*y.Card, t.Suits) })
	return late
}

// OnTheMove are the characters on the move, in the order they go.
func (b *Board) OnTheMove() []*Character {
	var out []*Character
	for _, n := range b.Turn.Order {
		if c := b.Character(n); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// Standing are the characters yet to act and those who have acted, never a
// card; none once the turn is over.
func (b *Board) Standing() (waiting, acted []*Character) {
	if b.Turn.Ended {
		return nil, nil
	}
	for _, c := range b.Characters {
		switch c.State {
		case Waiting:
			waiting = append(waiting, c)
		case Acted:
			acted = append(acted, c)
		}
	}
	return waiting, acted
}

func (b *Board) startMove(c *Character, ap int) {
	c.State, c.AP, c.Spent = OnMove, ap, 0
	b.Turn.Order = append(b.Turn.Order, c.Name)
}

// A Reveal is the deal of a finished turn, in dealing order, and whether it
// matches the commitment published when it was dealt.
type Reveal struct {
	Holders []string
	Cards   []Card
	Matches bool
}

// Revealed is the turn's deal as it can be shown once the turn is over.
func (b *Board) Revealed() Reveal {
	var r Reveal
	for _, n := range b.Turn.Deal {
		if c := b.Character(n); c != nil && c.Card != nil {
			r.Holders, r.Cards = append(r.Holders, c.Name), append(r.Cards, *c.Card)
		}
	}
	r.Matches = Commitment(b.Turn.Number, r.Cards, b.Turn.Salt) == b.Turn.Commitment
	return r
}

// An ActOutcome is a character going on the move.
type ActOutcome struct {
	Char *Character
	AP   int
	// HeldBack: he delayed and acts at a later count, ahead of its holder.
	HeldBack bool
	// AfterAce: the count has passed Ace.
	AfterAce bool
}

// Holders lists the characters actor a holds cards for: his own, and for the
// umpire those no player holds.
func (b *Board) Holders(a rules.Actor) []*Character {
	var out []*Character
	for _, c := range b.Characters {
		if c.Card != nil && !c.Dead && ((c.Player != "" && c.Player == a.User) || (c.Player == "" && a.Umpire)) {
			out = append(out, c)
		}
	}
	return out
}

// Act puts actor a's character on the move (G2): at his card's count, or later
// when he delayed, with AP equal to the count reached and precedence over the
// holder of that count; after Ace with 1 AP.
func (b *Board) Act(a rules.Actor) (ActOutcome, error) {
	return atomically(b, func(b *Board) (ActOutcome, error) {
		t := &b.Turn
		switch {
		case t.Number == 0:
			return ActOutcome{}, rules.Breachf("No cards are dealt yet: the umpire deals with `/turn new`.")
		case t.Ended:
			return ActOutcome{}, rules.Breachf("Turn %d is over: wait for the umpire to deal the next.", t.Number)
		}
		mine := b.Holders(a)
		if len(mine) == 0 {
			return ActOutcome{}, rules.Breachf("You hold no card this turn: only the holder of a card (or the umpire, for the characters he plays) can act.")
		}
		var c *Character
		var firstErr error
		ap := 0
		for _, x := range mine {
			switch x.State {
			case OnMove:
				return ActOutcome{}, rules.Breachf("It is already %s's move: %s left.", x.Name, rules.Plural(x.AP, "AP", "AP"))
			case Waiting:
				n, err := ActAt(*x.Card, t.Suits, t.Pos)
				if err != nil {
					firstErr = cmp.Or(firstErr, err)
					continue
				}
				if c == nil || CallIndex(*x.Card, t.Suits) < CallIndex(*c.Card, t.Suits) {
					c, ap = x, n
				}
			}
		}
		if c == nil {
			return ActOutcome{}, cmp.Or(firstErr, rules.Breachf("You have already acted this turn."))
		}
		c.State, c.AP, c.Spent = OnMove, ap, 0
		after := t.Pos >= len(Calls(t.Suits))
		out := ActOutcome{Char: c, AP: ap, AfterAce: after, HeldBack: !after && CallIndex(*c.Card, t.Suits) != t.Pos}
		// One who held back has precedence over the holder of the count, unless
		// that one has begun his move; the holder of the count goes after.
		at := len(t.Order)
		if out.HeldBack {
			at = 0
			if len(t.Order) > 0 {
				if front := b.Character(t.Order[0]); front != nil && front.Spent > 0 {
					at = 1
				}
			}
		}
		t.Order = slices.Insert(t.Order, at, c.Name)
		return out, nil
	})
}

// A PassOutcome is a move ended with AP unspent.
type PassOutcome struct {
	Char *Character
	Left int
	// Next is who may go on ("" when no one is on the move).
	Next string
}

// Pass ends the move of actor a's character on the move (the umpire's: the
// first on the move) with his AP unspent.
func (b *Board) Pass(a rules.Actor) (PassOutcome, error) {
	return atomically(b, func(b *Board) (PassOutcome, error) {
		if !b.Running() {
			return PassOutcome{}, rules.Breachf("No turn is being played.")
		}
		for _, n := range b.Turn.Order {
			c := b.Character(n)
			if c != nil && ((c.Player != "" && c.Player == a.User) || (a.Umpire && (c.Player == "" || Same(n, b.Turn.Order[0])))) {
				out := PassOutcome{Char: c, Left: c.AP}
				b.endMove(c)
				if len(b.Turn.Order) > 0 {
					out.Next = b.Turn.Order[0]
				}
				return out, nil
			}
		}
		return PassOutcome{}, rules.Breachf("None of your characters is on the move.")
	})
}

// OwingMorale lists c's squads that must test morale before he acts (G5).
func (b *Board) OwingMorale(c *Character) []*Squad {
	var out []*Squad
	for _, s := range b.SquadsOf(c) {
		if s.owesMorale() {
			out = append(out, s)
		}
	}
	return out
}

// CountName names the count the turn stands at: "5", "5 of hearts", "after
// Ace"; "" before the first count and once the turn is over.
func (b *Board) CountName() string {
	t := b.Turn
	calls := Calls(max(t.Suits, 1))
	switch {
	case t.Number == 0 || t.Ended || t.Pos < 0:
		return ""
	case t.Pos < len(calls):
		return CallName(calls[t.Pos], t.Suits)
	}
	return "after Ace"
}

// TurnTitle names where the turn stands: "Turn 2: count 5".
func (b *Board) TurnTitle() string {
	switch t := b.Turn; {
	case t.Ended:
		return fmt.Sprintf("Turn %d is over", t.Number)
	case t.Pos < 0:
		return fmt.Sprintf("Turn %d", t.Number)
	case t.Pos >= len(Calls(t.Suits)):
		return fmt.Sprintf("Turn %d: the count has passed Ace", t.Number)
	default:
		return fmt.Sprintf("Turn %d: count %s", t.Number, b.CountName())
	}
}

// Moment is where the turn stands now.
func (b *Board) Moment() rules.Moment {
	t := b.Turn
	m := rules.Moment{Turn: t.Number}
	switch {
	case t.Number == 0:
		m.Key, m.Text = "0.0", "before the first turn"
	case t.Ended:
		m.Key, m.Text = fmt.Sprintf("%d.end", t.Number), fmt.Sprintf("the end of turn %d", t.Number)
	case t.Pos < 0:
		m.Key, m.Text = fmt.Sprintf("%d.0", t.Number), fmt.Sprintf("turn %d, before the first count", t.Number)
	case t.Pos >= len(Calls(max(t.Suits, 1))):
		m.Key, m.Text = fmt.Sprintf("%d.ace", t.Number), fmt.Sprintf("turn %d, past Ace", t.Number)
	default:
		m.Key, m.Text = fmt.Sprintf("%d.%d", t.Number, t.Pos+1), fmt.Sprintf("turn %d, count %s", t.Number, b.CountName())
	}
	return m
}
