package statetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/referee-bot/referee/state"
)

// A Clock is a settable clock for Options.Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock set at a fixed instant.
func NewClock() *Clock { return &Clock{now: time.Date(2026, 6, 18, 11, 0, 0, 0, time.UTC)} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// again is what a replayed interaction would write if it were applied again
// (a store may run it on a copy first, but must not write it).
var again = set("applied again", "applied again")

// checkNotAgain fails the test if again was written to the channel.
func checkNotAgain(t *testing.T, s Store, channel string) {
	t.Helper()
	if doc, _, err := s.Get(ctxT(t), channel); err == nil && string(doc) == "applied again" {
		t.Errorf("a replayed interaction was applied again")
	}
}

// testReplayWindow: an interaction replayed up to the whole window after it
// was first seen is not applied again, however many commands came since: the
// latest ones get their reply back, older ones are refused as applied
// already. Past the window it is forgotten.
func testReplayWindow(t *testing.T, b Backend, ch string) {
	clk := NewClock()
	s := openWith(t, b, Options{Now: clk.Now, Keep: 3})
	mustUpdate(t, s, ch, "roll-1", set("1", "roll #1"))
	for i := 2; i <= 72; i++ {
		clk.Advance(time.Second)
		mustUpdate(t, s, ch, fmt.Sprint("roll-", i), set(fmt.Sprint(i), fmt.Sprint("roll #", i)))
	}
	if a := mustUpdate(t, s, ch, "roll-72", again); !a.Replayed || string(a.Reply) != "roll #72" {
		t.Errorf("replay of the latest interaction = %+v; want replayed %q", a, "roll #72")
	}
	clk.Advance(state.RememberFor - 71*time.Second - time.Millisecond) // roll-1 was first seen just under the window ago
	if _, err := s.Update(ctxT(t), ch, "roll-1", again); !errors.Is(err, state.ErrAlreadyApplied) {
		t.Errorf("replay of roll-1 after 71 newer commands, just inside the window = %v; want ErrAlreadyApplied", err)
	}
	if doc, _ := mustGet(t, s, ch); string(doc) != "72" {
		t.Errorf("document after the replays = %q; want 72", doc)
	}

	clk.Advance(2 * time.Millisecond)
	mustUpdate(t, s, ch, "roll-73", set("73", "roll #73"))
	if a := mustUpdate(t, s, ch, "roll-1", set("74", "roll #74")); a.Replayed {
		t.Errorf("roll-1 past the window = %+v; want forgotten, applied anew", a)
	}
}

// testReplayOutsideGame: a ruling made outside any game (Record) is
// remembered like a change to a game, without making one.
func testReplayOutsideGame(t *testing.T, b Backend, ch string) {
	clk := NewClock()
	s := openWith(t, b, Options{Now: clk.Now})
	ruling := func(cur []byte) (state.Change, error) {
		if cur != nil {
			return state.Change{}, fmt.Errorf("a game appeared: %q", cur)
		}
		return state.Change{Reply: []byte("rolled 2d6: 7"), Record: true}, nil
	}
	if a := mustUpdateLog(t, s, ch, "roll", ruling); a.Replayed || string(a.Reply) != "rolled 2d6: 7" {
		t.Errorf("ruling outside a game = %+v; want its reply, not replayed", a)
	}
	if _, _, err := s.Get(ctxT(t), ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Get after a ruling outside a game = %v; want ErrNotFound", err)
	}
	clk.Advance(state.RememberFor - time.Millisecond)
	reroll := func([]byte) (state.Change, error) {
		return state.Change{Reply: []byte("rolled 2d6: 12"), Record: true}, nil
	}
	if a := mustUpdateLog(t, s, ch, "roll", reroll); !a.Replayed || string(a.Reply) != "rolled 2d6: 7" {
		t.Errorf("replay of the ruling just inside the window = %+v; want replayed %q", a, "rolled 2d6: 7")
	}
	// A game started since does not forget the ruling.
	mustUpdate(t, s, ch, "start", set("game", "started"))
	if a := mustUpdateLog(t, s, ch, "roll", reroll); !a.Replayed || string(a.Reply) != "rolled 2d6: 7" {
		t.Errorf("replay of the ruling once a game started = %+v; want replayed", a)
	}
	clk.Advance(2 * time.Millisecond)
	mustUpdate(t, s, ch, "next", set("game 2", ""))
	if a := mustUpdate(t, s, ch, "roll", set("game 3", "ok")); a.Replayed {
		t.Errorf("the ruling's interaction past the window = %+v; want forgotten", a)
	}
}

// testRememberCap: a channel remembers at most MaxRemembered ids; beyond
// that the oldest are forgotten first, even inside the window.
func testRememberCap(t *testing.T, b Backend, ch string) {
	clk := NewClock()
	s := openWith(t, b, Options{Now: clk.Now, MaxRemembered: 5})
	for i := range 8 {
		clk.Advance(time.Second)
		mustUpdate(t, s, ch, fmt.Sprint("c", i), set(fmt.Sprint(i), ""))
	}
	for i := 7; i >= 3; i-- {
		if a := mustUpdate(t, s, ch, fmt.Sprint("c", i), again); !a.Replayed {
			t.Errorf("c%d, among the last 5: %+v; want replayed", i, a)
		}
	}
	checkNotAgain(t, s, ch)
	if a := mustUpdate(t, s, ch, "c0", set("again", "")); a.Replayed {
		t.Errorf("c0, beyond the cap of 5: %+v; want forgotten", a)
	}
}

// testSettleNotApplied: settling an interaction the store never applied says
// so and makes it final: a later delivery of it is refused, changes nothing,
// and settling again gives the same answer.
func testSettleNotApplied(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	before := mustUpdate(t, s, ch, "s0", set("kept", ""))
	got, err := s.Settle(ctxT(t), ch, "lost")
	if err != nil || got.Applied || got.Version != before.Version {
		t.Fatalf("Settle(never applied) = %+v, %v; want not applied at version %d", got, err, before.Version)
	}
	if _, err := s.Update(ctxT(t), ch, "lost", again); !errors.Is(err, state.ErrAbandoned) {
		t.Errorf("Update of a settled interaction = %v; want ErrAbandoned", err)
	}
	checkNotAgain(t, s, ch)
	if doc, ver := mustGet(t, s, ch); string(doc) != "kept" || ver != before.Version {
		t.Errorf("after the abandoned update Get = %q, %d; want %q, %d", doc, ver, "kept", before.Version)
	}
	if got, err := s.Settle(ctxT(t), ch, "lost"); err != nil || got.Applied {
		t.Errorf("Settle again = %+v, %v; want not applied", got, err)
	}
	if got, err := s.Settle(ctxT(t), ch+"-nogame", "lost"); err != nil || got.Applied {
		t.Errorf("Settle in a channel without a game = %+v, %v; want not applied", got, err)
	}
}

// testSettleApplied: settling an applied interaction gives its reply while
// it is kept, and says applied, without a reply, once it is not.
func testSettleApplied(t *testing.T, b Backend, ch string) {
	s := openWith(t, b, Options{Keep: 2})
	w := mustUpdate(t, s, ch, "a1", set("one", "roll #1"))
	got, err := s.Settle(ctxT(t), ch, "a1")
	if err != nil || !got.Applied || string(got.Reply) != "roll #1" || got.Version != w.Version {
		t.Errorf("Settle(applied) = %+v, %v; want applied with reply %q at version %d", got, err, "roll #1", w.Version)
	}
	mustUpdate(t, s, ch, "a2", set("two", ""))
	mustUpdate(t, s, ch, "a3", set("three", ""))
	if got, err := s.Settle(ctxT(t), ch, "a1"); err != nil || !got.Applied || got.Reply != nil {
		t.Errorf("Settle(applied, reply no longer kept) = %+v, %v; want applied without a reply", got, err)
	}
}
