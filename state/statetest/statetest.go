package statetest

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/referee-bot/referee/state"
)

// Store is what the suite needs of a store.
type Store interface {
	Update(ctx context.Context, channel, interactionID string, fn state.UpdateFunc) (state.Applied, error)
	UpdateLog(ctx context.Context, channel, interactionID string, fn state.LogUpdateFunc) (state.Applied, error)
	Get(ctx context.Context, channel string) ([]byte, int64, error)
	GetLog(ctx context.Context, channel string, from, count int) (state.Read, error)
	Delete(ctx context.Context, channel string) error
	Settle(ctx context.Context, channel, interactionID string) (state.Settled, error)
	Index(ctx context.Context, index, key string) error
	Indexed(ctx context.Context, index string) ([]state.Indexed, error)
	Close() error
}

// Options are what the suite sets of a store it opens; zero values take the
// store's defaults.
type Options struct {
	TTL time.Duration
	// Now is the clock interaction ids are remembered by (nil: time.Now).
	Now func() time.Time
	// Keep is how many of a channel's latest replies are kept, and
	// MaxRemembered how many interaction ids a channel remembers at most.
	Keep, MaxRemembered int
}

// Backend is a store implementation under test.
type Backend struct {
	// Open opens a store on the backend's data with the given options.
	// Opening again after Close is a process restart: the new store must see
	// everything the old one wrote.
	Open func(t *testing.T, o Options) Store

	// Shared reports whether several stores may be open on the data at once
	// (several clients of one Redis, like several bot replicas). It is false
	// for a file locked by one process; the suite then keeps at most one store
	// open at a time.
	Shared bool

	// Restart, if set, restarts the backing server while no store is open,
	// keeping its data (e.g. a redis-server with an append-only file).
	Restart func(t *testing.T)

	// Clocked reports that the store expires games by Options.Now (a file,
	// not a server with a clock of its own): the TTL tests then move a
	// clock instead of waiting for the time to pass.
	Clocked bool
}

// ttlClock is what a TTL test reads the time by and lets it pass by, and
// the clock it opens its store with (nil: the store's own): a clock of the
// test's for a Clocked backend, else the time itself.
func ttlClock(b Backend) (now func() time.Time, pass func(time.Duration), opened func() time.Time) {
	if b.Clocked {
		c := NewClock()
		return c.Now, c.Advance, c.Now
	}
	return time.Now, time.Sleep, nil
}

// Run runs the conformance suite against b. Subtests run one after another
// and use channels of their own, so a backend may keep data between them.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(*testing.T, Backend, string)
	}{
		{"NotFound", testNotFound},
		{"CreateGetVersion", testCreateGetVersion},
		{"ConcurrentCounter", testConcurrentCounter},
		{"RedeliveredInteraction", testRedelivered},
		{"UpdateFuncError", testUpdateFuncError},
		{"NothingToWrite", testNothingToWrite},
		{"EmptyDocument", testEmptyDocument},
		{"Delete", testDelete},
		{"Restart", testRestart},
		{"ExportImport", testExportImport},
		{"CanceledContext", testCanceledContext},
		{"TTL", testTTL},
		{"LogAppendRead", testLogAppendRead},
		{"LogAtomicWithDocument", testLogAtomic},
		{"LogRedelivered", testLogRedelivered},
		{"LogReplaceDelete", testLogReplaceDelete},
		{"LogRestart", testLogRestart},
		{"LogTTL", testLogTTL},
		{"ReplayWindow", testReplayWindow},
		{"ReplayOutsideGame", testReplayOutsideGame},
		{"RememberCap", testRememberCap},
		{"SettleNotApplied", testSettleNotApplied},
		{"SettleApplied", testSettleApplied},
		{"SideChannelLink", testSideChannelLink},
		{"Campaign", testCampaign},
		{"Index", testIndex},
	}
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fn(t, b, "statetest-"+run+"-"+tt.name)
		})
	}
}

func open(t *testing.T, b Backend, ttl time.Duration) Store {
	t.Helper()
	return openWith(t, b, Options{TTL: ttl})
}

func openWith(t *testing.T, b Backend, o Options) Store {
	t.Helper()
	s := b.Open(t, o)
	t.Cleanup(func() { s.Close() })
	return s
}

