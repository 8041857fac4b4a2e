package boltstore

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The due index: when each channel next has something due, both ways round.
var (
	bucketDue   = []byte("due")    // channel → due (8 bytes, big endian, Unix ms)
	bucketDueAt = []byte("due_at") // due (8 bytes) channel → empty
)

// LowerDue makes the channel due at at, or earlier if it already is.
func (s *Store) LowerDue(ctx context.Context, channel string, at time.Time) error {
	return s.setDue(ctx, channel, at, true)
}

// SetDue makes the channel due at exactly at; a zero at takes it out of the
// index.
func (s *Store) SetDue(ctx context.Context, channel string, at time.Time) error {
	return s.setDue(ctx, channel, at, false)
}

func (s *Store) setDue(ctx context.Context, channel string, at time.Time, lower bool) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("boltstore: due %s: %w", channel, err)
	}
	err := s.db.Update(func(tx *bolt.Tx) error { return putDue(tx, channel, at, lower) })
	if err != nil {
		return s.fail("due "+channel, err)
	}
	return nil
}

// putDue makes the channel due at at in tx (only if earlier, when lower);
// a zero at takes it out of the index.
func putDue(tx *bolt.Tx, channel string, at time.Time, lower bool) error {
	byChannel, err := tx.CreateBucketIfNotExists(bucketDue)
	if err != nil {
		return err
	}
	byTime, err := tx.CreateBucketIfNotExists(bucketDueAt)
	if err != nil {
		return err
	}
	if old := byChannel.Get([]byte(channel)); old != nil {
		if lower && !at.Before(time.UnixMilli(int64(binary.BigEndian.Uint64(old)))) {
			return nil
		}
		if err := byTime.Delete(append(old[:8:8], channel...)); err != nil {
			return err
		}
	}
	if at.IsZero() {
		return byChannel.Delete([]byte(channel))
	}
	key := binary.BigEndian.AppendUint64(nil, uint64(at.UnixMilli()))
	if err := byChannel.Put([]byte(channel), key); err != nil {
		return err
	}
	return byTime.Put(append(key, channel...), nil)
}

// dueAt is when the channel is due in tx (false: it is not indexed).
func dueAt(tx *bolt.Tx, channel string) (time.Time, bool) {
	b := tx.Bucket(bucketDue)
	if b == nil {
		return time.Time{}, false
	}
	v := b.Get([]byte(channel))
	if v == nil {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(binary.BigEndian.Uint64(v))), true
}

// Due lists at most limit channels due at or before now, earliest first
// (ties by channel id).
func (s *Store) Due(ctx context.Context, now time.Time, limit int) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("boltstore: due: %w", err)
	}
	var out []string
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketDueAt)
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
			if time.UnixMilli(int64(binary.BigEndian.Uint64(k))).After(now) {
				break
			}
			out = append(out, string(k[8:]))
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("due", err)
	}
	return out, nil
}
