package crimea

import (
	"fmt"
	"slices"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A Command is what a movement card moves.
type Command string

// Commands on the cards.
const (
	RightWing Command = "right wing"
	LeftWing  Command = "left wing"
	CavalryC  Command = "cavalry"
	FreeMove  Command = "free move"
)

// Wings are the commands a wing commander can hold.
var Wings = []Command{RightWing, LeftWing, CavalryC}

// NoWing is the word for leading no wing, the command "".
const NoWing = "none"

// WingsOrNone are the wings, and NoWing.
var WingsOrNone = append(slices.Clone(Wings), NoWing)

// ParseWing reads the command an officer leads: one of Wings, or NoWing,
// which is "".
func ParseWing(s string) (Command, error) {
	c, err := parse(s, "A wing", WingsOrNone)
	if c == NoWing {
		c = ""
	}
	return c, err
}

// A Card is one card of the movement deck.
type Card struct {
	Side    Side    `json:"side"`
	Command Command `json:"command"`
}

func (c Card) String() string { return fmt.Sprintf("%s %s", c.Side, c.Command) }

// Deck is the movement deck (Pre-game Preparation; C2).
var Deck = []Card{
	{Allied, RightWing}, {Allied, LeftWing}, {Allied, CavalryC}, {Allied, FreeMove},
	{Russian, RightWing}, {Russian, LeftWing}, {Russian, CavalryC}, {Russian, FreeMove},
}

// ReadingC2 is the turn reading.
var ReadingC2 = rules.Reading{ID: "C2", Text: "the eight-card movement deck is shuffled at the start of each turn and drawn one card at a time; the drawn command moves, and a free move lets that side move any one command of its choice"}

// Shuffle returns the deck in a fresh order (Fisher–Yates through the source).
func Shuffle(src dice.Source) []Card {
	d := append([]Card(nil), Deck...)
	for i := len(d) - 1; i > 0; i-- {
		j := src.Roll(i+1) - 1
		d[i], d[j] = d[j], d[i]
	}
	return d
}

// Moves says what a drawn card lets move.
func (c Card) Moves() string {
	if c.Command == FreeMove {
		return fmt.Sprintf("the %s side moves any one command of its choice", c.Side)
	}
	return fmt.Sprintf("the %s %s moves", c.Side, c.Command)
}
