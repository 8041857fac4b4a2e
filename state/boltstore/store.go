package boltstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/referee-bot/referee/state"
)

// FileName is the name of the database file in the directory given to Open.
const FileName = "referee.db"

// Defaults of Options.
const (
	DefaultTTL         = 90 * 24 * time.Hour
	DefaultKeep        = 64
	DefaultLockTimeout = time.Second
)

// tombstoneTTL bounds how long a deleted game's version and interaction
// records are kept, as in redisstore.
const tombstoneTTL = time.Hour

// sweepBatch is how many expired games a write removes at most.
const sweepBatch = 16

// Options tune a Store. Zero values take the defaults.
type Options struct {
	// TTL is how long a game is kept after its last write (default 90 days).
	TTL time.Duration
	// Keep is how many of a channel's latest interactions have their replies
	// kept (default 64); older ones are refused with state.ErrAlreadyApplied.
	Keep int
	// Remember is how long an interaction id is remembered after it was first
	// seen (default state.RememberFor), and MaxRemembered the most a channel
	// remembers (default state.MaxRemembered).
	Remember      time.Duration
	MaxRemembered int
	// LockTimeout is how long Open waits for another process to release the
	// file (default 1s).
	LockTimeout time.Duration
	// Now is the clock (default time.Now); tests inject their own.
	Now func() time.Time
}

// A Store keeps games in a bbolt file. It is safe for concurrent use.
type Store struct {
	db   *bolt.DB
	opts Options
	mem  memory
}

var (
	bucketGames  = []byte("games")  // channel → game record
	bucketIx     = []byte("ix")     // before bucketSeen: len(channel) channel id → reply
	bucketExpiry = []byte("expiry") // expiry (8 bytes, big endian, unix ns) channel → empty
	bucketLog    = []byte("log")    // channel → bucket: index (8 bytes, big endian, from 0) → entry
)

// Open opens (creating if need be) the store in dir/FileName.
func Open(dir string, opts Options) (*Store, error) {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Keep <= 0 {
		opts.Keep = DefaultKeep
	}
	if opts.LockTimeout <= 0 {
		opts.LockTimeout = DefaultLockTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Remember <= 0 {
		opts.Remember = state.RememberFor
	}
	if opts.MaxRemembered <= 0 {
		opts.MaxRemembered = state.MaxRemembered
	}
	mem := memory{window: opts.Remember, most: opts.MaxRemembered, keep: opts.Keep}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("boltstore: %w: %w", state.ErrUnavailable, err)
	}
	path := filepath.Join(dir, FileName)
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.LockTimeout})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			err = fmt.Errorf("%s is locked by another process: %w", path, err)
		}
		return nil, fmt.Errorf("boltstore: open: %w: %w", state.ErrUnavailable, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketGames, bucketExpiry, bucketLog, bucketSeen, bucketSeenBy} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		now := opts.Now()
		if err := mem.adopt(tx, now); err != nil {
			return err
		}
		if err := sweep(tx, now, -1); err != nil {
			return err
		}
		return mem.sweepSeen(tx, now, -1)
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("boltstore: open %s: %w", path, err)
	}
	db.MaxBatchDelay = batchDelay
	return &Store{db: db, opts: opts, mem: mem}, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// Ping checks that the file is open.
func (s *Store) Ping(ctx context.Context) error {
	err := s.db.View(func(*bolt.Tx) error { return nil })
	if err != nil {
		return fmt.Errorf("boltstore: ping: %w: %w", state.ErrUnavailable, err)
	}
	return nil
}

// Get returns the channel's document and its version, or an error wrapping
// state.ErrNotFound.
func (s *Store) Get(ctx context.Context, channel string) ([]byte, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, fmt.Errorf("boltstore: get %s: %w", channel, err)
	}
	var g game
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		g, err = load(tx, channel, s.opts.Now())
		return err
	})
	if err != nil {
		return nil, 0, s.fail("get "+channel, err)
	}
	if g.doc == nil {
		return nil, 0, fmt.Errorf("boltstore: get %s: %w", channel, state.ErrNotFound)
	}
	return g.doc, g.ver, nil
}

