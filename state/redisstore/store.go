package redisstore

import (
	"context"
	crand "crypto/rand"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/state"
)

// Defaults of Options.
const (
	DefaultTTL          = 90 * 24 * time.Hour
	DefaultDialTimeout  = time.Second
	DefaultReadTimeout  = 500 * time.Millisecond
	DefaultWriteTimeout = 500 * time.Millisecond
	DefaultPoolTimeout  = time.Second
	DefaultCallTimeout  = 2 * time.Second
	DefaultKeep         = 64
	DefaultRecent       = 1024
)

// tombstoneTTL bounds how long a deleted game's version and interaction
// records are kept (they stop an update computed before the delete, or a
// redelivered interaction, from acting on a new game).
const tombstoneTTL = time.Hour

// Options tune a Store. Zero values take the defaults; timeouts given in the
// URL's query win over these.
type Options struct {
	// TTL is how long a game is kept after its last write (default 90 days),
	// at least: a sixteenth more at most, as the TTLs are set again only
	// once that slack has passed since they were last set.
	TTL time.Duration
	// DialTimeout, ReadTimeout, WriteTimeout and PoolTimeout bound each
	// connection attempt, socket read and write, and wait for a pooled
	// connection (defaults 1s, 500ms, 500ms, 1s).
	DialTimeout, ReadTimeout, WriteTimeout, PoolTimeout time.Duration
	// CallTimeout bounds a whole Get, Update or Delete, retries included
	// (default 2s), so that a command can still answer within Discord's 3s.
	CallTimeout time.Duration
	// MaxRetries is how many times go-redis retries a command after a network
	// error (default 1; negative: never).
	MaxRetries int
	// PoolSize is the number of connections per node (default: go-redis's, 10 per CPU).
	PoolSize int
	// MaxAttempts bounds the compare-and-set attempts of one Update (default:
	// as many as CallTimeout leaves time for). An update that loses the race
	// this often fails with state.ErrConflict.
	MaxAttempts int
	// Keep is how many of a channel's latest interactions have their replies
	// kept (default 64); older ones are refused with state.ErrAlreadyApplied.
	// (Redis drops the older replies a quarter of Keep at a time.)
	Keep int
	// Remember is how long an interaction id is remembered after it was first
	// seen (default state.RememberFor), and MaxRemembered the most a channel
	// remembers (default state.MaxRemembered).
	Remember      time.Duration
	MaxRemembered int
	// Now is the clock the Remember window is judged by (default time.Now;
	// tests inject their own). The TTLs are Redis's own clock.
	Now func() time.Time
	// Recent is how many games' last-written documents the store keeps in
	// memory, so that the next update of the game can skip reading it
	// (default 1,024; negative: none).
	Recent int
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.TTL, DefaultTTL)
	def(&o.DialTimeout, DefaultDialTimeout)
	def(&o.ReadTimeout, DefaultReadTimeout)
	def(&o.WriteTimeout, DefaultWriteTimeout)
	def(&o.PoolTimeout, DefaultPoolTimeout)
	def(&o.CallTimeout, DefaultCallTimeout)
	switch {
	case o.MaxRetries == 0:
		o.MaxRetries = 1
	case o.MaxRetries < 0:
		o.MaxRetries = -1
	}
	if o.Keep <= 0 {
		o.Keep = DefaultKeep
	}
	def(&o.Remember, state.RememberFor)
	if o.MaxRemembered <= 0 {
		o.MaxRemembered = state.MaxRemembered
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Recent == 0 {
		o.Recent = DefaultRecent
	}
	return o
}

// A Store keeps games in Redis. It is safe for concurrent use.
type Store struct {
	rdb   redis.UniversalClient
	opts  Options
	trips atomic.Uint64
	// retries counts compare-and-set attempts lost to another writer.
	retries atomic.Uint64
	turns   turns
	recent  recent
}

