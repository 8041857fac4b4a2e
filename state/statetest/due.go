package statetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// DueStore is a store with a due index, as the battle service's timers use it.
type DueStore interface {
	LowerDue(ctx context.Context, channel string, at time.Time) error
	SetDue(ctx context.Context, channel string, at time.Time) error
	Due(ctx context.Context, now time.Time, limit int) ([]string, error)
	Close() error
}

// RunDue holds a store's due index to what the timers rely on: due
// channels are listed earliest first (ties by channel id), within a limit; LowerDue only ever
// brings a channel's time earlier (and adds one not indexed); SetDue sets
// it exactly or takes it out; the index outlives the store being reopened.
// open opens a store on the backend's data, as Backend.Open does.
func RunDue(t *testing.T, open func(t *testing.T) DueStore) {
	ctx := context.Background()
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }
	s := open(t)
	due := func(now time.Time, limit int) []string {
		t.Helper()
		got, err := s.Due(ctx, now, limit)
		if err != nil {
			t.Fatalf("Due(%v, %d): %v", now, limit, err)
		}
		return got
	}
	check := func(what string, got, want []string) {
		t.Helper()
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b []string) bool { return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b) })); diff != "" {
			t.Errorf("%s: Due (-want +got):\n%s", what, diff)
		}
	}
	do := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check("an empty index", due(at(100), 10), nil)
	do(s.SetDue(ctx, "due-b", at(2)))
	do(s.SetDue(ctx, "due-a", at(1)))
	do(s.SetDue(ctx, "due-c", at(3)))
	check("before any", due(at(0), 10), nil)
	check("at the first", due(at(1), 10), []string{"due-a"})
	check("after all", due(at(5), 10), []string{"due-a", "due-b", "due-c"})
	check("within a limit", due(at(5), 2), []string{"due-a", "due-b"})

	do(s.LowerDue(ctx, "due-a", at(4)))
	check("LowerDue to a later time", due(at(1), 10), []string{"due-a"})
	do(s.LowerDue(ctx, "due-c", at(0)))
	check("LowerDue to an earlier time", due(at(0), 10), []string{"due-c"})
	do(s.LowerDue(ctx, "due-d", at(2)))
	check("LowerDue of a channel not indexed", due(at(2), 10), []string{"due-c", "due-a", "due-b", "due-d"})

	do(s.SetDue(ctx, "due-c", at(9)))
	check("SetDue to a later time", due(at(8), 10), []string{"due-a", "due-b", "due-d"})
	do(s.SetDue(ctx, "due-a", time.Time{}))
	do(s.SetDue(ctx, "due-b", time.Time{}))
	do(s.SetDue(ctx, "due-x", time.Time{}))
	check("SetDue of no time", due(at(10), 10), []string{"due-d", "due-c"})

	do(s.Close())
	s = open(t)
	defer s.Close()
	check("after reopening", due(at(10), 10), []string{"due-d", "due-c"})
	do(s.SetDue(ctx, "due-c", time.Time{}))
	do(s.SetDue(ctx, "due-d", time.Time{}))
}