// GetLog returns the channel's document and version with part of its log
// (see state.LogRange for from and count), read in one transaction, or an
// error wrapping state.ErrNotFound.
func (s *Store) GetLog(ctx context.Context, channel string, from, count int) (state.Read, error) {
	if err := ctx.Err(); err != nil {
		return state.Read{}, fmt.Errorf("boltstore: get log %s: %w", channel, err)
	}
	var r state.Read
	err := s.db.View(func(tx *bolt.Tx) error {
		g, err := load(tx, channel, s.opts.Now())
		if err != nil || g.doc == nil {
			return err
		}
		r.Doc, r.Version = g.doc, g.ver
		b := tx.Bucket(bucketLog).Bucket([]byte(channel))
		if b == nil {
			return nil
		}
		c := b.Cursor()
		r.LogLen = logLen(c)
		lo, hi := state.LogRange(r.LogLen, from, count)
		r.Log = make([][]byte, 0, hi-lo)
		for k, v := c.Seek(logKey(lo)); k != nil && len(r.Log) < hi-lo; k, v = c.Next() {
			r.Log = append(r.Log, bytes.Clone(v))
		}
		return nil
	})
	if err != nil {
		return state.Read{}, s.fail("get log "+channel, err)
	}
	if r.Doc == nil {
		return state.Read{}, fmt.Errorf("boltstore: get log %s: %w", channel, state.ErrNotFound)
	}
	return r, nil
}

// logLen is the length of a log: its entries are numbered from 0 without gaps.
func logLen(c *bolt.Cursor) int {
	k, _ := c.Last()
	if len(k) != 8 {
		return 0
	}
	return int(binary.BigEndian.Uint64(k)) + 1
}

func logKey(i int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(i)) }

// appendLog writes a change's entries to the channel's log.
func appendLog(tx *bolt.Tx, channel string, c state.Change) error {
	logs := tx.Bucket(bucketLog)
	if c.ReplaceLog {
		if err := deleteLog(tx, channel); err != nil {
			return err
		}
	}
	if len(c.Append) == 0 {
		return nil
	}
	b, err := logs.CreateBucketIfNotExists([]byte(channel))
	if err != nil {
		return err
	}
	n := logLen(b.Cursor())
	for i, e := range c.Append {
		if err := b.Put(logKey(n+i), bytes.Clone(e)); err != nil {
			return err
		}
	}
	return nil
}

// deleteLog removes the channel's log, if it has one.
func deleteLog(tx *bolt.Tx, channel string) error {
	err := tx.Bucket(bucketLog).DeleteBucket([]byte(channel))
	if errors.Is(err, bolterrors.ErrBucketNotFound) {
		return nil
	}
	return err
}

// errNoWrite rolls back a write transaction that had nothing to write.
var errNoWrite = errors.New("nothing to write")

// batchDelay is how long a write waits for others to share its commit (and
// its fsync): bbolt's Batch.
const batchDelay = time.Millisecond

// Update applies fn to the channel's document inside a write transaction;
// see state.UpdateFunc and UpdateLog.
func (s *Store) Update(ctx context.Context, channel, interactionID string, fn state.UpdateFunc) (state.Applied, error) {
	return s.UpdateLog(ctx, channel, interactionID, func(cur []byte) (state.Change, error) {
		next, reply, err := fn(cur)
		return state.Change{Doc: next, Reply: reply}, err
	})
}