// Open connects to the Redis named by rawURL and checks it answers PING.
//
// URL forms:
//
//	redis://[user:pass@]host[:6379][/db][?options]         standalone
//	rediss://…                                             standalone over TLS
//	unix://[user:pass@]/path/to/redis.sock[?db=N&options]  standalone on a unix socket
//	redis+sentinel://[user:pass@]host:26379[,host:port…]/master[/db][?options]
//	redis+cluster://[user:pass@]host:7000[,host:port…][?options]
//	rediss+sentinel://…, rediss+cluster://…                 the same over TLS
//
// For the standalone forms the options are go-redis's (redis.ParseURL), e.g.
// dial_timeout, read_timeout, pool_size, skip_verify. The Sentinel and Cluster
// forms take dial_timeout, read_timeout, write_timeout, pool_timeout
// (durations such as 500ms), pool_size, max_retries, protocol, client_name,
// skip_verify (TLS only), and for Sentinel sentinel_username and
// sentinel_password (the user and password in the URL are the master's), for
// Cluster max_redirects. An unknown option is an error.
func Open(ctx context.Context, rawURL string, opts Options) (*Store, error) {
	u, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&u.DialTimeout, opts.DialTimeout)
	def(&u.ReadTimeout, opts.ReadTimeout)
	def(&u.WriteTimeout, opts.WriteTimeout)
	def(&u.PoolTimeout, opts.PoolTimeout)
	if u.MaxRetries == 0 {
		u.MaxRetries = opts.MaxRetries
	}
	if u.PoolSize == 0 {
		u.PoolSize = opts.PoolSize
	}
	u.MinRetryBackoff = 8 * time.Millisecond
	u.MaxRetryBackoff = 64 * time.Millisecond
	u.DialerRetries = 1
	u.ContextTimeoutEnabled = true

	s := &Store{rdb: redis.NewUniversalClient(u), opts: opts, recent: newRecent(opts.Recent)}
	s.rdb.AddHook(tripCounter{&s.trips})
	if err := s.Ping(ctx); err != nil {
		s.rdb.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the connections.
func (s *Store) Close() error { return s.rdb.Close() }

// Ping checks that Redis answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return s.fail("ping", err)
	}
	return nil
}

// RoundTrips is the number of commands and pipelines the store has sent since
// Open, as go-redis's hooks see them: a command retried by go-redis, or
// redirected by a Cluster, counts once; a new connection's handshake (HELLO,
// AUTH, SELECT, CLIENT …) and a Cluster's topology queries do not count.
func (s *Store) RoundTrips() uint64 { return s.trips.Load() }

// Retries is the number of compare-and-set attempts that found the game
// changed by another writer (another replica) since they read it and were
// tried again.
func (s *Store) Retries() uint64 { return s.retries.Load() }

// keys are a channel's keys: game, ix, ixq, ixt, log (see the package doc).
type keys [5]string

func keysOf(channel string) keys {
	p := "referee:{" + channel + "}:"
	return keys{p + "game", p + "ix", p + "ixq", p + "ixt", p + "log"}
}

