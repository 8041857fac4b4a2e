package boltstore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/referee-bot/referee/state"
)

// The interactions a channel remembers (with or without a game) are a bucket
// of their own in bucketSeen, named by the channel:
//
//	"i" id         → first seen (8 bytes, big endian, unix ns), kind, reply
//	"q" sequence   → id, in the order first seen (8 bytes, big endian)
//
// Its sequence (bbolt's) numbers them, and ids are forgotten from the oldest
// only, so its "q" keys run without gaps from the oldest to the newest.
// bucketSeenBy indexes the channels by when they last remembered one
// (8 bytes, big endian, unix ns, then the channel), so that a channel
// nothing has been remembered in for the window is dropped whole.
var (
	bucketSeen   = []byte("seen")
	bucketSeenBy = []byte("seenby")
)

// Kinds of a remembered interaction.
const (
	kindReply     = 'r' // applied; the reply follows
	kindApplied   = 'a' // applied; the reply is no longer kept
	kindAbandoned = 'x' // settled as not applied
)

// A memo is a remembered interaction.
type memo struct {
	kind  byte
	reply []byte
}

// replayed is what an update makes of an interaction found remembered.
func (m memo) replayed(ver int64) (state.Applied, error) {
	switch m.kind {
	case kindAbandoned:
		return state.Applied{}, state.ErrAbandoned
	case kindApplied:
		return state.Applied{}, state.ErrAlreadyApplied
	}
	return state.Applied{Reply: reply(m.reply), Replayed: true, Version: ver}, nil
}

// memory is the Store's settings for remembering interactions.
type memory struct {
	window time.Duration
	most   int
	keep   int
}

// recall finds the interaction id in the channel's memory; one first seen a
// window or more before now is forgotten.
func (m memory) recall(tx *bolt.Tx, channel, id string, now time.Time) (memo, bool) {
	b := tx.Bucket(bucketSeen).Bucket([]byte(channel))
	if b == nil {
		return memo{}, false
	}
	v := b.Get(idKey(id))
	if len(v) < 9 || !m.fresh(v, now) {
		return memo{}, false
	}
	return memo{kind: v[8], reply: bytes.Clone(v[9:])}, true
}

func (m memory) fresh(v []byte, now time.Time) bool {
	seen := int64(binary.BigEndian.Uint64(v))
	return now.UnixNano()-seen < m.window.Nanoseconds()
}

// remember records the interaction id in the channel's memory, first seen at
// now; forgets the channel's ids first seen a window or more ago and its
// oldest beyond the most it remembers; and keeps the replies of its last keep
// interactions only.
func (m memory) remember(tx *bolt.Tx, channel, id string, kind byte, r []byte, now time.Time) error {
	b, err := tx.Bucket(bucketSeen).CreateBucketIfNotExists([]byte(channel))
	if err != nil {
		return err
	}
	if err := m.forgetOld(b, now); err != nil {
		return err
	}
	seq, err := b.NextSequence()
	if err != nil {
		return err
	}
	v := binary.BigEndian.AppendUint64(nil, uint64(now.UnixNano()))
	v = append(append(v, kind), r...)
	if err := b.Put(idKey(id), v); err != nil {
		return err
	}
	if err := b.Put(seqKey(seq), []byte(id)); err != nil {
		return err
	}
	if seq > uint64(m.keep) {
		if err := forgetReply(b, seq-uint64(m.keep)); err != nil {
			return err
		}
	}
	if err := m.forgetOldest(b, seq); err != nil {
		return err
	}
	return markSeen(tx, channel, b, now)
}

// forgetOld forgets the channel's ids first seen a window or more before now.
func (m memory) forgetOld(b *bolt.Bucket, now time.Time) error {
	c := b.Cursor()
	for k, id := c.Seek([]byte("q")); k != nil && k[0] == 'q'; k, id = c.Seek([]byte("q")) {
		if v := b.Get(idKey(string(id))); len(v) >= 8 && m.fresh(v, now) {
			return nil
		}
		if err := forget(b, k, id); err != nil {
			return err
		}
	}
	return nil
}

