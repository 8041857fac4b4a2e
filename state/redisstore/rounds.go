package redisstore

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// An umpire's rounds are the battles he umpires with moves pending, listed
// for his daily digest: a set of channel ids, kept in the hash slot of the
// due index's shard that holds the rounds' own due time, so that one script
// changes the set and the index together (also in a cluster).

// roundsKey is the set of the rounds' channels.
func roundsKey(rounds string) string { return dueKey(rounds) + ":rounds:" + rounds }

var enlistScript = redis.NewScript(`
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('ZADD', KEYS[1], 'LT', ARGV[3], ARGV[1])
return 1
`)

var delistScript = redis.NewScript(`
redis.call('SREM', KEYS[2], unpack(ARGV, 2))
if redis.call('SCARD', KEYS[2]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 1
`)

var claimScript = redis.NewScript(`
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not due or tonumber(due) > tonumber(ARGV[2]) then
  return false
end
local battles = redis.call('SMEMBERS', KEYS[2])
if #battles == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return battles
`)

// Enlist lists channel in rounds and makes rounds due (in the due index,
// under its own name) at at, or earlier if it already is. One round trip.
func (s *Store) Enlist(ctx context.Context, rounds, channel string, at time.Time) error {
	if err := errors.Join(checkChannel(rounds), checkChannel(channel)); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	err := enlistScript.Run(ctx, s.rdb, []string{dueKey(rounds), roundsKey(rounds)}, rounds, channel, at.UnixMilli(), s.opts.TTL.Milliseconds()).Err()
	if err != nil {
		return s.fail("enlist "+channel+" in "+rounds, err)
	}
	return nil
}

// Delist takes channels out of rounds; rounds left empty leaves the due
// index. One round trip.
func (s *Store) Delist(ctx context.Context, rounds string, channels ...string) error {
	if len(channels) == 0 {
		return nil
	}
	if err := checkChannel(rounds); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	args := []any{rounds}
	for _, c := range channels {
		args = append(args, c)
	}
	if err := delistScript.Run(ctx, s.rdb, []string{dueKey(rounds), roundsKey(rounds)}, args...).Err(); err != nil {
		return s.fail("delist from "+rounds, err)
	}
	return nil
}

// ClaimRounds claims rounds due by now: it makes them due at next instead
// and returns their channels, true; or, when they are not due (another
// replica claimed them first), nothing and false. Rounds with no channel
// left leave the index when claimed. One round trip.
func (s *Store) ClaimRounds(ctx context.Context, rounds string, now, next time.Time) ([]string, bool, error) {
	if err := checkChannel(rounds); err != nil {
		return nil, false, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	res, err := claimScript.Run(ctx, s.rdb, []string{dueKey(rounds), roundsKey(rounds)}, rounds, now.UnixMilli(), next.UnixMilli()).StringSlice()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, s.fail("claim "+rounds, err)
	}
	return res, true, nil
}
