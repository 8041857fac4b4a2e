package crimea_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/crimea"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/timer"
	rc "github.com/referee-bot/referee/rules/crimea"
)

// quiet is a timer.Sender that delivers nothing.
type quiet struct{}

func (quiet) Send(context.Context, string, interaction.Message) error  { return nil }
func (quiet) DM(context.Context, string, interaction.Message) error    { return nil }
func (quiet) ShowTurn(context.Context, *interaction.TurnMessage) error { return nil }

// Moves whose deadline passes on the last card of the turn are passed, one
// at each firing; the last leaves the card waiting on no one, and it ends
// as the umpire would end it: the deck is drawn, so the next turn begins
// (C2), and no move is left waiting on a card that cannot be followed.
func TestADeadlineOnTheLastCardBeginsTheNextTurn(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	h := harness{commandstest.New(t, commandstest.Seed(4), commandstest.Clock(clock))}
	setUp(h)
	h.OK(umpire, "game deadline", "move", "1h", "expire", "pass")
	h.Public(umpire, "turn new")
	commandstest.Edit(h.Harness, "c1", func(b *crimea.Board) {
		b.Drawn = len(b.Deck) - 1
		b.Deck[b.Drawn] = rc.Card{Side: rc.Allied, Command: rc.FreeMove}
	})
	h.Public(umpire, "turn next") // the last card: the Allies move, and do not
	mu.Lock()
	now = now.Add(time.Hour + time.Minute)
	mu.Unlock()
	tm := &timer.Timer{Battles: h.Service, Sender: quiet{}}
	if n, err := tm.Tick(context.Background()); err != nil || n == 0 {
		t.Fatalf("Tick past the deadline = %d, %v; want the first move passed", n, err)
	}
	if b := h.board(); b.Turn != 1 || !b.Officers[0].Passed || b.Officers[1].Passed {
		t.Fatalf("the first firing: turn %d, Raglan passed %v, Lucan %v; want Lord Raglan's move alone passed",
			b.Turn, b.Officers[0].Passed, b.Officers[1].Passed)
	}
	if n, err := tm.Tick(context.Background()); err != nil || n == 0 {
		t.Fatalf("the next Tick = %d, %v; want the second move passed", n, err)
	}
	if b := h.board(); b.Turn != 2 || b.Drawn != 0 {
		t.Errorf("past the deadline on the last card: turn %d, %d cards drawn; want turn 2 begun", b.Turn, b.Drawn)
	}
}
