package greenjackets_test

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// The move a deadline waits on is the count called (G2): its holder acts at
// it or holds back. Passing it does what he would: he acts, and ends his
// move at once with his AP unspent (`/act`, then `/greenjackets pass`). A
// holder who held back is waited on no more once the next count is called;
// once no holder is due, the umpire is, to call the next count.
func TestDeadlinesWaitOnTheCountCalled(t *testing.T) {
	tb := newTable(t)
	setUpRoster(t, tb)
	tb.OK(umpire, "game deadline", "move", "12h")
	tb.OK(umpire, "turn new")
	rs := greenjackets.New()
	called := func() *gj.Character {
		t.Helper()
		b := commandstest.Board[greenjackets.Board](t, tb.game())
		calls := gj.Calls(b.Turn.Suits)
		for _, c := range b.Characters {
			if c.Card != nil && b.Turn.Pos >= 0 && *c.Card == calls[b.Turn.Pos] {
				return c
			}
		}
		return nil
	}
	var holder *gj.Character
	for holder == nil {
		tb.OK(umpire, "turn next")
		holder = called()
	}
	waits, err := rs.Waiting(tb.game())
	if err != nil || len(waits) != 1 || waits[0].User != players[holder.Name].ID || !strings.Contains(waits[0].What, "act with "+holder.Name) {
		t.Fatalf("Waiting at the count of %s = %+v, %v", holder.Name, waits, err)
	}
	if p := tb.game().Pace.Pending; len(p) != 1 || p[0].User != players[holder.Name].ID {
		t.Errorf("pending = %+v, want %s's move", p, holder.Name)
	}

	resp, err := tb.Service.Change(t.Context(), tb.Request(channel, umpire, "deadline"), func(tx *battle.Tx) (interaction.Response, error) {
		return rs.Pass(tx, players[holder.Name].ID)
	})
	if err != nil {
		t.Fatalf("Pass: %v", err)
	}
	if s := commandstest.Text(resp); !strings.Contains(s, "acts at count") || !strings.Contains(s, "ends his move with") {
		t.Errorf("Pass said:\n%s", s)
	}
	b := commandstest.Board[greenjackets.Board](t, tb.game())
	if c := b.Character(holder.Name); c.State != greenjackets.Acted || c.AP != 0 {
		t.Errorf("after the pass %s is %s with %d AP, want acted with none", c.Name, c.State, c.AP)
	}
	if waits, _ := rs.Waiting(tb.game()); len(waits) != 1 || waits[0].User != tb.game().Umpire || !waits[0].Call {
		t.Errorf("after the pass the battle waits on %+v, want the umpire's call of the next count", waits)
	}
}
