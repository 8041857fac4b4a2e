package commands_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// stalling is a Redis store whose next update, once armed, stalls: Redis
// applies its write, but the answer comes too late for the referee, which
// is left not knowing (state.ErrIndeterminate), as when Redis hangs after
// taking the write.
type stalling struct {
	battle.Store
	armed atomic.Bool
}

func (s *stalling) UpdateLog(ctx context.Context, channel, id string, fn state.LogUpdateFunc) (state.Applied, error) {
	applied, err := s.Store.UpdateLog(ctx, channel, id, fn)
	if err == nil && s.armed.CompareAndSwap(true, false) {
		return state.Applied{}, fmt.Errorf("update %s: %w", channel, state.ErrIndeterminate)
	}
	return applied, err
}

// TestStalledWriteRedrawsTurn: a count called while Redis stalls on its
// write is answered "may have been recorded", and its turn message edit is
// lost with the answer; once the store is settled as having applied it, the
// follow-up says so and the turn message is edited, once, to show the
// battle as it now stands.
func TestStalledWriteRedrawsTurn(t *testing.T) {
	redis, err := redisstore.Open(context.Background(), redistest.StartLocal(t).URL(), redisstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { redis.Close() })
	store := &stalling{Store: redis}
	tb := commandstest.Discord(t, commandstest.Store(store))
	tb.Public(gjUmpire, "game start", discordtest.Opt("ruleset", gj.ID))
	tb.Public(gjUmpire, "greenjackets roster import", discordtest.Opt("text",
		"character: Lt Sharpe | officer | British | veteran | british\ncharacter: Capt Dubois | officer | French | veteran | french\n"))
	tb.Turned(func() *discordtest.Sent { return tb.D.Slash(gjUmpire, tb.Channel, "turn new") })
	tb.Delivered() // the turn message recorded
	before := tb.TurnMessage()

	store.armed.Store(true)
	sent := tb.D.Slash(gjUmpire, tb.Channel, "turn next")
	sent.Wait(t, "the answer \"may have been recorded\"", func(r discordtest.Reply) bool {
		return strings.Contains(commandstest.Texts(r.Ephemeral()), "may have been recorded")
	})
	if now := tb.TurnMessage(); now.Edits != before.Edits {
		t.Fatalf("the turn message was edited (%d edits, %d before) though the answer was lost", now.Edits, before.Edits)
	}
	sent.Wait(t, "the follow-up with the truth", func(r discordtest.Reply) bool {
		return strings.Contains(commandstest.Texts(r.Followups), "The battle store has answered: `/turn next` was recorded")
	})
	tb.Delivered()

	after := tb.TurnMessage()
	if after.ID != before.ID || after.Edits != before.Edits+1 {
		t.Errorf("turn message %s with %d edits after the settle; want %s edited once more than its %d", after.ID, after.Edits, before.ID, before.Edits)
	}
	view, err := tb.Service.RedrawTurn(context.Background(), tb.Channel, "check")
	if err != nil || view == nil {
		t.Fatalf("RedrawTurn = %+v, %v", view, err)
	}
	if want := view.Message.Embeds[0].Description; !strings.Contains(after.Text(), want) || strings.Contains(before.Text(), want) {
		t.Errorf("the turn message after the settle reads\n%s\nwant it to show the battle as stored:\n%s", after.Text(), want)
	}
	t.Logf("before the stall:\n%s\nafter the settle:\n%s", before.Text(), after.Text())
}