// callTimeout bounds each call the suite makes of a store: far longer than
// any call takes, even on a loaded machine, so that only a hung store fails
// by it.
const callTimeout = 30 * time.Second

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	t.Cleanup(cancel)
	return ctx
}

// set is an UpdateFunc that writes doc and replies reply.
func set(doc, reply string) state.UpdateFunc {
	return func([]byte) ([]byte, []byte, error) { return []byte(doc), []byte(reply), nil }
}

// increment treats the document as a decimal counter (absent: 0), adds one,
// and replies with the new value.
func increment(cur []byte) ([]byte, []byte, error) {
	n := 0
	if cur != nil {
		var err error
		if n, err = strconv.Atoi(string(cur)); err != nil {
			return nil, nil, fmt.Errorf("counter document %q: %w", cur, err)
		}
	}
	next := []byte(strconv.Itoa(n + 1))
	return next, []byte("counter is now " + string(next)), nil
}

func mustGet(t *testing.T, s Store, channel string) ([]byte, int64) {
	t.Helper()
	doc, ver, err := s.Get(ctxT(t), channel)
	if err != nil {
		t.Fatalf("Get(%q): %v", channel, err)
	}
	return doc, ver
}

func mustUpdate(t *testing.T, s Store, channel, id string, fn state.UpdateFunc) state.Applied {
	t.Helper()
	a, err := s.Update(ctxT(t), channel, id, fn)
	if err != nil {
		t.Fatalf("Update(%q, %q): %v", channel, id, err)
	}
	return a
}

func testNotFound(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	ctx := ctxT(t)
	if doc, ver, err := s.Get(ctx, ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Get(unknown) = %q, %d, %v; want ErrNotFound", doc, ver, err)
	}
	if err := s.Delete(ctx, ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Delete(unknown) = %v; want ErrNotFound", err)
	}
	var saw []byte
	called := false
	mustUpdate(t, s, ch, "i1", func(cur []byte) ([]byte, []byte, error) {
		saw, called = cur, true
		return []byte("x"), nil, nil
	})
	if !called || saw != nil {
		t.Errorf("UpdateFunc on a new channel: called %v with %q; want called with nil", called, saw)
	}
}

func testCreateGetVersion(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	a1 := mustUpdate(t, s, ch, "c1", set("one", "made one"))
	if a1.Replayed || string(a1.Reply) != "made one" || a1.Version <= 0 {
		t.Fatalf("first Update = %+v; want reply %q, not replayed, version > 0", a1, "made one")
	}
	doc, ver := mustGet(t, s, ch)
	if string(doc) != "one" || ver != a1.Version {
		t.Errorf("Get = %q, %d; want %q, %d", doc, ver, "one", a1.Version)
	}
	var saw []byte
	a2 := mustUpdate(t, s, ch, "c2", func(cur []byte) ([]byte, []byte, error) {
		saw = cur
		return []byte("two"), []byte("made two"), nil
	})
	if string(saw) != "one" {
		t.Errorf("second UpdateFunc saw %q; want %q", saw, "one")
	}
	if a2.Version != a1.Version+1 {
		t.Errorf("second Update version = %d; want %d", a2.Version, a1.Version+1)
	}
	if doc, ver := mustGet(t, s, ch); string(doc) != "two" || ver != a2.Version {
		t.Errorf("Get = %q, %d; want %q, %d", doc, ver, "two", a2.Version)
	}
}