// forgetOldest forgets the oldest of the channel's ids while it holds more
// than the most it remembers; newest is the sequence of its newest.
func (m memory) forgetOldest(b *bolt.Bucket, newest uint64) error {
	c := b.Cursor()
	for k, id := c.Seek([]byte("q")); k != nil && k[0] == 'q'; k, id = c.Seek([]byte("q")) {
		if newest-binary.BigEndian.Uint64(k[1:]) < uint64(m.most) {
			return nil
		}
		if err := forget(b, k, id); err != nil {
			return err
		}
	}
	return nil
}

func forget(b *bolt.Bucket, k, id []byte) error {
	if err := b.Delete(idKey(string(id))); err != nil {
		return err
	}
	return b.Delete(k)
}

// forgetReply drops the reply of the interaction numbered seq, if it is
// still remembered with one.
func forgetReply(b *bolt.Bucket, seq uint64) error {
	id := b.Get(seqKey(seq))
	if id == nil {
		return nil
	}
	v := b.Get(idKey(string(id)))
	if len(v) < 9 || v[8] != kindReply {
		return nil
	}
	return b.Put(idKey(string(id)), append(bytes.Clone(v[:8]), kindApplied))
}

// markSeen moves the channel's entry in bucketSeenBy to now.
func markSeen(tx *bolt.Tx, channel string, b *bolt.Bucket, now time.Time) error {
	by := tx.Bucket(bucketSeenBy)
	if last := b.Get([]byte("l")); len(last) == 8 {
		if err := by.Delete(append(bytes.Clone(last), channel...)); err != nil {
			return err
		}
	}
	at := binary.BigEndian.AppendUint64(nil, uint64(now.UnixNano()))
	if err := b.Put([]byte("l"), at); err != nil {
		return err
	}
	return by.Put(append(at, channel...), nil)
}

// sweepSeen drops up to limit channels' memories (all, if limit < 0) in
// which nothing was remembered for the window.
func (m memory) sweepSeen(tx *bolt.Tx, now time.Time, limit int) error {
	by := tx.Bucket(bucketSeenBy)
	var stale [][]byte
	c := by.Cursor()
	for k, _ := c.First(); k != nil && limit != 0; k, _ = c.Next() {
		if len(k) < 8 || m.fresh(k, now) {
			break
		}
		stale = append(stale, bytes.Clone(k))
		limit--
	}
	for _, k := range stale {
		if err := by.Delete(k); err != nil {
			return err
		}
		err := tx.Bucket(bucketSeen).DeleteBucket(k[8:])
		if err != nil && !errors.Is(err, bolterrors.ErrBucketNotFound) {
			return err
		}
	}
	return nil
}

func idKey(id string) []byte { return append([]byte("i"), id...) }

func seqKey(seq uint64) []byte { return binary.BigEndian.AppendUint64([]byte("q"), seq) }

// adopt moves the interactions that records written before bucketSeen
// remember into it, first seen now, and drops bucketIx.
func (m memory) adopt(tx *bolt.Tx, now time.Time) error {
	ix := tx.Bucket(bucketIx)
	if ix == nil {
		return nil
	}
	type old struct {
		channel string
		g       game
	}
	var games []old
	err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		if g, ok := decode(v); ok && len(g.ids) > 0 {
			games = append(games, old{string(k), g})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, o := range games {
		for _, id := range o.g.ids {
			r := ix.Get(ixKey(o.channel, id))
			if err := m.remember(tx, o.channel, id, kindReply, bytes.Clone(r), now); err != nil {
				return err
			}
		}
		exp := o.g.exp
		o.g.ids = nil
		if err := save(tx, o.channel, o.g, exp); err != nil {
			return err
		}
	}
	return tx.DeleteBucket(bucketIx)
}
