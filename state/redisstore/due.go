package redisstore

import (
	"cmp"
	"context"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// DueShards is how many sorted sets the due index is spread over: each is
// one key in a hash slot of its own, so that Redis Cluster spreads the
// index over its nodes. It is fixed: changing it would lose the index.
const DueShards = 16

// dueKey is the sorted set holding the channel's due time (score: Unix
// milliseconds; member: the channel id).
func dueKey(channel string) string {
	h := fnv.New32a()
	h.Write([]byte(channel))
	return dueShard(int(h.Sum32() % DueShards))
}

func dueShard(i int) string { return "referee:{due." + strconv.Itoa(i) + "}" }

// LowerDue makes the channel due at at, or earlier if it already is (ZADD
// LT, which adds a channel not yet indexed). One round trip.
func (s *Store) LowerDue(ctx context.Context, channel string, at time.Time) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	if err := s.rdb.ZAddLT(ctx, dueKey(channel), redis.Z{Score: float64(at.UnixMilli()), Member: channel}).Err(); err != nil {
		return s.fail("lower due "+channel, err)
	}
	return nil
}

// SetDue makes the channel due at exactly at; a zero at takes it out of the
// index. One round trip.
func (s *Store) SetDue(ctx context.Context, channel string, at time.Time) error {
	if err := checkChannel(channel); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	var err error
	if at.IsZero() {
		err = s.rdb.ZRem(ctx, dueKey(channel), channel).Err()
	} else {
		err = s.rdb.ZAdd(ctx, dueKey(channel), redis.Z{Score: float64(at.UnixMilli()), Member: channel}).Err()
	}
	if err != nil {
		return s.fail("set due "+channel, err)
	}
	return nil
}

// Due lists at most limit channels due at or before now, earliest first
// (ties by channel id):
// each shard's earliest, in one pipelined round trip (one per node of a
// cluster).
func (s *Store) Due(ctx context.Context, now time.Time, limit int) ([]string, error) {
	if limit <= 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	by := &redis.ZRangeBy{Min: "-inf", Max: strconv.FormatInt(now.UnixMilli(), 10), Count: int64(limit)}
	cmds := make([]*redis.ZSliceCmd, DueShards)
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i := range cmds {
			cmds[i] = p.ZRangeByScoreWithScores(ctx, dueShard(i), by)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("due", err)
	}
	var due []redis.Z
	for _, c := range cmds {
		due = append(due, c.Val()...)
	}
	slices.SortFunc(due, func(a, b redis.Z) int {
		return cmp.Or(cmp.Compare(a.Score, b.Score), cmp.Compare(a.Member.(string), b.Member.(string)))
	})
	out := make([]string, 0, min(limit, len(due)))
	for _, z := range due[:min(limit, len(due))] {
		out = append(out, z.Member.(string))
	}
	return out, nil
}
