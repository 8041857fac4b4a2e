package boltstore

import (
	"bytes"
	"context"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucketRounds holds each umpire's rounds: the battles listed for his
// daily digest, as keys rounds NUL channel (ids hold no NUL).
var bucketRounds = []byte("rounds")

func roundsEntry(rounds, channel string) []byte { return append(roundsPrefix(rounds), channel...) }

func roundsPrefix(rounds string) []byte { return append([]byte(rounds), 0) }

// Enlist lists channel in rounds and makes rounds due (in the due index,
// under its own name) at at, or earlier if it already is.
func (s *Store) Enlist(ctx context.Context, rounds, channel string, at time.Time) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	if err := s.roundsOp(ctx, rounds, func(tx *bolt.Tx, b *bolt.Bucket) error {
		if err := b.Put(roundsEntry(rounds, channel), nil); err != nil {
			return err
		}
		return putDue(tx, rounds, at, true)
	}); err != nil {
		return s.fail("enlist "+channel+" in "+rounds, err)
	}
	return nil
}

// Delist takes channels out of rounds; rounds left empty leaves the due
// index.
func (s *Store) Delist(ctx context.Context, rounds string, channels ...string) error {
	if err := s.roundsOp(ctx, rounds, func(tx *bolt.Tx, b *bolt.Bucket) error {
		for _, c := range channels {
			if err := b.Delete(roundsEntry(rounds, c)); err != nil {
				return err
			}
		}
		if len(listed(b, rounds)) == 0 {
			return putDue(tx, rounds, time.Time{}, false)
		}
		return nil
	}); err != nil {
		return s.fail("delist from "+rounds, err)
	}
	return nil
}

// ClaimRounds claims rounds due by now: it makes them due at next instead
// and returns their channels, true; or, when they are not due, nothing and
// false. Rounds with no channel left leave the index when claimed.
func (s *Store) ClaimRounds(ctx context.Context, rounds string, now, next time.Time) ([]string, bool, error) {
	var out []string
	claimed := false
	if err := s.roundsOp(ctx, rounds, func(tx *bolt.Tx, b *bolt.Bucket) error {
		if at, ok := dueAt(tx, rounds); !ok || at.After(now) {
			return nil
		}
		claimed, out = true, listed(b, rounds)
		if len(out) == 0 {
			return putDue(tx, rounds, time.Time{}, false)
		}
		return putDue(tx, rounds, next, false)
	}); err != nil {
		return nil, false, s.fail("claim "+rounds, err)
	}
	return out, claimed, nil
}

// roundsOp runs fn in a write transaction with the rounds bucket.
func (s *Store) roundsOp(ctx context.Context, rounds string, fn func(tx *bolt.Tx, b *bolt.Bucket) error) error {
	if err := checkChannel(rounds); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("boltstore: rounds %s: %w", rounds, err)
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketRounds)
		if err != nil {
			return err
		}
		return fn(tx, b)
	})
}

// listed are the channels of rounds in b.
func listed(b *bolt.Bucket, rounds string) []string {
	var out []string
	p := roundsPrefix(rounds)
	c := b.Cursor()
	for k, _ := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, _ = c.Next() {
		out = append(out, string(k[len(p):]))
	}
	return out
}
