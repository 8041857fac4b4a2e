package gamecmd_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// redisHarness is a harness over a real Redis (a redis-server the test
// starts, or REDIS_URL).
func redisHarness(tb testing.TB) (harness, *redisstore.Store) {
	srv := redistest.Start(tb)
	store, err := redisstore.Open(context.Background(), srv.URL(), redisstore.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	return newHarness(tb, commandstest.Store(store)), store
}

// trips runs req and returns the Redis round trips it took.
func trips(h harness, store *redisstore.Store, req interaction.Request) (uint64, interaction.Response) {
	before := store.RoundTrips()
	r := h.Serve(req)
	return store.RoundTrips() - before, r
}

// TestRedisRoundTrips: a state-changing command costs at most 2 Redis round
// trips end to end (the Lua compare-and-set and the read before it), a
// redelivered one and a read-only one 1.
func TestRedisRoundTrips(t *testing.T) {
	h, store := redisHarness(t)
	// Warm the connection: a new connection's handshake counts, and the first
	// use of each Lua script (update, read with the log) loads it.
	h.Serve(h.Request("warm", umpire, "game start", "ruleset", "fakewar"))
	h.Serve(h.Request("warm", umpire, "game log"))
	tests := []struct {
		user interaction.User
		path string
		opts []any
		max  uint64
	}{
		{umpire, "game start", []any{"ruleset", "fakewar"}, 2},
		{umpire, "game house-rule", []any{"name", "aim", "value", "steady"}, 2},
		{umpire, "turn new", nil, 2},
		{p1, "act", nil, 2},
		{umpire, "game undo", []any{"reason", "test"}, 2},
		{p2, "game status", nil, 1},
		{p2, "game log", nil, 1},
		{p1, "game end", nil, 2}, // refused: read, no write
		{umpire, "game end", nil, 2},
		{p2, "game verify", nil, 1},
	}
	for _, tt := range tests {
		req := h.Request("c1", tt.user, tt.path, tt.opts...)
		n, r := trips(h, store, req)
		if n > tt.max {
			t.Errorf("%s by %s: %d round trips, want at most %d (%s)", tt.path, tt.user.Name, n, tt.max, commandstest.Text(r))
		}
		if tt.max == 2 && tt.user == umpire {
			if n, _ := trips(h, store, req); n > 1 {
				t.Errorf("%s redelivered: %d round trips, want 1", tt.path, n)
			}
		}
		t.Logf("%-16s %d round trips", tt.path, n)
	}
}

// TestStoredBytes reports the size of a new game of each rule set, and of
// the test rule set's after a short battle.
func TestStoredBytes(t *testing.T) {
	sets := append([]battle.Ruleset{fakeWar{}}, commands.Rulesets()...)
	h := newHarness(t, commandstest.Rulesets(sets...))
	for i, rs := range sets {
		ch := fmt.Sprintf("size%d", i)
		h.Serve(h.Request(ch, umpire, "game start", "ruleset", rs.ID(), "name", "Talavera"))
		n := len(h.Doc(ch))
		t.Logf("empty %s game: %d bytes", rs.ID(), n)
		if n > 4<<10 {
			t.Errorf("an empty %s game is %d bytes; want under 4 KB", rs.ID(), n)
		}
	}
}

// BenchmarkCommand runs a state-changing command end to end (router, battle
// service, store) and reports the round trips per command against Redis and
// the bytes of the stored game. Each battle is restarted every 100 commands
// so that the log does not grow without bound.
func BenchmarkCommand(b *testing.B) {
	b.Run("redis", func(b *testing.B) {
		h, store := redisHarness(b)
		benchCommand(b, h, store)
	})
	b.Run("bolt", func(b *testing.B) {
		benchCommand(b, newHarness(b), nil)
	})
}

func benchCommand(b *testing.B, h harness, store *redisstore.Store) {
	var total uint64
	values := []string{"steady", "hasty"}
	ch := ""
	for i := 0; b.Loop(); i++ {
		if i%100 == 0 {
			b.StopTimer()
			ch = fmt.Sprintf("bench%d", i)
			h.Serve(h.Request(ch, umpire, "game start", "ruleset", "fakewar"))
			b.StartTimer()
		}
		req := h.Request(ch, umpire, "game house-rule", "name", "aim", "value", values[i%2])
		if store == nil {
			h.Serve(req)
			continue
		}
		n, _ := trips(h, store, req)
		total += n
	}
	if store != nil {
		b.ReportMetric(float64(total)/float64(b.N), "trips/op")
	}
	b.ReportMetric(float64(len(h.Doc(ch))), "doc-bytes")
}

// BenchmarkEmptyGame reports the bytes stored for a new game.
func BenchmarkEmptyGame(b *testing.B) {
	h := newHarness(b)
	i := 0
	for b.Loop() {
		i++
		h.Serve(h.Request(fmt.Sprintf("empty%d", i), umpire, "game start", "ruleset", "fakewar"))
	}
	b.ReportMetric(float64(len(h.Doc("empty1"))), "bytes/game")
}

// BenchmarkParallel runs a state-changing command from many goroutines end
// to end (router, battle service, Redis) on one battle, where every change
// contends for the same document, and spread over 1,000 battles, and reports
// changes per second. The command moves the turn counter of the test rule
// set's board without logging, so that the document keeps its size however
// long the benchmark runs.
func BenchmarkParallel(b *testing.B) {
	for _, games := range []int{1, 1000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			h, _ := redisHarness(b)
			h.Router.Command("bench bump", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
				return h.Service.Change(ctx, req, func(tx *battle.Tx) (interaction.Response, error) {
					fb, err := battle.TakeBoard[fakeBoard](tx)
					if err != nil {
						return interaction.Response{}, err
					}
					fb.Turn++
					return interaction.Whisper(fmt.Sprint("turn ", fb.Turn)), tx.SetBoard(fb)
				})
			})
			for i := range games {
				h.Serve(h.Request(fmt.Sprintf("par%d", i), umpire, "game start", "ruleset", "fakewar"))
			}
			var next atomic.Int64
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					ch := fmt.Sprintf("par%d", next.Add(1)%int64(games))
					h.Serve(h.Request(ch, umpire, "bench bump"))
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "changes/s")
			var turns int
			for i := range games {
				var fb fakeBoard
				if err := json.Unmarshal(h.Game(fmt.Sprintf("par%d", i)).Board, &fb); err != nil {
					b.Fatal(err)
				}
				turns += fb.Turn
			}
			if turns != b.N {
				b.Fatalf("%d changes applied, want %d: an update was lost", turns, b.N)
			}
		})
	}
}
