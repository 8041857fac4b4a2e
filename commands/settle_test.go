package commands_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/timer"
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
	*redisstore.Store
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
	view, err := turnmsg.Redraw(context.Background(), tb.Service, tb.Channel, "check")
	if err != nil || view == nil {
		t.Fatalf("Redraw = %+v, %v", view, err)
	}
	if want := view.Message.Embeds[0].Description; !strings.Contains(after.Text(), want) || strings.Contains(before.Text(), want) {
		t.Errorf("the turn message after the settle reads\n%s\nwant it to show the battle as stored:\n%s", after.Text(), want)
	}
	t.Logf("before the stall:\n%s\nafter the settle:\n%s", before.Text(), after.Text())
}

// redisStalling is a Redis store, closed when t ends, whose next update
// stalls once armed.
func redisStalling(t *testing.T) *stalling {
	t.Helper()
	redis, err := redisstore.Open(context.Background(), redistest.StartLocal(t).URL(), redisstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { redis.Close() })
	return &stalling{Store: redis}
}

// live reports whether any of the message's buttons can still be pressed.
func live(m discordtest.Message) bool {
	for _, b := range m.Buttons() {
		if !b.Disabled {
			return true
		}
	}
	return false
}

// TestStalledFiringIsDeliveredOnceSettled: a deadline passed by the clock
// while Redis stalls on the firing's write is not lost with the firing's
// answer: once the store is settled as having applied it, the channel is
// told that the move was passed, and the turn message shows whose
// activation it now is.
func TestStalledFiringIsDeliveredOnceSettled(t *testing.T) {
	store := redisStalling(t)
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	now := t0
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	tb := commandstest.Discord(t, commandstest.Store(store), commandstest.Clock(clock))
	ump := discordtest.User{ID: "300000000000000010", Name: "Cappetta"}
	bob := discordtest.User{ID: "300000000000000011", Name: "Bob"}
	carol := discordtest.User{ID: "300000000000000012", Name: "Carol"}
	o := discordtest.Opt
	tb.Public(ump, "game start", o("ruleset", "volleyfire"), o("name", "Talavera"))
	tb.Public(ump, "volleyfire-roster unit-add", o("name", "1st Foot"), o("side", "Allies"), o("type", "infantry"), o("bases", 6), o("player", bob))
	tb.Public(ump, "volleyfire-roster unit-add", o("name", "4e Ligne"), o("side", "French"), o("type", "infantry"), o("bases", 6), o("player", carol))
	tb.Public(ump, "game deadline", o("move", "24h"), o("expire", "pass"))
	tb.Public(ump, "volleyfire first", o("side", "Allies"))
	tb.Turned(func() *discordtest.Sent { return tb.D.Slash(ump, tb.Channel, "turn new") })
	tb.Delivered()
	before := tb.TurnMessage()

	rest, err := discord.NewSession(tb.D.Token, tb.D.URL)
	if err != nil {
		t.Fatal(err)
	}
	tm := &timer.Timer{Battles: tb.Service, Sender: &discord.Sender{REST: rest}}
	mu.Lock()
	now = t0.Add(24*time.Hour + time.Minute)
	mu.Unlock()
	store.armed.Store(true)
	if _, err := tm.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	passed := "The deadline of **Bob** has passed"
	if n := containing(tb.D.ChannelMessages(tb.Channel), passed); n != 0 {
		t.Fatalf("the pass was told %d times before the stalled firing was settled", n)
	}
	tb.D.Wait(t, "the pass told once the firing is settled", func() bool {
		return containing(tb.D.ChannelMessages(tb.Channel), passed) == 1
	})
	tb.D.Wait(t, "the turn message redrawn", func() bool { return tb.TurnMessage().Edits > before.Edits })
	after := tb.TurnMessage()
	if after.ID != before.ID || !strings.Contains(after.Text(), "French") || after.Text() == before.Text() {
		t.Errorf("the turn message after the settle reads\n%s\nwant the French activation shown in %s, which read\n%s", after.Text(), before.ID, before.Text())
	}
}