// Get returns the channel's document and its version, or an error wrapping
// state.ErrNotFound. One round trip.
func (s *Store) Get(ctx context.Context, channel string) ([]byte, int64, error) {
	if err := checkChannel(channel); err != nil {
		return nil, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	vals, err := s.rdb.HMGet(ctx, keysOf(channel)[0], "doc", "ver").Result()
	if err != nil {
		return nil, 0, s.fail("get "+channel, err)
	}
	doc, ver, err := parseGame(vals)
	if err != nil {
		return nil, 0, fmt.Errorf("redisstore: get %s: %w", channel, err)
	}
	if doc == nil {
		return nil, 0, fmt.Errorf("redisstore: get %s: %w", channel, state.ErrNotFound)
	}
	return doc, ver, nil
}

// GetLog returns the channel's document and version with part of its log
// (see state.LogRange for from and count), read at one instant, or an error
// wrapping state.ErrNotFound. One round trip.
func (s *Store) GetLog(ctx context.Context, channel string, from, count int) (state.Read, error) {
	if err := checkChannel(channel); err != nil {
		return state.Read{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	k := keysOf(channel)
	res, err := readScript.Run(ctx, s.rdb, []string{k[0], k[4]}, from, count).Slice()
	if err != nil {
		return state.Read{}, s.fail("get log "+channel, err)
	}
	r, err := parseRead(res)
	if err != nil {
		return state.Read{}, fmt.Errorf("redisstore: get log %s: %w", channel, err)
	}
	if r.Doc == nil {
		return state.Read{}, fmt.Errorf("redisstore: get log %s: %w", channel, state.ErrNotFound)
	}
	return r, nil
}

// Update applies fn to the channel's document atomically; see
// state.UpdateFunc and UpdateLog.
func (s *Store) Update(ctx context.Context, channel, interactionID string, fn state.UpdateFunc) (state.Applied, error) {
	return s.UpdateLog(ctx, channel, interactionID, func(cur []byte) (state.Change, error) {
		next, reply, err := fn(cur)
		return state.Change{Doc: next, Reply: reply}, err
	})
}

// UpdateLog applies fn to the channel's document and log atomically; see
// state.LogUpdateFunc. An empty interactionID records nothing (no
// idempotency). An fn returning a nil document writes, appends and records
// nothing. An update costs one round trip when this Store wrote the game last
// (fn runs on the document it wrote, and the compare-and-set checks that it is
// still current), otherwise two; whatever the length of the log.
//
// When the write's reply is lost (the connection drops after the script was
// sent), go-redis sends the script once more; it finds the interaction
// recorded with this call's token and Update reports the write as its own
// (Replayed false). If no answer comes in time, Update returns an error
// wrapping state.ErrIndeterminate: the write may yet be applied, and Settle
// finds out. An error wrapping state.ErrUnavailable means nothing was sent
// that could change anything.
//
// An interaction already recorded is answered with its remembered reply
// (Replayed), or refused with state.ErrAlreadyApplied when its reply is no
// longer kept, or with state.ErrAbandoned when Settle abandoned it.
func (s *Store) UpdateLog(ctx context.Context, channel, interactionID string, fn state.LogUpdateFunc) (state.Applied, error) {
	if err := checkChannel(channel); err != nil {
		return state.Applied{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	t, err := s.turns.enter(ctx, channel)
	if err != nil {
		return state.Applied{}, fmt.Errorf("redisstore: update %s: waiting for earlier updates: %w: %w", channel, state.ErrConflict, err)
	}
	defer s.turns.leave(channel, t)

	k := keysOf(channel)
	pause := false
	for attempt := 0; s.opts.MaxAttempts <= 0 || attempt < s.opts.MaxAttempts; attempt++ {
		if pause {
			if err := sleep(ctx, backoff(attempt)); err != nil {
				return state.Applied{}, fmt.Errorf("redisstore: update %s: %w after %d attempts: %w", channel, state.ErrConflict, attempt, err)
			}
		}
		a, done, fnErr, err := s.try(ctx, channel, k, interactionID, fn)
		switch {
		case fnErr != nil:
			return state.Applied{}, fnErr
		case err != nil:
			return state.Applied{}, s.fail("update "+channel, err)
		case done:
			return a, nil
		}
		s.retries.Add(1)
		// A first attempt lost over the document this Store remembered (another
		// replica has written since) brought back the current one: try again
		// at once. A later loss means writers are racing: pause, then read.
		if _, _, current := s.recent.get(channel); current && attempt == 0 {
			continue
		}
		s.recent.forget(channel)
		pause = true
	}
	return state.Applied{}, fmt.Errorf("redisstore: update %s: %w after %d attempts", channel, state.ErrConflict, s.opts.MaxAttempts)
}

// try is one attempt: done is false when the version changed under it; fnErr
// is the UpdateFunc's error.
//
// When the Store holds the document it last read or wrote for the channel, fn
// runs on it and the change goes straight to the compare-and-set (one round
// trip).
// Anything else — the game changed by another writer since, fn refusing or
// writing nothing (which must be judged on the stored game, and answered with
// the remembered reply if the interaction was applied) — falls back to reading
// the game first.
func (s *Store) try(ctx context.Context, channel string, k keys, id string, fn state.LogUpdateFunc) (a state.Applied, done bool, fnErr, err error) {
	if doc, ver, ok := s.recent.get(channel); ok {
		if c, err := fn(doc); err == nil && (c.Doc != nil || c.Record && id != "") {
			return outcome(s.write(ctx, channel, k, id, ver, doc, c))
		}
	}

	// Round trip 1: the document, its version and the interaction's record,
	// with whether its reply is among the last Keep (kept, as the scripts
	// read a record: ixq holds a few more until they are dropped) and
	// whether it is still remembered (as the scripts' remembered judges it:
	// a forgotten id's record stays until it is swept).
	var game *redis.SliceCmd
	var rec *redis.StringCmd
	var pos, rank *redis.IntCmd
	var seen *redis.FloatCmd
	_, _ = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		game = p.HMGet(ctx, k[0], "doc", "ver")
		if id != "" {
			rec = p.HGet(ctx, k[1], id)
			pos = p.LPos(ctx, k[2], id, redis.LPosArgs{Rank: -1, MaxLen: int64(s.opts.Keep)})
			seen = p.ZScore(ctx, k[3], id)
			rank = p.ZRevRank(ctx, k[3], id)
		}
		return nil
	})
	if err := game.Err(); err != nil {
		return a, false, nil, err
	}
	if id != "" {
		for _, c := range []redis.Cmder{rec, pos, seen, rank} {
			if c.Err() != nil && !errors.Is(c.Err(), redis.Nil) {
				return a, false, nil, c.Err()
			}
		}
	}
	cur, ver, err := parseGame(game.Val())
	if err != nil {
		return a, false, nil, err
	}
	s.recent.put(channel, cur, ver)
	if rec != nil && rec.Err() == nil && s.remembered(seen, rank) {
		r, err := parseRecord(rec.Val())
		if err != nil {
			return a, false, nil, err
		}
		if r.token != "" && errors.Is(pos.Err(), redis.Nil) {
			r = record{forgotten: true} // its reply is past the last Keep
		}
		a, err := r.replayed(ver, false)
		return a, true, err, nil
	}

	c, err := fn(cur)
	if err != nil {
		return a, false, err, nil
	}
	if c.Doc == nil && (!c.Record || id == "") {
		return state.Applied{Reply: reply(c.Reply), Version: ver}, true, nil, nil
	}

	return outcome(s.write(ctx, channel, k, id, ver, cur, c))
}

// remembered is the scripts' remembered over an id's score and rank in ixt
// (redis.Nil: not in it, a record from before ixt existed).
func (s *Store) remembered(seen *redis.FloatCmd, rank *redis.IntCmd) bool {
	if errors.Is(seen.Err(), redis.Nil) {
		return true
	}
	return int64(seen.Val()) >= s.opts.Now().UnixMilli()-s.opts.Remember.Milliseconds() && rank.Val() < int64(s.opts.MaxRemembered)
}

// outcome is try's result of a write: a record refusing the interaction is
// the update's answer, like an UpdateFunc's error.
func outcome(a state.Applied, status int64, err error) (_ state.Applied, done bool, fnErr, _ error) {
	if errors.Is(err, state.ErrAbandoned) || errors.Is(err, state.ErrAlreadyApplied) {
		return a, true, err, nil
	}
	return a, err == nil && status != statusConflict, nil, err
}

// write is the compare-and-set of change c over version ver of the game, whose
// document is base (round trip 2): it writes the document, records the reply
// and appends the log entries (or only records the reply) if the game is
// still at ver and the interaction is not yet recorded, and refreshes the
// TTLs. The record starts with a token of this attempt, so that if go-redis
// resends the script after losing its reply, the write is known as this
// call's own. The document written, or on a
// conflict the current one, is remembered for the channel's next attempt;
// but not one written while writers are racing for the game (the script
// marks it contended): the next write reads first, after those who lost.
//
// Once the script may have been sent, an error is an inFlight: Redis may yet
// run it (a frozen server thaws, a partition heals).
func (s *Store) write(ctx context.Context, channel string, k keys, id string, ver int64, base []byte, c state.Change) (a state.Applied, status int64, err error) {
	s.recent.forget(channel)
	out := c.Reply
	var token [tokenLen]byte
	crand.Read(token[:])
	record := append(token[:], out...)
	mode := "w"
	switch {
	case c.Doc == nil:
		mode = "r"
	case c.ReplaceLog:
		mode = "x"
	}
	args := make([]any, 0, 11+len(c.Append))
	args = append(args, ver, c.Doc, id, record, s.opts.TTL.Milliseconds(), s.opts.Now().UnixMilli(),
		s.opts.Remember.Milliseconds(), s.opts.MaxRemembered, s.opts.Keep, mode, time.Now().UnixMilli())
	if c.Doc != nil {
		for _, e := range c.Append {
			args = append(args, e)
		}
	}
	if err := ctx.Err(); err != nil {
		return a, 0, err // nothing sent
	}
	res, err := updateScript.Run(ctx, s.rdb, k[:], args...).Slice()
	if err != nil {
		return a, 0, inFlight{err}
	}
	status, newVer, err := parseResult(res)
	if err != nil {
		return a, 0, err
	}
	switch status {
	case statusWritten:
		switch contended, _ := res[2].(int64); {
		case c.Doc == nil:
			s.recent.put(channel, base, newVer) // only recorded: the game is as it was
		case contended == 0:
			s.recent.put(channel, c.Doc, newVer) // not changed once returned (state.Change)
		}
		return state.Applied{Reply: reply(out), Version: newVer}, status, nil
	case statusReplayed:
		raw, _ := res[2].(string)
		r, err := parseRecord(raw)
		if err != nil {
			return a, 0, err
		}
		a, err := r.replayed(newVer, r.token == string(token[:]))
		return a, status, err
	default:
		if cur, ok := res[2].(string); ok {
			s.recent.put(channel, []byte(cur), newVer)
		}
		return a, status, nil
	}
}

// Settle finds out whether the interaction was applied to the channel's game
// (or recorded outside one), and if it was not, records it as abandoned, in
// one script: an update of it still on its way to Redis then finds it
// recorded and writes nothing, and a redelivery is refused with
// state.ErrAbandoned. Whichever runs first, Settle's answer is the truth.
// An interaction applied longer ago than its reply is kept is Applied with a
// nil Reply.
func (s *Store) Settle(ctx context.Context, channel, interactionID string) (state.Settled, error) {
	if err := checkChannel(channel); err != nil {
		return state.Settled{}, err
	}
	if interactionID == "" {
		return state.Settled{}, errors.New("redisstore: settle: empty interaction id")
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	k := keysOf(channel)
	res, err := settleScript.Run(ctx, s.rdb, k[:4], interactionID, s.opts.Now().UnixMilli(),
		s.opts.Remember.Milliseconds(), s.opts.MaxRemembered, s.opts.Keep).Slice()
	if err != nil {
		return state.Settled{}, s.fail("settle "+channel, err)
	}
	found, ok1 := res[0].(int64)
	ver, ok2 := res[1].(int64)
	if len(res) != 3 || !ok1 || !ok2 {
		return state.Settled{}, fmt.Errorf("redisstore: settle %s: unexpected result %v", channel, res)
	}
	if found == 0 {
		return state.Settled{Version: ver}, nil
	}
	raw, _ := res[2].(string)
	r, err := parseRecord(raw)
	if err != nil {
		return state.Settled{}, fmt.Errorf("redisstore: settle %s: %w", channel, err)
	}
	return state.Settled{Applied: !r.abandoned, Reply: r.reply, Version: ver}, nil
}

// Delete removes the channel's game, or returns an error wrapping
// state.ErrNotFound. Its version stays for an hour (or the TTL, if shorter),
// and its interaction records for that and at least the Remember window, so
// a later game of the channel continues the version and a redelivered
// interaction is still recognised. A delete sent but not confirmed is an
// error wrapping state.ErrIndeterminate.
func (s *Store) Delete(ctx context.Context, channel string) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	t, err := s.turns.enter(ctx, channel)
	if err != nil {
		return fmt.Errorf("redisstore: delete %s: waiting for updates: %w: %w", channel, state.ErrConflict, err)
	}
	defer s.turns.leave(channel, t)
	k := keysOf(channel)
	s.recent.forget(channel)
	if err := ctx.Err(); err != nil {
		return s.fail("delete "+channel, err) // nothing sent
	}
	n, err := deleteScript.Run(ctx, s.rdb, k[:], min(s.opts.TTL, tombstoneTTL).Milliseconds(), s.opts.Remember.Milliseconds()).Int64()
	if err != nil {
		return s.fail("delete "+channel, inFlight{err})
	}
	if n == 0 {
		return fmt.Errorf("redisstore: delete %s: %w", channel, state.ErrNotFound)
	}
	return nil
}

func checkChannel(channel string) error {
	if channel == "" {
		return errors.New("redisstore: empty channel id")
	}
	return nil
}

// reply normalises an empty reply to nil, so that a replay returns what the
// first call did.
func reply(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// inFlight is the error of a write that may have reached Redis.
type inFlight struct{ err error }

func (e inFlight) Error() string { return e.err.Error() }
func (e inFlight) Unwrap() error { return e.err }

// fail wraps err. A write that may have reached Redis wraps
// state.ErrIndeterminate; otherwise errors meaning Redis cannot be reached or
// cannot serve (network, timeouts, a closed client, a loading or
// failing-over server) wrap state.ErrUnavailable.
func (s *Store) fail(op string, err error) error {
	var sent inFlight
	if errors.As(err, &sent) {
		return fmt.Errorf("redisstore: %s: %w: %w", op, state.ErrIndeterminate, sent.err)
	}
	if unavailable(err) {
		return fmt.Errorf("redisstore: %s: %w: %w", op, state.ErrUnavailable, err)
	}
	return fmt.Errorf("redisstore: %s: %w", op, err)
}

func unavailable(err error) bool {
	var rerr redis.Error
	if !errors.As(err, &rerr) {
		return true // network, timeout, pool, closed client, context
	}
	return redis.IsLoadingError(err) || redis.IsReadOnlyError(err) || redis.IsClusterDownError(err) ||
		redis.IsTryAgainError(err) || redis.IsMasterDownError(err) || redis.IsMaxClientsError(err) ||
		redis.IsNoReplicasError(err) || redis.HasErrorPrefix(err, "BUSY")
}

// backoff is a jittered, capped exponential pause before attempt n (n ≥ 1):
// up to 1ms, 2ms, 4ms … 16ms. Updates of a channel take turns within a
// process, so only as many updates race as there are replicas, and the other
// updates of the channel in this process wait behind this one: short pauses.
func backoff(n int) time.Duration {
	ceil := time.Millisecond << min(n-1, 4)
	return ceil/2 + rand.N(ceil/2+1)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// recent holds, for the channels whose games this Store last read or wrote
// (the Options.Recent most recent), the document and its version (a nil
// document: the channel had no game at that version). A channel's
// entry is read and written only by the channel's turn of update; one pushed
// out costs the game's next update one more round trip, nothing else. A nil
// recent holds nothing.
type recent struct {
	docs *lru.Cache[string, versioned]
}

type versioned struct {
	doc []byte
	ver int64
}

func newRecent(size int) recent {
	if size <= 0 {
		return recent{}
	}
	docs, _ := lru.New[string, versioned](size) // a positive size: no error
	return recent{docs}
}

func (r recent) get(channel string) ([]byte, int64, bool) {
	if r.docs == nil {
		return nil, 0, false
	}
	v, ok := r.docs.Get(channel)
	return v.doc, v.ver, ok
}

// put remembers doc, which nothing may modify after.
func (r recent) put(channel string, doc []byte, ver int64) {
	if r.docs != nil {
		r.docs.Add(channel, versioned{doc, ver})
	}
}

func (r recent) forget(channel string) {
	if r.docs != nil {
		r.docs.Remove(channel)
	}
}

// turns makes the updates of one channel through one Store take turns, so
// that they do not race each other's compare-and-set.
type turns struct {
	mu sync.Mutex
	m  map[string]*turn
}

type turn struct {
	ch      chan struct{}
	waiting int
}

// enter waits for the channel's turn; leave(channel, t) ends it.
func (ts *turns) enter(ctx context.Context, channel string) (*turn, error) {
	ts.mu.Lock()
	if ts.m == nil {
		ts.m = make(map[string]*turn)
	}
	t := ts.m[channel]
	if t == nil {
		t = &turn{ch: make(chan struct{}, 1)}
		ts.m[channel] = t
	}
	t.waiting++
	ts.mu.Unlock()
	select {
	case t.ch <- struct{}{}:
		return t, nil
	case <-ctx.Done():
		ts.release(channel, t)
		return nil, ctx.Err()
	}
}

// leave ends the turn enter gave.
func (ts *turns) leave(channel string, t *turn) {
	<-t.ch
	ts.release(channel, t)
}

// release stops waiting for a turn or holding one: the channel's turn is
// forgotten when no one waits for it.
func (ts *turns) release(channel string, t *turn) {
	ts.mu.Lock()
	if t.waiting--; t.waiting == 0 {
		delete(ts.m, channel)
	}
	ts.mu.Unlock()
}

// tripCounter counts commands and pipelines, less connection set-up.
type tripCounter struct{ n *atomic.Uint64 }

// setup reports whether cmd is go-redis's own connection or topology set-up.
func setup(cmd redis.Cmder) bool {
	switch cmd.Name() {
	case "hello", "auth", "select", "readonly", "client", "cluster":
		return true
	}
	return false
}

func (h tripCounter) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h tripCounter) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if !setup(cmd) {
			h.n.Add(1)
		}
		return next(ctx, cmd)
	}
}

func (h tripCounter) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if !slices.ContainsFunc(cmds, setup) {
			h.n.Add(1)
		}
		return next(ctx, cmds)
	}
}