// testConcurrentCounter: 20 goroutines × 25 increments of one game give
// exactly 500, each applied update bumping the version by one. With a shared
// backend the goroutines are spread over four stores, so the compare-and-set
// between clients is what keeps updates from being lost: on Redis about two
// updates in three lose the race at least once (some 330 conflicts, as many
// in proportion as 100 × 50 gave, each one a lost update if the
// compare-and-set let it through). An update that loses the race retries for
// its whole call budget (not a fixed number of times: one goroutine once lost
// 20 in a row on a loaded machine), so an error here is a real failure, and a
// lost update shows in the count. Each update has a call's time of its own,
// as an interaction would: one deadline over all of them asked the machine
// for a speed, and a loaded one missed it.
func testConcurrentCounter(t *testing.T, b Backend, ch string) {
	const goroutines, each = 20, 25
	stores := []Store{open(t, b, 0)}
	if b.Shared {
		for range 3 {
			stores = append(stores, open(t, b, 0))
		}
	}
	start := mustUpdate(t, stores[0], ch, "start", set("0", ""))
	update := func(s Store, id string) (state.Applied, error) {
		ctx, cancel := context.WithTimeout(t.Context(), callTimeout)
		defer cancel()
		return s.Update(ctx, ch, id, increment)
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		s := stores[g%len(stores)]
		wg.Go(func() {
			for i := range each {
				id := fmt.Sprintf("g%d-i%d", g, i)
				a, err := update(s, id)
				if err != nil {
					errs <- fmt.Errorf("Update(%s): %w", id, err)
					return
				}
				if a.Replayed {
					errs <- fmt.Errorf("Update(%s) replayed a fresh interaction", id)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	doc, ver := mustGet(t, stores[0], ch)
	if want := strconv.Itoa(goroutines * each); string(doc) != want {
		t.Errorf("counter = %s; want %s", doc, want)
	}
	if want := start.Version + goroutines*each; ver != want {
		t.Errorf("version = %d; want %d", ver, want)
	}
}

// testRedelivered: one interaction delivered five times at once is applied
// once; every copy gets the reply of the call that applied it; a later copy,
// through any store, is answered with that reply and changes nothing.
func testRedelivered(t *testing.T, b Backend, ch string) {
	stores := []Store{open(t, b, 0)}
	if b.Shared {
		stores = append(stores, open(t, b, 0))
	}
	mustUpdate(t, stores[0], ch, "setup", set("41", ""))
	ctx := ctxT(t)
	const copies = 5
	results := make([]state.Applied, copies)
	errs := make([]error, copies)
	var wg sync.WaitGroup
	for i := range copies {
		wg.Go(func() {
			results[i], errs[i] = stores[i%len(stores)].Update(ctx, ch, "dup", increment)
		})
	}
	wg.Wait()
	fresh := 0
	for i := range copies {
		if errs[i] != nil {
			t.Fatalf("copy %d: %v", i, errs[i])
		}
		if !results[i].Replayed {
			fresh++
		}
		if diff := cmp.Diff(results[0].Reply, results[i].Reply); diff != "" {
			t.Errorf("copy %d reply differs from copy 0 (-0 +%d):\n%s", i, i, diff)
		}
		if results[i].Version != results[0].Version {
			t.Errorf("copy %d version = %d; copy 0 has %d", i, results[i].Version, results[0].Version)
		}
	}
	if fresh != 1 {
		t.Errorf("%d copies applied the interaction; want exactly 1", fresh)
	}
	if got, want := string(results[0].Reply), "counter is now 42"; got != want {
		t.Errorf("reply = %q; want %q", got, want)
	}
	if doc, _ := mustGet(t, stores[0], ch); string(doc) != "42" {
		t.Errorf("counter = %s after 5 copies of one interaction; want 42", doc)
	}

	for i, s := range stores {
		a := mustUpdate(t, s, ch, "dup", increment)
		if !a.Replayed || string(a.Reply) != "counter is now 42" {
			t.Errorf("late copy through store %d: Applied %+v; want replayed %q", i, a, "counter is now 42")
		}
	}
	if doc, _ := mustGet(t, stores[0], ch); string(doc) != "42" {
		t.Errorf("counter = %s after late copies of one interaction; want 42", doc)
	}
}

// testUpdateFuncError: an error from the UpdateFunc is returned unchanged and
// changes nothing, not even the interaction record.
func testUpdateFuncError(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	before := mustUpdate(t, s, ch, "e0", set("kept", ""))
	boom := errors.New("rule breach: that unit has already fired")
	_, err := s.Update(ctxT(t), ch, "e1", func(cur []byte) ([]byte, []byte, error) {
		return []byte("lost"), []byte("never"), boom
	})
	if err != boom {
		t.Errorf("Update with failing UpdateFunc = %v; want %v itself", err, boom)
	}
	if doc, ver := mustGet(t, s, ch); string(doc) != "kept" || ver != before.Version {
		t.Errorf("after failed update Get = %q, %d; want %q, %d", doc, ver, "kept", before.Version)
	}
	a := mustUpdate(t, s, ch, "e1", set("second try", "ok"))
	if a.Replayed || string(a.Reply) != "ok" {
		t.Errorf("retrying a failed interaction: %+v; want applied with reply %q", a, "ok")
	}
}

// testNothingToWrite: an UpdateFunc returning a nil document writes nothing,
// records nothing, and its reply is returned.
func testNothingToWrite(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	a := mustUpdate(t, s, ch, "n0", func(cur []byte) ([]byte, []byte, error) { return nil, []byte("no game here"), nil })
	if a.Replayed || string(a.Reply) != "no game here" || a.Version != 0 {
		t.Errorf("nil document on a new channel: %+v; want reply, version 0", a)
	}
	if _, _, err := s.Get(ctxT(t), ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Get after writing nothing = %v; want ErrNotFound", err)
	}
	w := mustUpdate(t, s, ch, "n1", set("v", ""))
	a = mustUpdate(t, s, ch, "n2", func(cur []byte) ([]byte, []byte, error) { return nil, []byte("status"), nil })
	if a.Version != w.Version || a.Replayed {
		t.Errorf("nil document on a game: %+v; want version %d", a, w.Version)
	}
	if _, ver := mustGet(t, s, ch); ver != w.Version {
		t.Errorf("version after writing nothing = %d; want %d", ver, w.Version)
	}
}

func testEmptyDocument(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	mustUpdate(t, s, ch, "z", set("", ""))
	doc, _ := mustGet(t, s, ch)
	if doc == nil || len(doc) != 0 {
		t.Errorf("Get of an empty document = %#v; want []byte{}", doc)
	}
}

// testDelete: a deleted game is not found, a new one can start, and its
// version does not go back, so an update computed before the delete cannot
// land on the new game.
func testDelete(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	ctx := ctxT(t)
	old := mustUpdate(t, s, ch, "d1", set("old", "ok"))
	if err := s.Delete(ctx, ch); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, _, err := s.Get(ctx, ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("Get after Delete = %v; want ErrNotFound", err)
	}
	if err := s.Delete(ctx, ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("second Delete = %v; want ErrNotFound", err)
	}
	var saw []byte
	a := mustUpdate(t, s, ch, "d2", func(cur []byte) ([]byte, []byte, error) {
		saw = cur
		return []byte("new"), nil, nil
	})
	if saw != nil {
		t.Errorf("UpdateFunc after Delete saw %q; want nil", saw)
	}
	if a.Version <= old.Version {
		t.Errorf("version of the new game = %d; want more than the deleted game's %d", a.Version, old.Version)
	}
	if r := mustUpdate(t, s, ch, "d1", set("again", "")); !r.Replayed {
		t.Errorf("an interaction applied before Delete was applied again after it")
	}
}

// testRestart: close every store (and restart the server, when the backend
// can), open again, and find the game and its interaction records.
func testRestart(t *testing.T, b Backend, ch string) {
	s := b.Open(t, Options{})
	w := mustUpdate(t, s, ch, "r1", set("before restart", "saved"))
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if b.Restart != nil {
		b.Restart(t)
	}
	s = open(t, b, 0)
	doc, ver := mustGet(t, s, ch)
	if string(doc) != "before restart" || ver != w.Version {
		t.Errorf("after restart Get = %q, %d; want %q, %d", doc, ver, "before restart", w.Version)
	}
	a := mustUpdate(t, s, ch, "r1", set("applied twice", ""))
	if !a.Replayed || string(a.Reply) != "saved" {
		t.Errorf("redelivery after restart: %+v; want replayed %q", a, "saved")
	}
}

// testExportImport: a document read with Get and written under another
// channel is byte for byte the same, whatever bytes it holds.
func testExportImport(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	var sb strings.Builder
	sb.WriteString(`{"schema":3,"ruleset":"greenjackets","log":[`)
	for i := range 400 {
		fmt.Fprintf(&sb, `{"n":%d,"dice":"2d6","roll":[%d,%d]},`, i, i%6+1, (i*7)%6+1)
	}
	sb.WriteString("\"\x00\xff\xfe binary tail\"]}")
	orig := []byte(sb.String())
	mustUpdate(t, s, ch+"-from", "x1", func([]byte) ([]byte, []byte, error) { return orig, nil, nil })

	exported, _ := mustGet(t, s, ch+"-from")
	mustUpdate(t, s, ch+"-to", "x2", func(cur []byte) ([]byte, []byte, error) {
		if cur != nil {
			return nil, nil, errors.New("import target is not empty")
		}
		return append([]byte(nil), exported...), nil, nil
	})
	imported, _ := mustGet(t, s, ch+"-to")
	if diff := cmp.Diff(orig, imported); diff != "" {
		t.Errorf("imported document differs from the original (-want +got):\n%s", diff)
	}
}

func testCanceledContext(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	w := mustUpdate(t, s, ch, "k0", set("kept", ""))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Update(ctx, ch, "k1", set("lost", "")); err == nil {
		t.Errorf("Update with a canceled context succeeded")
	}
	if doc, ver := mustGet(t, s, ch); string(doc) != "kept" || ver != w.Version {
		t.Errorf("after canceled update Get = %q, %d; want %q, %d", doc, ver, "kept", w.Version)
	}
}

// testTTL: with a 2s TTL, a write refreshes the TTL of the whole game
// (document and interaction records); a game left alone expires, while its
// interactions are remembered for their window.
func testTTL(t *testing.T, b Backend, ch string) {
	const ttl = 2 * time.Second
	now, pass, clock := ttlClock(b)
	s := openWith(t, b, Options{TTL: ttl, Now: clock})
	mustUpdate(t, s, ch, "t1", set("a", "first"))
	pass(ttl * 6 / 10)
	refreshed := now()
	mustUpdate(t, s, ch, "t2", set("b", ""))
	pass(ttl * 6 / 10)
	// 1.2s after the first write is past its TTL, but the refresh keeps the
	// game (unless this machine stalled past the refreshed TTL too).
	doc, _, err := s.Get(ctxT(t), ch)
	if since := now().Sub(refreshed); since < ttl-100*time.Millisecond {
		if err != nil || string(doc) != "b" {
			t.Errorf("Get %v after a refreshing write = %q, %v; want %q", since, doc, err, "b")
		}
		if a := mustUpdate(t, s, ch, "t1", set("c", "")); !a.Replayed {
			t.Errorf("interaction t1 was forgotten though the game's TTL was refreshed")
		}
	}
	deadline := now().Add(ttl + 5*time.Second)
	for {
		_, _, err := s.Get(ctxT(t), ch)
		if errors.Is(err, state.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatalf("Get while waiting for expiry: %v", err)
		}
		if now().After(deadline) {
			t.Fatalf("game still there %v after its last write; TTL is %v", now().Sub(refreshed), ttl)
		}
		pass(50 * time.Millisecond)
	}
	// The game's interactions are remembered for their own window, so a
	// replay of one is still answered, not applied to a new game.
	if a := mustUpdate(t, s, ch, "t1", set("replayed", "")); !a.Replayed || string(a.Reply) != "first" {
		t.Errorf("interaction t1 after expiry: %+v; want replayed %q", a, "first")
	}
	called := false
	a := mustUpdate(t, s, ch, "t3", func(cur []byte) ([]byte, []byte, error) {
		called = true
		if cur != nil {
			return nil, nil, fmt.Errorf("expired game still readable: %q", cur)
		}
		return []byte("fresh"), []byte("new game"), nil
	})
	if !called || a.Replayed {
		t.Errorf("a new interaction after expiry: %+v; want applied anew", a)
	}
}

// appendN is a LogUpdateFunc over a decimal counter document that adds n and
// appends the entries "e<k>" for each new value k, so that the log always
// holds e1 … e<counter>.
func appendN(n int) state.LogUpdateFunc {
	return func(cur []byte) (state.Change, error) {
		c := 0
		if cur != nil {
			var err error
			if c, err = strconv.Atoi(string(cur)); err != nil {
				return state.Change{}, fmt.Errorf("counter document %q: %w", cur, err)
			}
		}
		ch := state.Change{Doc: []byte(strconv.Itoa(c + n)), Reply: []byte("log is now " + strconv.Itoa(c+n))}
		for k := c + 1; k <= c+n; k++ {
			ch.Append = append(ch.Append, []byte("e"+strconv.Itoa(k)))
		}
		return ch, nil
	}
}

func mustUpdateLog(t *testing.T, s Store, channel, id string, fn state.LogUpdateFunc) state.Applied {
	t.Helper()
	a, err := s.UpdateLog(ctxT(t), channel, id, fn)
	if err != nil {
		t.Fatalf("UpdateLog(%q, %q): %v", channel, id, err)
	}
	return a
}

// entries is e<lo+1> … e<hi>.
func entries(lo, hi int) []string {
	var es []string
	for k := lo + 1; k <= hi; k++ {
		es = append(es, "e"+strconv.Itoa(k))
	}
	return es
}

// checkLog reads the channel's log from, count and compares it with want and
// its length with n.
func checkLog(t *testing.T, s Store, channel string, from, count int, want []string, n int) {
	t.Helper()
	r, err := s.GetLog(ctxT(t), channel, from, count)
	if err != nil {
		t.Fatalf("GetLog(%q, %d, %d): %v", channel, from, count, err)
	}
	var got []string
	for _, e := range r.Log {
		got = append(got, string(e))
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" || r.LogLen != n {
		t.Errorf("GetLog(%q, %d, %d): length %d (want %d), entries (-want +got):\n%s", channel, from, count, r.LogLen, n, diff)
	}
	if doc, ver := mustGet(t, s, channel); string(r.Doc) != string(doc) || r.Version != ver {
		t.Errorf("GetLog(%q) document %q, version %d; Get says %q, %d", channel, r.Doc, r.Version, doc, ver)
	}
}

// testLogAppendRead: entries appended by updates are read back in order,
// whole or a range at a time; a game without a log reads an empty one.
func testLogAppendRead(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	if _, err := s.GetLog(ctxT(t), ch, 0, 0); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("GetLog(unknown) = %v; want ErrNotFound", err)
	}
	mustUpdate(t, s, ch, "a0", set("0", ""))
	checkLog(t, s, ch, 0, 0, nil, 0)
	mustUpdateLog(t, s, ch, "a1", appendN(3))
	mustUpdateLog(t, s, ch, "a2", appendN(0))
	mustUpdateLog(t, s, ch, "a3", appendN(2))
	checkLog(t, s, ch, 0, 0, entries(0, 5), 5)
	checkLog(t, s, ch, -2, 0, entries(3, 5), 5)
	checkLog(t, s, ch, -50, 0, entries(0, 5), 5)
	checkLog(t, s, ch, 1, 2, entries(1, 3), 5)
	checkLog(t, s, ch, 4, 10, entries(4, 5), 5)
	checkLog(t, s, ch, 5, 0, nil, 5)
	checkLog(t, s, ch, 9, 3, nil, 5)
	// A large append in one update (an import brings a whole log).
	mustUpdateLog(t, s, ch, "a4", appendN(2500))
	checkLog(t, s, ch, -3, 0, entries(2502, 2505), 2505)
}

// testLogAtomic: appends are part of the update: an UpdateFunc's error or a
// nil document appends nothing, and 40 goroutines spread over the stores
// appending as they count leave exactly the entries of the count, in order.
func testLogAtomic(t *testing.T, b Backend, ch string) {
	stores := []Store{open(t, b, 0)}
	if b.Shared {
		stores = append(stores, open(t, b, 0), open(t, b, 0))
	}
	s := stores[0]
	mustUpdateLog(t, s, ch, "l0", appendN(1))
	boom := errors.New("rule breach")
	if _, err := s.UpdateLog(ctxT(t), ch, "l1", func(cur []byte) (state.Change, error) {
		c, _ := appendN(1)(cur)
		return c, boom
	}); err != boom {
		t.Errorf("UpdateLog with failing func = %v; want %v itself", err, boom)
	}
	mustUpdateLog(t, s, ch, "l2", func(cur []byte) (state.Change, error) {
		return state.Change{Reply: []byte("nothing"), Append: [][]byte{[]byte("stray")}}, nil
	})
	checkLog(t, s, ch, 0, 0, entries(0, 1), 1)

	const goroutines, each = 40, 10
	ctx := ctxT(t)
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		st := stores[g%len(stores)]
		wg.Go(func() {
			for i := range each {
				if _, err := st.UpdateLog(ctx, ch, fmt.Sprintf("g%d-i%d", g, i), appendN(1+i%2)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	doc, _ := mustGet(t, s, ch)
	n, _ := strconv.Atoi(string(doc))
	if want := 1 + goroutines*each*3/2; n != want {
		t.Errorf("counter = %d; want %d", n, want)
	}
	checkLog(t, s, ch, 0, 0, entries(0, n), n)
}

// testLogRedelivered: an interaction delivered five times at once appends its
// entries once, and a late copy appends nothing.
func testLogRedelivered(t *testing.T, b Backend, ch string) {
	stores := []Store{open(t, b, 0)}
	if b.Shared {
		stores = append(stores, open(t, b, 0))
	}
	mustUpdateLog(t, stores[0], ch, "setup", appendN(2))
	ctx := ctxT(t)
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Go(func() {
			if _, err := stores[i%len(stores)].UpdateLog(ctx, ch, "dup", appendN(3)); err != nil {
				t.Errorf("copy %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	a := mustUpdateLog(t, stores[len(stores)-1], ch, "dup", appendN(3))
	if !a.Replayed || string(a.Reply) != "log is now 5" {
		t.Errorf("late copy: %+v; want replayed %q", a, "log is now 5")
	}
	checkLog(t, stores[0], ch, 0, 0, entries(0, 5), 5)
}

// testLogReplaceDelete: ReplaceLog empties the log before its appends (an
// import); Delete removes the log, so a new game starts with none.
func testLogReplaceDelete(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	mustUpdateLog(t, s, ch, "r0", appendN(4))
	mustUpdateLog(t, s, ch, "r1", func([]byte) (state.Change, error) {
		return state.Change{Doc: []byte("2"), ReplaceLog: true, Append: [][]byte{[]byte("e1"), []byte("e2")}}, nil
	})
	checkLog(t, s, ch, 0, 0, entries(0, 2), 2)
	mustUpdateLog(t, s, ch, "r2", appendN(1))
	checkLog(t, s, ch, 0, 0, entries(0, 3), 3)
	mustUpdateLog(t, s, ch, "r3", func([]byte) (state.Change, error) {
		return state.Change{Doc: []byte("0"), ReplaceLog: true}, nil
	})
	checkLog(t, s, ch, 0, 0, nil, 0)
	mustUpdateLog(t, s, ch, "r4", appendN(2))
	if err := s.Delete(ctxT(t), ch); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := s.GetLog(ctxT(t), ch, 0, 0); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("GetLog after Delete = %v; want ErrNotFound", err)
	}
	mustUpdateLog(t, s, ch, "r5", appendN(1))
	checkLog(t, s, ch, 0, 0, entries(0, 1), 1)
}

// testLogRestart: the log survives closing every store (and restarting the
// server, when the backend can).
func testLogRestart(t *testing.T, b Backend, ch string) {
	s := b.Open(t, Options{})
	mustUpdateLog(t, s, ch, "s1", appendN(3))
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if b.Restart != nil {
		b.Restart(t)
	}
	s = open(t, b, 0)
	checkLog(t, s, ch, 0, 0, entries(0, 3), 3)
	if a := mustUpdateLog(t, s, ch, "s1", appendN(3)); !a.Replayed {
		t.Errorf("redelivery after restart applied again")
	}
	checkLog(t, s, ch, 0, 0, entries(0, 3), 3)
}

// testLogTTL: the log expires with its game: a new game after the expiry
// starts with an empty log.
func testLogTTL(t *testing.T, b Backend, ch string) {
	const ttl = time.Second
	now, pass, clock := ttlClock(b)
	s := openWith(t, b, Options{TTL: ttl, Now: clock})
	mustUpdateLog(t, s, ch, "t1", appendN(3))
	deadline := now().Add(ttl + 5*time.Second)
	for {
		_, err := s.GetLog(ctxT(t), ch, 0, 0)
		if errors.Is(err, state.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatalf("GetLog while waiting for expiry: %v", err)
		}
		if now().After(deadline) {
			t.Fatalf("game still there long after its TTL of %v", ttl)
		}
		pass(50 * time.Millisecond)
	}
	mustUpdateLog(t, s, ch, "t2", appendN(1))
	checkLog(t, s, ch, 0, 0, entries(0, 1), 1)
}
