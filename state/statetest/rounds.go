package statetest

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// RoundsStore is a store that keeps umpires' rounds (the battles listed for
// an umpire's daily digest) beside its due index.
type RoundsStore interface {
	DueStore
	Enlist(ctx context.Context, rounds, channel string, at time.Time) error
	Delist(ctx context.Context, rounds string, channels ...string) error
	ClaimRounds(ctx context.Context, rounds string, now, next time.Time) ([]string, bool, error)
}

// RunRounds holds a store's rounds to what the daily digest relies on:
// Enlist lists a battle and makes the rounds due, no later than they were;
// ClaimRounds, made at once by many replicas, is won by one, which gets the
// battles and moves the rounds on; Delist takes battles out, and the last
// one out takes the rounds out of the index; the rounds outlive the store
// being reopened.
func RunRounds(t *testing.T, open func(t *testing.T) RoundsStore) {
	ctx := context.Background()
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }
	s := open(t)
	do := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	due := func(now time.Time) []string {
		t.Helper()
		got, err := s.Due(ctx, now, 100)
		do(err)
		return got
	}
	claim := func(what string, now, next time.Time, want []string, wantOK bool) {
		t.Helper()
		got, ok, err := s.ClaimRounds(ctx, "rounds:g.u", now, next)
		do(err)
		slices.Sort(got)
		if ok != wantOK || !cmp.Equal(got, want, cmp.Comparer(func(a, b []string) bool { return len(a) == 0 && len(b) == 0 || slices.Equal(a, b) })) {
			t.Errorf("%s: ClaimRounds = %v, %v; want %v, %v", what, got, ok, want, wantOK)
		}
	}
	const r = "rounds:g.u"
	claim("rounds never enlisted", at(100), at(124), nil, false)
	do(s.Enlist(ctx, r, "ch-b", at(24)))
	do(s.Enlist(ctx, r, "ch-a", at(30)))
	if got := due(at(24)); !slices.Contains(got, r) {
		t.Errorf("Due at the first enlisting's time = %v, want %s", got, r)
	}
	if got := due(at(23)); slices.Contains(got, r) {
		t.Errorf("Due before it = %v; a later Enlist brought the rounds later", got)
	}
	claim("before they are due", at(23), at(47), nil, false)

	// Replicas claim at once: one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Go(func() {
			got, ok, err := s.ClaimRounds(ctx, r, at(24), at(48))
			if err != nil {
				t.Error(err)
			}
			slices.Sort(got)
			if ok && !slices.Equal(got, []string{"ch-a", "ch-b"}) {
				t.Errorf("the claim won gave %v, want ch-a and ch-b", got)
			}
			mu.Lock()
			defer mu.Unlock()
			if ok {
				won++
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d of 8 simultaneous claims won, want 1", won)
	}
	if got := due(at(47)); slices.Contains(got, r) {
		t.Errorf("after the claim the rounds are still due: %v", got)
	}
	if got := due(at(48)); !slices.Contains(got, r) {
		t.Errorf("after the claim the rounds are not due at the next time: %v", got)
	}

	do(s.Enlist(ctx, r, "ch-c", at(30)))
	if got := due(at(30)); !slices.Contains(got, r) {
		t.Errorf("an Enlist earlier than the rounds' time did not bring them earlier: %v", got)
	}
	do(s.Delist(ctx, r, "ch-a", "ch-x"))
	claim("after a delisting", at(30), at(54), []string{"ch-b", "ch-c"}, true)

	do(s.Close())
	s = open(t)
	defer s.Close()
	claim("after reopening", at(54), at(78), []string{"ch-b", "ch-c"}, true)
	do(s.Delist(ctx, r, "ch-b", "ch-c"))
	if got := due(at(1000)); slices.Contains(got, r) {
		t.Errorf("rounds with no battle left are still in the index: %v", got)
	}
	claim("rounds emptied", at(1000), at(1024), nil, false)

	// Rounds of another umpire are apart.
	do(s.Enlist(ctx, "rounds:g.v", "ch-a", at(1)))
	claim("another umpire's", at(1000), at(1024), nil, false)
	do(s.Delist(ctx, "rounds:g.v", "ch-a"))
}
