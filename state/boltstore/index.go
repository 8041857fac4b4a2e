package boltstore

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/referee-bot/referee/state"
)

// bucketIndex holds the indexes: the keys each lists, as index NUL key
// (names and keys hold no NUL).
var bucketIndex = []byte("index")

func indexPrefix(index string) []byte { return append([]byte(index), 0) }

// Index lists key in the index called index.
func (s *Store) Index(ctx context.Context, index, key string) error {
	if err := checkChannel(key); err != nil {
		return err
	}
	if err := checkIndex(index); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("boltstore: index %s in %s: %w", key, index, err)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketIndex)
		if err != nil {
			return err
		}
		return b.Put(append(indexPrefix(index), key...), nil)
	})
	if err != nil {
		return s.fail("index "+key+" in "+index, err)
	}
	return nil
}

// Indexed returns the documents of the keys listed in the index called
// index that have one, by key, read in one transaction.
func (s *Store) Indexed(ctx context.Context, index string) ([]state.Indexed, error) {
	if err := checkIndex(index); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("boltstore: read index %s: %w", index, err)
	}
	var out []state.Indexed
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketIndex)
		if b == nil {
			return nil
		}
		now, p := s.opts.Now(), indexPrefix(index)
		c := b.Cursor()
		for k, _ := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, _ = c.Next() {
			key := string(k[len(p):])
			g, err := load(tx, key, now)
			if err != nil {
				return err
			}
			if g.doc != nil {
				out = append(out, state.Indexed{Key: key, Doc: g.doc})
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("read index "+index, err)
	}
	return out, nil
}

func checkIndex(index string) error {
	if index == "" || strings.ContainsRune(index, 0) {
		return fmt.Errorf("boltstore: index name %q: empty or holding NUL", index)
	}
	return nil
}
