package redisstore

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/state"
)

// indexMargin is how much longer than a document an index is kept after
// Index (see state.Indexed).
const indexMargin = time.Hour

// indexKey is the set of the keys an index lists, in a slot of its own.
func indexKey(index string) string { return "referee:{index:" + index + "}" }

// Index lists key in the index called index and keeps the index for the
// TTL and indexMargin more (SADD and PEXPIRE in one MULTI). One round trip.
func (s *Store) Index(ctx context.Context, index, key string) error {
	if err := errors.Join(checkIndex(index), checkChannel(key)); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.SAdd(ctx, indexKey(index), key)
		p.PExpire(ctx, indexKey(index), s.opts.TTL+indexMargin)
		return nil
	})
	if err != nil {
		return s.fail("index "+key+" in "+index, err)
	}
	return nil
}

// Indexed returns the documents of the keys listed in the index called
// index that have one, by key: the keys (SMEMBERS), then their documents in
// one pipeline (one round trip per node of a cluster). Two round trips.
func (s *Store) Indexed(ctx context.Context, index string) ([]state.Indexed, error) {
	if err := checkIndex(index); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	keys, err := s.rdb.SMembers(ctx, indexKey(index)).Result()
	if err != nil {
		return nil, s.fail("read index "+index, err)
	}
	if len(keys) == 0 {
		return nil, nil
	}
	slices.Sort(keys)
	docs := make([]*redis.StringCmd, len(keys))
	_, err = s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, k := range keys {
			docs[i] = p.HGet(ctx, keysOf(k)[0], "doc")
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, s.fail("read index "+index, err)
	}
	var out []state.Indexed
	for i, d := range docs {
		b, err := d.Bytes()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			return nil, s.fail("read index "+index, err)
		}
		out = append(out, state.Indexed{Key: keys[i], Doc: b})
	}
	return out, nil
}

func checkIndex(index string) error {
	if index == "" {
		return errors.New("redisstore: empty index name")
	}
	return nil
}