// UpdateLog applies fn to the channel's document and log inside a write
// transaction; see state.LogUpdateFunc. An empty interactionID records
// nothing. An fn returning a nil document writes, appends and records
// nothing. Concurrent updates
// share a commit (bbolt's Batch), so fn may be called again if another update
// of the batch fails; fn runs while the file's write lock is held, so it must
// be quick. If it panics, nothing of its update is written and the panic goes
// on in the caller's goroutine.
func (s *Store) UpdateLog(ctx context.Context, channel, interactionID string, fn state.LogUpdateFunc) (state.Applied, error) {
	if err := checkChannel(channel); err != nil {
		return state.Applied{}, err
	}
	if err := ctx.Err(); err != nil {
		return state.Applied{}, fmt.Errorf("boltstore: update %s: %w", channel, err)
	}
	// A redelivered interaction is answered from a read transaction.
	if interactionID != "" {
		var (
			applied state.Applied
			found   bool
			refusal error
		)
		err := s.db.View(func(tx *bolt.Tx) error {
			now := s.opts.Now()
			g, err := load(tx, channel, now)
			if err != nil {
				return err
			}
			var m memo
			if m, found = s.mem.recall(tx, channel, interactionID, now); found {
				applied, refusal = m.replayed(g.ver)
			}
			return nil
		})
		if err != nil {
			return state.Applied{}, s.fail("update "+channel, err)
		}
		if found {
			return applied, refusal
		}
	}

	var applied state.Applied
	var fnErr error
	err := s.db.Batch(func(tx *bolt.Tx) error {
		applied, fnErr = state.Applied{}, nil
		now := s.opts.Now()
		g, err := load(tx, channel, now)
		if err != nil {
			return err
		}
		if interactionID != "" {
			if m, ok := s.mem.recall(tx, channel, interactionID, now); ok {
				applied, fnErr = m.replayed(g.ver)
				return nil
			}
		}
		c, err := fn(g.doc)
		if err != nil {
			fnErr = err
			return nil
		}
		out := c.Reply
		applied = state.Applied{Reply: reply(out), Version: g.ver}
		if c.Doc != nil {
			if err := appendLog(tx, channel, c); err != nil {
				return err
			}
			g.doc = bytes.Clone(c.Doc)
			g.ver++
			applied.Version = g.ver
			if err := save(tx, channel, g, now.Add(s.opts.TTL)); err != nil {
				return err
			}
		}
		if interactionID != "" && (c.Doc != nil || c.Record) {
			if err := s.mem.remember(tx, channel, interactionID, kindReply, out, now); err != nil {
				return err
			}
		}
		if c.Doc == nil && !c.Record {
			return nil
		}
		if err := sweep(tx, now, sweepBatch); err != nil {
			return err
		}
		return s.mem.sweepSeen(tx, now, sweepBatch)
	})
	switch {
	case err != nil:
		return state.Applied{}, s.fail("update "+channel, err)
	case fnErr != nil:
		return state.Applied{}, fnErr
	}
	return applied, nil
}

// Settle finds out whether the interaction was applied to the channel's game
// (or recorded outside one), and if it was not, records it as abandoned, so
// that a redelivery is refused with state.ErrAbandoned. An interaction applied
// longer ago than its reply is kept is Applied with a nil Reply.
func (s *Store) Settle(ctx context.Context, channel, interactionID string) (state.Settled, error) {
	if err := checkChannel(channel); err != nil {
		return state.Settled{}, err
	}
	if interactionID == "" {
		return state.Settled{}, errors.New("boltstore: settle: empty interaction id")
	}
	if err := ctx.Err(); err != nil {
		return state.Settled{}, fmt.Errorf("boltstore: settle %s: %w", channel, err)
	}
	var settled state.Settled
	err := s.db.Update(func(tx *bolt.Tx) error {
		now := s.opts.Now()
		g, err := load(tx, channel, now)
		if err != nil {
			return err
		}
		settled = state.Settled{Version: g.ver}
		if m, ok := s.mem.recall(tx, channel, interactionID, now); ok {
			settled.Applied = m.kind != kindAbandoned
			if m.kind == kindReply {
				settled.Reply = reply(m.reply)
			}
			return nil
		}
		return s.mem.remember(tx, channel, interactionID, kindAbandoned, nil, now)
	})
	if err != nil {
		return state.Settled{}, s.fail("settle "+channel, err)
	}
	return settled, nil
}

// Delete removes the channel's game, or returns an error wrapping
// state.ErrNotFound. Its version stays for an hour (or the TTL, if shorter),
// so a later game of the channel continues the version; its interactions
// are remembered for their window all the same, so a redelivered one is
// still recognised.
func (s *Store) Delete(ctx context.Context, channel string) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("boltstore: delete %s: %w", channel, err)
	}
	found := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		now := s.opts.Now()
		g, err := load(tx, channel, now)
		if err != nil {
			return err
		}
		if g.doc == nil {
			return errNoWrite
		}
		found = true
		if err := deleteLog(tx, channel); err != nil {
			return err
		}
		g.doc = nil
		g.ver++
		return save(tx, channel, g, now.Add(min(s.opts.TTL, tombstoneTTL)))
	})
	if err != nil && !errors.Is(err, errNoWrite) {
		return s.fail("delete "+channel, err)
	}
	if !found {
		return fmt.Errorf("boltstore: delete %s: %w", channel, state.ErrNotFound)
	}
	return nil
}

func (s *Store) fail(op string, err error) error {
	var ce corruptError
	if errors.As(err, &ce) {
		return fmt.Errorf("boltstore: %s: %w", op, err)
	}
	return fmt.Errorf("boltstore: %s: %w: %w", op, state.ErrUnavailable, err)
}

func checkChannel(channel string) error {
	if channel == "" {
		return errors.New("boltstore: empty channel id")
	}
	return nil
}

// reply copies a reply out of a transaction, an empty one as nil.
func reply(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return bytes.Clone(b)
}

