package greenjackets

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// Suit is a card's suit, ranked from the highest (G1: spades > hearts > diamonds > clubs).
type Suit int

// Suits, highest first.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

var suitNames = [...]string{"spades", "hearts", "diamonds", "clubs"}
var suitSymbols = [...]string{"♠", "♥", "♦", "♣"}

func (s Suit) String() string { return suitNames[s] }

// MaxCharacters is how many characters four suits can deal to (G1).
const MaxCharacters = 24

// A Card is one action-point card, Ace (1) to 6 (section 4).
type Card struct {
	Rank int  `json:"rank"`
	Suit Suit `json:"suit"`
}

// RankName is "Ace" for 1 and the number otherwise.
func RankName(rank int) string {
	if rank == 1 {
		return "Ace"
	}
	return fmt.Sprint(rank)
}

// String is "6 of spades".
func (c Card) String() string { return RankName(c.Rank) + " of " + c.Suit.String() }

// Short is "6♠".
func (c Card) Short() string {
	r := RankName(c.Rank)
	if c.Rank == 1 {
		r = "A"
	}
	return r + suitSymbols[c.Suit]
}

// SuitsFor is how many suits a deal to n characters uses (G1): one up to 6, two up
// to 12, and (the referee's addition) three up to 18, four up to 24.
func SuitsFor(n int) (int, []rules.Reading, error) {
	switch {
	case n < 1:
		return 0, nil, rules.Breachf("There are no living characters to deal to: add an officer, NCO or hero first.")
	case n > MaxCharacters:
		return 0, nil, rules.Breachf("%d characters are more than four suits can deal to (at most %d).", n, MaxCharacters)
	}
	suits := (n + 5) / 6
	var rd []rules.Reading
	if suits > 2 {
		rd = append(rd, reading("G1"))
	}
	return suits, rd, nil
}

// Deal deals one card to each of n characters from a deck of Ace–6 in the suits
// G1 calls for, shuffled with a Fisher–Yates shuffle drawn from src (so the deal is
// recorded with the game's dice and can be recomputed from the revealed seed).
// Card i goes to character i.
func Deal(src dice.Source, n int) ([]Card, int, error) {
	suits, _, err := SuitsFor(n)
	if err != nil {
		return nil, 0, err
	}
	deck := make([]Card, 0, 6*suits)
	for s := range suits {
		for r := 6; r >= 1; r-- {
			deck = append(deck, Card{Rank: r, Suit: Suit(s)})
		}
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := src.Roll(i+1) - 1
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck[:n], suits, nil
}

// Calls is the count-down for a deal in the given number of suits (G2): 6 of
// each suit from the highest, then 5 of each, … down to Ace.
func Calls(suits int) []Card {
	out := make([]Card, 0, 6*suits)
	for r := 6; r >= 1; r-- {
		for s := range suits {
			out = append(out, Card{Rank: r, Suit: Suit(s)})
		}
	}
	return out
}

// CallIndex is where a card is called in the count-down (0 first).
func CallIndex(c Card, suits int) int { return (6-c.Rank)*suits + int(c.Suit) }

// CallName names a count for the table: "5" with one suit, "5 of hearts" with more.
func CallName(c Card, suits int) string {
	if suits == 1 {
		return RankName(c.Rank)
	}
	return c.String()
}

// ActAt is how many AP a holder of card has when he acts at the count reached
// (G2): the card's value when called, the count's value when he delayed, and 1
// once the count has passed Ace (pos ≥ len(Calls)). It is a breach to act before
// one's card is called.
func ActAt(card Card, suits, pos int) (int, error) {
	calls := Calls(suits)
	switch {
	case pos < 0:
		return 0, rules.Breachf("The count has not started: the umpire calls it with /turn next.")
	case pos >= len(calls):
		return 1, nil
	case pos < CallIndex(card, suits):
		return 0, rules.Breachf("Your card has not been called yet: you act when the count reaches it (or later, if you delay).")
	}
	return calls[pos].Rank, nil
}

// DealForm is what a deal's commitment hashes (rules.Commit): the turn
// number, the cards in dealing order and a salt. Revealing the salt when the
// turn ends lets anyone check the deal.
func DealForm(turn int, deal []Card, salt string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "greenjackets deal v1|turn %d|", turn)
	for _, c := range deal {
		b.WriteString(c.Short())
		b.WriteByte('|')
	}
	b.WriteString(salt)
	return b.String()
}

// Commitment is the published commitment to a deal: the hex SHA-256 of its
// DealForm.
func Commitment(turn int, deal []Card, salt string) string {
	return rules.Commit(DealForm(turn, deal, salt))
}

// CommandCost is the AP one action costs a squad d inches from its officer (G4):
// 1 within 6", plus 1 for each 6" or part beyond.
func CommandCost(d float64) (int, error) {
	if d < 0 {
		return 0, rules.Breachf("A distance cannot be negative.")
	}
	if d <= 6 {
		return 1, nil
	}
	extra := int((d - 6) / 6)
	if float64(extra)*6 < d-6 {
		extra++
	}
	return 1 + extra, nil
}

// Spend takes cost AP from have, or says why it cannot (G3).
func Spend(have, cost int, what string) (int, error) {
	if cost > have {
		return have, rules.Breachf("%s costs %s but only %s remain.", what, rules.Plural(cost, "AP", "AP"), rules.Plural(have, "AP", "AP"))
	}
	return have - cost, nil
}
