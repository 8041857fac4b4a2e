package boltstore_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/boltstore"
	"github.com/referee-bot/referee/state/statetest"
)

func TestConformance(t *testing.T) {
	dir := t.TempDir()
	statetest.Run(t, statetest.Backend{
		Open: func(t *testing.T, o statetest.Options) statetest.Store {
			s, err := boltstore.Open(dir, boltstore.Options{TTL: o.TTL, Now: o.Now, Keep: o.Keep, MaxRemembered: o.MaxRemembered})
			if err != nil {
				t.Fatalf("Open(%q): %v", dir, err)
			}
			return s
		},
		Clocked: true,
	})
}

// clock is a settable clock for Options.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func set(doc string) state.UpdateFunc {
	return func([]byte) ([]byte, []byte, error) { return []byte(doc), []byte("reply to " + doc), nil }
}

// TestTTLWithClock: expiry follows the injected clock; writes refresh it;
// an expired game is not found, is swept from the file by later writes, and
// is swept on open.
func TestTTLWithClock(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 6, 18, 11, 0, 0, 0, time.UTC)}
	opts := boltstore.Options{TTL: 90 * 24 * time.Hour, Now: clk.Now}
	s, err := boltstore.Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, ch := range []string{"waterloo", "quatre-bras"} {
		if _, err := s.Update(ctx, ch, "i-"+ch, set(ch)); err != nil {
			t.Fatal(err)
		}
	}
	clk.Advance(60 * 24 * time.Hour)
	if _, err := s.Update(ctx, "waterloo", "i2", set("waterloo, day 2")); err != nil {
		t.Fatal(err)
	}
	clk.Advance(60 * 24 * time.Hour) // 120 days after the first writes, 60 after the refresh
	if doc, _, err := s.Get(ctx, "waterloo"); err != nil || string(doc) != "waterloo, day 2" {
		t.Errorf("Get(refreshed game) = %q, %v; want it kept", doc, err)
	}
	if _, _, err := s.Get(ctx, "quatre-bras"); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Get(idle game) after 120 days = %v; want ErrNotFound", err)
	}
	// The idle game's interaction is forgotten with it.
	a, err := s.Update(ctx, "quatre-bras", "i-quatre-bras", set("again"))
	if err != nil || a.Replayed || a.Version != 1 {
		t.Errorf("Update(expired game, old interaction) = %+v, %v; want applied anew as version 1", a, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	clk.Advance(91 * 24 * time.Hour)
	s, err = boltstore.Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, ch := range []string{"waterloo", "quatre-bras"} {
		if _, _, err := s.Get(ctx, ch); !errors.Is(err, state.ErrNotFound) {
			t.Errorf("Get(%s) after reopening past its expiry = %v; want ErrNotFound", ch, err)
		}
	}
}

// TestSecondOpenFails: the file belongs to one process (here, one Store);
// a second Open fails after the lock timeout, with a clear error.
func TestSecondOpenFails(t *testing.T) {
	dir := t.TempDir()
	s, err := boltstore.Open(dir, boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = boltstore.Open(dir, boltstore.Options{LockTimeout: 50 * time.Millisecond})
	if !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("second Open = %v; want ErrUnavailable", err)
	}
}

// TestClosed: a closed store answers ErrUnavailable.
func TestClosed(t *testing.T) {
	s, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := s.Update(context.Background(), "c", "i", set("x")); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Update on a closed store = %v; want ErrUnavailable", err)
	}
	if _, _, err := s.Get(context.Background(), "c"); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Get on a closed store = %v; want ErrUnavailable", err)
	}
}

// TestKeepsLastReplies: only the replies of the last Keep interactions are
// kept; the older ones, still remembered, are refused as applied already.
// (Before ids were remembered for a window, the older ones were forgotten
// and applied again.)
func TestKeepsLastReplies(t *testing.T) {
	s, err := boltstore.Open(t.TempDir(), boltstore.Options{Keep: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := range 5 {
		if _, err := s.Update(ctx, "c", fmt.Sprint("i", i), set(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	for i, replayed := range []bool{false, false, true, true, true} {
		a, err := s.Update(ctx, "c", fmt.Sprint("i", i), func([]byte) ([]byte, []byte, error) { return nil, nil, nil })
		switch {
		case replayed && (err != nil || !a.Replayed || string(a.Reply) != fmt.Sprint("reply to ", i)):
			t.Errorf("interaction i%d = %+v, %v; want its reply replayed", i, a, err)
		case !replayed && !errors.Is(err, state.ErrAlreadyApplied):
			t.Errorf("interaction i%d = %+v, %v; want ErrAlreadyApplied", i, a, err)
		}
	}
}

func counter(cur []byte) ([]byte, []byte, error) {
	n := 0
	if cur != nil {
		var err error
		if n, err = strconv.Atoi(string(cur)); err != nil {
			return nil, nil, err
		}
	}
	next := []byte(strconv.Itoa(n + 1))
	return next, next, nil
}

// BenchmarkUpdate measures updates per second (each one fsynced) on one game
// and spread over 1,000 games.
func BenchmarkUpdate(b *testing.B) {
	for _, games := range []int{1, 1000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s, err := boltstore.Open(b.TempDir(), boltstore.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			for g := range games {
				if _, err := s.Update(ctx, strconv.Itoa(g), "", counter); err != nil {
					b.Fatal(err)
				}
			}
			var seq atomic.Int64
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					n := seq.Add(1)
					if _, err := s.Update(ctx, strconv.Itoa(int(n%int64(games))), "b"+strconv.FormatInt(n, 10), counter); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "updates/s")
		})
	}
}