// A game is a channel's record: the document (nil after Delete), its version
// and when it expires. ids are the interaction ids a record written before
// bucketSeen remembered, oldest first (their replies in bucketIx), until
// Open adopts them.
type game struct {
	doc []byte
	ver int64
	exp time.Time
	ids []string
}

type corruptError struct{ channel string }

func (e corruptError) Error() string { return "corrupt record for channel " + e.channel }

// load reads the channel's game, copied out of the transaction; an expired
// game is as good as none.
func load(tx *bolt.Tx, channel string, now time.Time) (game, error) {
	raw := tx.Bucket(bucketGames).Get([]byte(channel))
	if raw == nil {
		return game{}, nil
	}
	g, ok := decode(raw)
	if !ok {
		return game{}, corruptError{channel}
	}
	if !now.Before(g.exp) {
		if tx.Writable() {
			return game{}, purge(tx, channel, g)
		}
		return game{}, nil
	}
	return g, nil
}

// save writes g with a new expiry and moves its entry in the expiry index.
func save(tx *bolt.Tx, channel string, g game, exp time.Time) error {
	exps := tx.Bucket(bucketExpiry)
	if !g.exp.IsZero() {
		if err := exps.Delete(expiryKey(g.exp, channel)); err != nil {
			return err
		}
	}
	g.exp = exp
	if err := exps.Put(expiryKey(exp, channel), nil); err != nil {
		return err
	}
	return tx.Bucket(bucketGames).Put([]byte(channel), encode(g))
}

// purge removes a game, its log and its expiry entry (its interactions are
// remembered for their window all the same).
func purge(tx *bolt.Tx, channel string, g game) error {
	if err := deleteLog(tx, channel); err != nil {
		return err
	}
	if err := tx.Bucket(bucketExpiry).Delete(expiryKey(g.exp, channel)); err != nil {
		return err
	}
	return tx.Bucket(bucketGames).Delete([]byte(channel))
}

// sweep purges up to limit games (all, if limit < 0) that expired before now.
func sweep(tx *bolt.Tx, now time.Time, limit int) error {
	var expired []string // expiry keys
	c := tx.Bucket(bucketExpiry).Cursor()
	for k, _ := c.First(); k != nil && limit != 0; k, _ = c.Next() {
		if len(k) < 8 || int64(binary.BigEndian.Uint64(k)) > now.UnixNano() {
			break
		}
		expired = append(expired, string(k))
		limit--
	}
	for _, k := range expired {
		if err := tx.Bucket(bucketExpiry).Delete([]byte(k)); err != nil {
			return err
		}
		if _, err := load(tx, k[8:], now); err != nil {
			return err
		}
	}
	return nil
}

func ixKey(channel, id string) []byte {
	k := binary.AppendUvarint(nil, uint64(len(channel)))
	k = append(k, channel...)
	return append(k, id...)
}

func expiryKey(exp time.Time, channel string) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(exp.UnixNano()))
	return append(k, channel...)
}

// Record format 1: 0x01, uvarint version, varint expiry (unix ns), 0/1 has
// document, uvarint length and document, uvarint count of ids, each a uvarint
// length and the id.
const format = 1

func encode(g game) []byte {
	b := []byte{format}
	b = binary.AppendUvarint(b, uint64(g.ver))
	b = binary.AppendVarint(b, g.exp.UnixNano())
	if g.doc == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		b = binary.AppendUvarint(b, uint64(len(g.doc)))
		b = append(b, g.doc...)
	}
	b = binary.AppendUvarint(b, uint64(len(g.ids)))
	for _, id := range g.ids {
		b = binary.AppendUvarint(b, uint64(len(id)))
		b = append(b, id...)
	}
	return b
}

func decode(b []byte) (g game, ok bool) {
	r := reader{b: b, ok: true}
	if r.byte() != format {
		return game{}, false
	}
	g.ver = int64(r.uvarint())
	g.exp = time.Unix(0, r.varint())
	if r.byte() == 1 {
		g.doc = bytes.Clone(r.bytes(r.uvarint()))
		if g.doc == nil {
			g.doc = []byte{}
		}
	}
	n := r.uvarint()
	for i := uint64(0); i < n && r.ok; i++ {
		g.ids = append(g.ids, string(r.bytes(r.uvarint())))
	}
	return g, r.ok && len(r.b) == 0
}

type reader struct {
	b  []byte
	ok bool
}

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n uint64) []byte {
	if uint64(len(r.b)) < n {
		r.fail()
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) fail() { r.ok = false; r.b = nil }