// containing counts the messages whose text contains s.
func containing(ms []discordtest.Message, s string) int {
	n := 0
	for _, m := range ms {
		if strings.Contains(m.Text(), s) {
			n++
		}
	}
	return n
}

// TestStalledNewTurnRetiresTheTurnBefore: a new turn begun while Redis
// stalls on its write posts its turn message only once settled, and the
// turn message before it, still live, then has its buttons disabled, as a
// new turn's posting does.
func TestStalledNewTurnRetiresTheTurnBefore(t *testing.T) {
	store := redisStalling(t)
	tb := commandstest.Discord(t, commandstest.Store(store))
	tb.Public(gjUmpire, "game start", discordtest.Opt("ruleset", "crimea"))
	tb.Public(gjUmpire, "crimea officer-add", discordtest.Opt("name", "Raglan"), discordtest.Opt("side", "Allied"),
		discordtest.Opt("rank", "wing commander"), discordtest.Opt("wing", "left wing"))
	tb.Turned(func() *discordtest.Sent { return tb.D.Slash(gjUmpire, tb.Channel, "turn new") })
	tb.Delivered()
	first := tb.TurnMessage()
	if !live(first) {
		t.Fatalf("turn 1's message has no live buttons:\n%s", first.Text())
	}

	store.armed.Store(true)
	sent := tb.D.Slash(gjUmpire, tb.Channel, "turn new")
	sent.Wait(t, "the follow-up with the truth", func(r discordtest.Reply) bool {
		return strings.Contains(commandstest.Texts(r.Followups), "The battle store has answered: `/turn new` was recorded")
	})
	tb.Delivered()
	ms := tb.TurnMessages()
	if last := ms[len(ms)-1]; last.ID == first.ID || !live(last) || !strings.Contains(last.Text(), "Turn 2") {
		t.Fatalf("after the settle the channel's last turn message reads\n%s\nwant turn 2's, live, posted after %s", last.Text(), first.ID)
	}
	for _, m := range ms[:len(ms)-1] {
		if live(m) {
			t.Errorf("turn message %s, superseded, still has live buttons:\n%s", m.ID, m.Text())
		}
	}
}

// TestStalledEndRetiresTheTurnMessage: a battle ended while Redis stalls
// on the write keeps no turn buttons once the end is settled.
func TestStalledEndRetiresTheTurnMessage(t *testing.T) {
	store := redisStalling(t)
	tb := commandstest.Discord(t, commandstest.Store(store))
	tb.Public(gjUmpire, "game start", discordtest.Opt("ruleset", gj.ID))
	tb.Public(gjUmpire, "greenjackets roster import", discordtest.Opt("text",
		"character: Lt Sharpe | officer | British | veteran | british\ncharacter: Capt Dubois | officer | French | veteran | french\n"))
	tb.Turned(func() *discordtest.Sent { return tb.D.Slash(gjUmpire, tb.Channel, "turn new") })
	tb.Delivered()
	turn := tb.TurnMessage()

	var confirm discordtest.Message
	var id string
	for _, m := range tb.Say(gjUmpire, "game end").All() {
		for _, b := range m.Buttons() {
			if b.Routes(gamecmd.ButtonEnd) {
				confirm, id = m, b.CustomID
			}
		}
	}
	if id == "" {
		t.Fatal("/game end showed no button to confirm it")
	}
	store.armed.Store(true)
	tb.D.Press(gjUmpire, confirm, id).Wait(t, "the follow-up with the truth", func(r discordtest.Reply) bool {
		return strings.Contains(commandstest.Texts(r.Followups), "The battle store has answered: that button press was recorded")
	})
	tb.Delivered()
	for _, m := range tb.TurnMessages() {
		if live(m) {
			t.Errorf("turn message %s of the ended battle (%s before) still has live buttons:\n%s", m.ID, turn.ID, m.Text())
		}
	}
}
