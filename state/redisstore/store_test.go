package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
	"github.com/referee-bot/referee/state/statetest"
)

func open(tb testing.TB, url string, opts redisstore.Options) *redisstore.Store {
	tb.Helper()
	s, err := redisstore.Open(context.Background(), url, opts)
	if err != nil {
		tb.Fatalf("Open(%q): %v", url, err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// backend runs the suite on the Redis at url; with restart set, the Restart
// test restarts the server(s) too. The suite piles 20 updates onto one game at
// once, far more than a channel sees, on a machine that may be running the
// race detector and other suites: its stores get a generous call budget, which
// is also how long an update may go on losing the race (ConcurrentCounter once
// failed when the bound was 20 attempts), and as generous a bound on each
// dial, socket read and write and wait for a connection (a redis-server
// starved of CPU once took longer than the default 500ms to answer). The
// default budgets are what TestServerKilledMidUpdate and TestServerHung check.
func backend(url string, restart func()) statetest.Backend {
	const patient = 30 * time.Second
	b := statetest.Backend{
		Shared: true,
		Open: func(t *testing.T, o statetest.Options) statetest.Store {
			s, err := redisstore.Open(context.Background(), url, redisstore.Options{
				TTL: o.TTL, Now: o.Now, Keep: o.Keep, MaxRemembered: o.MaxRemembered,
				DialTimeout: patient, ReadTimeout: patient, WriteTimeout: patient, PoolTimeout: patient, CallTimeout: patient,
			})
			if err != nil {
				t.Fatalf("Open(%q): %v", url, err)
			}
			return s
		},
	}
	if restart != nil {
		b.Restart = func(*testing.T) { restart() }
	}
	return b
}

func TestConformance(t *testing.T) {
	t.Parallel()
	statetest.Run(t, backend(redistest.Start(t).URL(), nil))
}

// TestConformanceAOF restarts redis-server itself in the Restart test: with
// an append-only file the game survives the server restarting, not only the
// client reconnecting.
func TestConformanceAOF(t *testing.T) {
	t.Parallel()
	srv := redistest.StartLocal(t, redistest.AOF())
	statetest.Run(t, backend(srv.URL(), srv.Restart))
}

// TestConformanceCluster runs the suite through the Cluster client against a
// one-node cluster, which refuses a script whose keys are in different slots:
// it proves a game's keys share one.
func TestConformanceCluster(t *testing.T) {
	t.Parallel()
	srv := redistest.StartLocal(t, redistest.Cluster(), redistest.AOF())
	statetest.Run(t, backend(srv.URL(), srv.Restart))
}

// TestConformanceSentinel runs the suite through the Sentinel (failover)
// client, which finds the master by asking the Sentinel.
func TestConformanceSentinel(t *testing.T) {
	t.Parallel()
	srv := redistest.StartLocal(t, redistest.Sentinel(), redistest.AOF())
	statetest.Run(t, backend(srv.URL(), srv.Restart))
}

func TestConformanceUnixSocket(t *testing.T) {
	t.Parallel()
	statetest.Run(t, backend(redistest.StartLocal(t, redistest.Unix()).URL(), nil))
}

// TestRoundTrips: a state-changing update costs two round trips, or one when
// the store wrote the game last; a ruling outside a game the same (it
// records its answer); a replay or a Get one; on one server and through the
// Cluster client.
func TestRoundTrips(t *testing.T) {
	t.Run("standalone", func(t *testing.T) { testRoundTrips(t, redistest.Start(t)) })
	t.Run("cluster", func(t *testing.T) { testRoundTrips(t, redistest.StartLocal(t, redistest.Cluster())) })
}

func testRoundTrips(t *testing.T, srv *redistest.Server) {
	s, other := open(t, srv.URL(), redisstore.Options{}), open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	ch := "rt-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	inc := func(cur []byte) ([]byte, []byte, error) { return append(cur, 'x'), []byte("ok"), nil }
	// The first use of each script loads it (EVALSHA, then EVAL on NOSCRIPT).
	if _, err := s.Update(ctx, ch+"-warm", "warm", inc); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetLog(ctx, ch+"-warm", 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, ch+"-warm"); err != nil {
		t.Fatal(err)
	}
	ruling := func([]byte) (state.Change, error) { return state.Change{Reply: []byte("7"), Record: true}, nil }
	appendTwo := func(cur []byte) (state.Change, error) {
		return state.Change{Doc: append(cur, 'x'), Reply: []byte("ok"), Append: [][]byte{[]byte("a"), []byte("b")}}, nil
	}
	tests := []struct {
		name string
		do   func() error
		want uint64
	}{
		{"first update", func() error { _, err := s.Update(ctx, ch, "i1", inc); return err }, 2},
		{"update after its own", func() error { _, err := s.Update(ctx, ch, "", inc); return err }, 1},
		{"replay", func() error { _, err := s.Update(ctx, ch, "i1", inc); return err }, 1},
		{"nothing to write", func() error {
			_, err := s.Update(ctx, ch, "i2", func([]byte) ([]byte, []byte, error) { return nil, nil, nil })
			return err
		}, 1},
		{"update appending to the log", func() error { _, err := s.UpdateLog(ctx, ch, "i3", appendTwo); return err }, 1},
		{"update after another writer's", func() error {
			if _, err := other.Update(ctx, ch, "o1", inc); err != nil {
				return err
			}
			// The write over the stale document, then over the one it returned.
			_, err := s.Update(ctx, ch, "i4", inc)
			return err
		}, 2},
		{"ruling outside a game, first in its channel", func() error { _, err := s.UpdateLog(ctx, ch+"-none", "r1", ruling); return err }, 2},
		{"ruling outside a game, after another", func() error { _, err := s.UpdateLog(ctx, ch+"-none", "r2", ruling); return err }, 1},
		{"get", func() error { _, _, err := s.Get(ctx, ch); return err }, 1},
		{"get with the log", func() error { _, err := s.GetLog(ctx, ch, -10, 0); return err }, 1},
		{"delete", func() error { return s.Delete(ctx, ch) }, 1},
	}
	for _, tt := range tests {
		before := s.RoundTrips()
		if err := tt.do(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := s.RoundTrips() - before; got != tt.want {
			t.Errorf("%s: %d round trips, want %d", tt.name, got, tt.want)
		}
	}
}

// TestKeysShareSlotAndTTL checks the key layout the package documents: all of
// a game's keys carry the channel as hash tag, a write sets the TTL on each
// (and a sixteenth more: the slack), every interaction id is remembered and
// only the last Keep replies are kept (and up to a quarter more, dropped a
// quarter at a time).
func TestKeysShareSlotAndTTL(t *testing.T) {
	srv := redistest.Start(t)
	const keep = 5
	s := open(t, srv.URL(), redisstore.Options{TTL: time.Hour, Keep: keep})
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	ch := "layout-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range 12 {
		if _, err := s.Update(ctx, ch, fmt.Sprint("i", i), func(cur []byte) ([]byte, []byte, error) {
			return []byte("doc"), []byte(fmt.Sprint("reply ", i)), nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"game", "ix", "ixq", "ixt"} {
		key := "referee:{" + ch + "}:" + k
		ttl, err := rdb.PTTL(ctx, key).Result()
		if err != nil || ttl <= 59*time.Minute || ttl > time.Hour+time.Hour/16 {
			t.Errorf("PTTL %s = %v, %v; want about 1h and its slack", key, ttl, err)
		}
	}
	if n, err := rdb.HLen(ctx, "referee:{"+ch+"}:ix").Result(); err != nil || n != 12 {
		t.Errorf("HLEN ix = %d, %v; want 12", n, err)
	}
	if n, err := rdb.ZCard(ctx, "referee:{"+ch+"}:ixt").Result(); err != nil || n != 12 {
		t.Errorf("ZCARD ixt = %d, %v; want 12", n, err)
	}
	ids, err := rdb.LRange(ctx, "referee:{"+ch+"}:ixq", 0, -1).Result()
	if want := []string{"i7", "i8", "i9", "i10", "i11"}; err != nil || len(ids) > keep+keep/4 || len(ids) < keep || fmt.Sprint(ids[len(ids)-keep:]) != fmt.Sprint(want) {
		t.Errorf("LRANGE ixq = %v, %v; want %v, and at most %d before them", ids, err, want, keep/4)
	}
	// A kept reply replays; an older interaction is refused, its reply
	// dropped or past the last Keep; the same through another replica,
	// which reads the record first.
	other := open(t, srv.URL(), redisstore.Options{TTL: time.Hour, Keep: keep})
	for _, s := range []*redisstore.Store{s, other} {
		if a, err := s.Update(ctx, ch, "i11", func([]byte) ([]byte, []byte, error) { return []byte("no"), nil, nil }); err != nil || !a.Replayed || string(a.Reply) != "reply 11" {
			t.Errorf("Update(i11) = %+v, %v; want replay of %q", a, err, "reply 11")
		}
		for _, id := range []string{"i0", ids[0]} { // the first long forgotten, the other not yet dropped from ixq
			if id == "i7" {
				continue
			}
			if _, err := s.Update(ctx, ch, id, func([]byte) ([]byte, []byte, error) { return []byte("no"), nil, nil }); !errors.Is(err, state.ErrAlreadyApplied) {
				t.Errorf("Update(%s) = %v; want ErrAlreadyApplied", id, err)
			}
		}
	}
}

// TestServerKilledMidUpdate kills redis-server between the read and the write
// of an update: the update fails fast with ErrIndeterminate (the write was on
// its way: the store cannot know the server died before it arrived), nothing
// is half applied, and once the server is back the same store works again.
// (It asserted ErrUnavailable, "nothing was changed", before the store told
// an unconfirmed write apart.)
func TestServerKilledMidUpdate(t *testing.T) {
	srv := redistest.StartLocal(t, redistest.AOFAlways())
	s := open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	const ch = "fault"
	for i := range 10 {
		if _, err := s.Update(ctx, ch, fmt.Sprint("before", i), counter); err != nil {
			t.Fatal(err)
		}
	}

	start := time.Now()
	_, err := s.Update(ctx, ch, "mid", func(cur []byte) ([]byte, []byte, error) {
		srv.Kill()
		return counter(cur)
	})
	elapsed := time.Since(start)
	if !errors.Is(err, state.ErrIndeterminate) {
		t.Fatalf("Update with the server killed = %v; want ErrIndeterminate", err)
	}
	if elapsed > 3*time.Second {
		t.Errorf("Update with the server killed took %v; want well under 3s", elapsed)
	}
	t.Logf("update failed after %v: %v", elapsed, err)

	// While the server is down, every call fails fast.
	start = time.Now()
	if _, _, err := s.Get(ctx, ch); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Get with the server down = %v; want ErrUnavailable", err)
	}
	if _, err := s.Update(ctx, ch, "down", counter); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Update with the server down = %v; want ErrUnavailable", err)
	}
	if err := s.Ping(ctx); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Ping with the server down = %v; want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("three calls with the server down took %v", d)
	}

	srv.Restart()
	// go-redis may hold back redials for a moment after failed dials.
	deadline := time.Now().Add(10 * time.Second)
	for s.Ping(ctx) != nil {
		if time.Now().After(deadline) {
			t.Fatalf("store did not recover within 10s of the restart: %v", s.Ping(ctx))
		}
		time.Sleep(50 * time.Millisecond)
	}
	doc, _, err := s.Get(ctx, ch)
	if err != nil || string(doc) != "10" {
		t.Fatalf("after restart Get = %q, %v; want 10 (the killed update not applied)", doc, err)
	}
	a, err := s.Update(ctx, ch, "mid", counter)
	if err != nil || a.Replayed || string(a.Reply) != "11" {
		t.Errorf("retrying the failed interaction = %+v, %v; want applied, reply 11", a, err)
	}
}

// TestServerHung: with redis-server frozen (connections open, nothing
// answered), an update fails with ErrIndeterminate inside the call budget (its
// write is in the server's socket), and the store works again when it thaws.
// (It asserted ErrUnavailable, "nothing was changed", before the store told
// an unconfirmed write apart.)
func TestServerHung(t *testing.T) {
	srv := redistest.StartLocal(t)
	s := open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	if _, err := s.Update(ctx, "hung", "i0", counter); err != nil {
		t.Fatal(err)
	}
	srv.Pause()
	start := time.Now()
	_, err := s.Update(ctx, "hung", "i1", counter)
	elapsed := time.Since(start)
	srv.Resume()
	if !errors.Is(err, state.ErrIndeterminate) {
		t.Errorf("Update with the server hung = %v; want ErrIndeterminate", err)
	}
	if elapsed > 3*time.Second {
		t.Errorf("Update with the server hung took %v; want well under 3s", elapsed)
	}
	t.Logf("update failed after %v: %v", elapsed, err)
	// The write may have reached the server before it froze, and be applied
	// when it thaws: delivered again, the interaction is applied exactly once.
	deadline := time.Now().Add(10 * time.Second)
	for {
		a, err := s.Update(ctx, "hung", "i1", counter)
		if err == nil {
			if string(a.Reply) != "2" {
				t.Errorf("the timed-out interaction delivered again = %+v; want reply 2", a)
			}
			if a, err := s.Update(ctx, "hung", "i2", counter); err != nil || string(a.Reply) != "3" {
				t.Errorf("the next interaction = %+v, %v; want reply 3", a, err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("store did not recover within 10s: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestUnreachable: a store whose server is gone answers within the call
// budget, and Open fails with ErrUnavailable.
func TestUnreachable(t *testing.T) {
	srv := redistest.StartLocal(t)
	url := srv.URL()
	s := open(t, url, redisstore.Options{})
	srv.Kill()
	start := time.Now()
	_, err := s.Update(context.Background(), "gone", "i", counter)
	if !errors.Is(err, state.ErrUnavailable) || time.Since(start) > 3*time.Second {
		t.Errorf("Update to a dead server = %v after %v; want ErrUnavailable well under 3s", err, time.Since(start))
	}
	start = time.Now()
	if _, err := redisstore.Open(context.Background(), url, redisstore.Options{}); !errors.Is(err, state.ErrUnavailable) {
		t.Errorf("Open of a dead server = %v; want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Open of a dead server took %v", d)
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

// BenchmarkUpdate measures updates per second against a real redis-server on
// one game (every update through one store takes its turn) and spread over
// 1,000 games, with round trips per update counted by the go-redis hook and,
// on the standalone server, the commands Redis ran per update (INFO
// commandstats, a script's commands counted beside its EVALSHA); then the
// same through the Cluster client to a one-node cluster.
func BenchmarkUpdate(b *testing.B) {
	benchmarkUpdate(b, redistest.Start(b))
	b.Run("cluster", func(b *testing.B) { benchmarkUpdate(b, redistest.StartLocal(b, redistest.Cluster())) })
}

func benchmarkUpdate(b *testing.B, srv *redistest.Server) {
	for _, games := range []int{1, 1000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s := open(b, srv.URL(), redisstore.Options{})
			ctx := context.Background()
			prefix := "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"
			for g := range games {
				if _, err := s.Update(ctx, prefix+strconv.Itoa(g), "", counter); err != nil {
					b.Fatal(err)
				}
			}
			var seq atomic.Int64
			before, cmds := s.RoundTrips(), redisCommands(b, srv)
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					n := seq.Add(1)
					ch := prefix + strconv.Itoa(int(n%int64(games)))
					if _, err := s.Update(ctx, ch, "b"+strconv.FormatInt(n, 10), counter); err != nil {
						b.Error(err)
						return
					}
				}
			})
			elapsed := time.Since(start)
			b.StopTimer()
			trips := float64(s.RoundTrips()-before) / float64(b.N)
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "updates/s")
			b.ReportMetric(trips, "roundtrips/op")
			if cmds >= 0 {
				b.ReportMetric(float64(redisCommands(b, srv)-cmds)/float64(b.N), "rediscmds/op")
			}
			if trips > 2 {
				b.Errorf("%.3f round trips per update; want at most 2", trips)
			}
		})
	}
}

// redisCommands is how many commands srv has run (INFO commandstats, INFO's
// own left out), or -1 for a Cluster.
func redisCommands(tb testing.TB, srv *redistest.Server) int64 {
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		return -1
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	info, err := rdb.Info(context.Background(), "commandstats").Result()
	if err != nil {
		tb.Fatal(err)
	}
	var n int64
	for _, line := range strings.Split(info, "\r\n") {
		name, stats, ok := strings.Cut(strings.TrimPrefix(line, "cmdstat_"), ":calls=")
		if !ok || name == "info" {
			continue
		}
		calls, _, _ := strings.Cut(stats, ",")
		c, err := strconv.ParseInt(calls, 10, 64)
		if err != nil {
			tb.Fatalf("INFO commandstats: %q: %v", line, err)
		}
		n += c
	}
	return n
}

// TestInteractionsOfBefore: an interaction recorded before ids were
// remembered by time (in ix and the ixq list, not in ixt) is still answered
// with its reply, and forgotten once its reply would no longer be kept.
func TestInteractionsOfBefore(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv.URL(), redisstore.Options{Keep: 2})
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	ch := "before-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if _, err := s.Update(ctx, ch, "", counter); err != nil {
		t.Fatal(err)
	}
	ix, ixq := "referee:{"+ch+"}:ix", "referee:{"+ch+"}:ixq"
	if err := rdb.HSet(ctx, ix, "legacy", "0123456789abcdefthe old reply").Err(); err != nil {
		t.Fatal(err)
	}
	if err := rdb.RPush(ctx, ixq, "legacy").Err(); err != nil {
		t.Fatal(err)
	}
	a, err := s.Update(ctx, ch, "legacy", counter)
	if err != nil || !a.Replayed || string(a.Reply) != "the old reply" {
		t.Errorf("Update(legacy) = %+v, %v; want replayed %q", a, err, "the old reply")
	}
	for _, id := range []string{"n1", "n2"} {
		if _, err := s.Update(ctx, ch, id, counter); err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := rdb.HExists(ctx, ix, "legacy").Result(); err != nil || ok {
		t.Errorf("HEXISTS ix legacy = %v, %v; want it forgotten with its reply", ok, err)
	}
}

// TestRulingOutsideGameExpires: a ruling outside any game leaves no game key,
// only its channel's interaction keys, which expire after the remember window.
func TestRulingOutsideGameExpires(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv.URL(), redisstore.Options{})
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	ch := "ruling-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if _, err := s.UpdateLog(ctx, ch, "r1", func([]byte) (state.Change, error) {
		return state.Change{Reply: []byte("7"), Record: true}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if n, err := rdb.Exists(ctx, "referee:{"+ch+"}:game", "referee:{"+ch+"}:log").Result(); err != nil || n != 0 {
		t.Errorf("EXISTS game, log = %d, %v; want neither", n, err)
	}
	for _, k := range []string{"ix", "ixq", "ixt"} {
		key := "referee:{" + ch + "}:" + k
		ttl, err := rdb.PTTL(ctx, key).Result()
		if err != nil || ttl <= state.RememberFor-time.Minute || ttl > state.RememberFor+state.RememberFor/16 {
			t.Errorf("PTTL %s = %v, %v; want about %v and its slack", key, ttl, err, state.RememberFor)
		}
	}
}

// TestTTLsSetOncePerSlack: a write sets the keys' TTLs only when they were
// last set a slack (a sixteenth of the TTL) or more before, and always when
// it makes a key (the log's first entries) or the game is new; a delete
// leaves the next game's write to set them all again.
func TestTTLsSetOncePerSlack(t *testing.T) {
	srv := redistest.Start(t)
	s := open(t, srv.URL(), redisstore.Options{TTL: time.Hour})
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	ch := "slack-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	key := func(k string) string { return "referee:{" + ch + "}:" + k }
	write := func(id string, entries ...string) {
		t.Helper()
		if _, err := s.UpdateLog(ctx, ch, id, func([]byte) (state.Change, error) {
			c := state.Change{Doc: []byte(id), Reply: []byte(id)}
			for _, e := range entries {
				c.Append = append(c.Append, []byte(e))
			}
			return c, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	shorten := func() { // as if the TTLs had run down since they were set
		t.Helper()
		for _, k := range []string{"game", "ix", "ixq", "ixt", "log"} {
			rdb.PExpire(ctx, key(k), time.Minute)
		}
	}
	check := func(step string, want map[string]time.Duration) {
		t.Helper()
		for k, w := range want {
			ttl, err := rdb.PTTL(ctx, key(k)).Result()
			if err != nil || ttl <= w-time.Minute || ttl > w {
				t.Errorf("%s: PTTL %s = %v, %v; want about %v", step, k, ttl, err, w)
			}
		}
	}
	const full = time.Hour + time.Hour/16
	all := func(d time.Duration) map[string]time.Duration {
		return map[string]time.Duration{"game": d, "ix": d, "ixq": d, "ixt": d}
	}

	write("w1")
	check("a new game", all(full))
	shorten()
	write("w2")
	check("a write inside the slack", all(time.Minute))
	write("w3", "e1") // the log's first entry makes the log
	check("a write making the log", map[string]time.Duration{"game": full, "ix": full, "log": full})
	if err := rdb.HSet(ctx, key("game"), "refreshed", time.Now().Add(-time.Hour/16).UnixMilli()).Err(); err != nil {
		t.Fatal(err)
	}
	shorten()
	write("w4", "e2")
	check("a write a slack after the TTLs were set", map[string]time.Duration{"game": full, "ix": full, "ixq": full, "ixt": full, "log": full})
	if err := s.Delete(ctx, ch); err != nil {
		t.Fatal(err)
	}
	write("w5")
	check("the next game's first write", all(full))
}

// TestForgottenBeforeSwept: an id past the remember window, or beyond the
// most remembered, is forgotten as soon as it is (an update of it is applied
// anew, through the script or after the read of a store that remembers no
// document; Settle abandons it), though its record is deleted only at the
// next sweep, when replies are next dropped.
func TestForgottenBeforeSwept(t *testing.T) {
	srv := redistest.Start(t)
	opt, err := redis.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	for _, recent := range []int{0, -1} {
		for _, past := range []string{"window", "cap"} {
			t.Run(fmt.Sprintf("%s/recent=%d", past, recent), func(t *testing.T) {
				clk := statetest.NewClock()
				const keep, most = 8, 4
				s := open(t, srv.URL(), redisstore.Options{Now: clk.Now, Recent: recent, Keep: keep, MaxRemembered: most})
				ch := fmt.Sprintf("swept-%s-%d-%d", past, -recent, time.Now().UnixNano())
				ix := "referee:{" + ch + "}:ix"
				write := func(id, doc string) state.Applied {
					t.Helper()
					clk.Advance(time.Second)
					a, err := s.Update(ctx, ch, id, func([]byte) ([]byte, []byte, error) { return []byte(doc), []byte(doc), nil })
					if err != nil {
						t.Fatalf("Update(%s) = %v", id, err)
					}
					return a
				}
				write("old", "1")
				if past == "window" {
					clk.Advance(state.RememberFor - time.Second + time.Millisecond)
					write("new", "2")
				} else {
					for i := range most {
						write(fmt.Sprint("new", i), fmt.Sprint(i))
					}
				}
				if ok, err := rdb.HExists(ctx, ix, "old").Result(); err != nil || !ok {
					t.Fatalf("HEXISTS ix old = %v, %v; want the record kept until the next sweep", ok, err)
				}
				nothing := func([]byte) (state.Change, error) { return state.Change{Reply: []byte("asked")}, nil }
				if a, err := s.UpdateLog(ctx, ch, "old", nothing); err != nil || a.Replayed || string(a.Reply) != "asked" {
					t.Errorf("UpdateLog(old, writing nothing) = %+v, %v; want it run, not replayed", a, err)
				}
				if got, err := s.Settle(ctx, ch, "old"); err != nil || got.Applied {
					t.Errorf("Settle(old) = %+v, %v; want not applied (forgotten)", got, err)
				}
				if _, err := s.Update(ctx, ch, "old", again); !errors.Is(err, state.ErrAbandoned) {
					t.Errorf("Update(old) after Settle = %v; want ErrAbandoned", err)
				}
				for i := range keep + keep/4 {
					write(fmt.Sprint("more", i), "3")
				}
				if ok, err := rdb.HExists(ctx, ix, "old").Result(); err != nil || ok {
					t.Errorf("HEXISTS ix old = %v, %v; want it swept once replies were dropped", ok, err)
				}
			})
		}
	}
}

// again is what a replayed interaction would write if it were applied again.
func again([]byte) ([]byte, []byte, error) {
	return []byte("applied again"), []byte("applied again"), nil
}
