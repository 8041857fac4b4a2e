package redisstore

import (
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/state"
)

// An interaction record (a value of the ix hash) is one of:
//
//	token (16 bytes) and reply  applied by the call holding the token; the reply is kept
//	"applied"                   applied, the reply no longer kept (older than the last Keep)
//	"abandoned"                 settled as not applied (Settle): it never will be
const (
	tokenLen        = 16
	recordApplied   = "applied"
	recordAbandoned = "abandoned"
)

// A record is an interaction record read back.
type record struct {
	token     string
	reply     []byte
	forgotten bool // applied, reply no longer kept
	abandoned bool
}

func parseRecord(raw string) (record, error) {
	switch {
	case raw == recordApplied:
		return record{forgotten: true}, nil
	case raw == recordAbandoned:
		return record{abandoned: true}, nil
	case len(raw) < tokenLen:
		return record{}, fmt.Errorf("interaction record of %d bytes, want at least %d", len(raw), tokenLen)
	}
	return record{token: raw[:tokenLen], reply: reply([]byte(raw[tokenLen:]))}, nil
}

// replayed is what an update makes of an interaction found recorded: the
// remembered reply, or the error saying why there is none. own is whether
// the record is this very call's (go-redis resent the script after losing
// its reply).
func (r record) replayed(ver int64, own bool) (state.Applied, error) {
	switch {
	case r.abandoned:
		return state.Applied{}, state.ErrAbandoned
	case r.forgotten:
		return state.Applied{}, state.ErrAlreadyApplied
	}
	return state.Applied{Reply: r.reply, Replayed: !own, Version: ver}, nil
}

func parseGame(vals []any) (doc []byte, ver int64, err error) {
	if len(vals) != 2 {
		return nil, 0, fmt.Errorf("game hash: %d values, want 2", len(vals))
	}
	if d, ok := vals[0].(string); ok {
		doc = []byte(d)
	}
	if v, ok := vals[1].(string); ok {
		if ver, err = strconv.ParseInt(v, 10, 64); err != nil {
			return nil, 0, fmt.Errorf("game hash: version %q: %w", v, err)
		}
	}
	return doc, ver, nil
}

const (
	statusWritten  = 0
	statusReplayed = 1
	statusConflict = 2
)

func parseResult(res []any) (status, ver int64, err error) {
	if len(res) < 2 {
		return 0, 0, fmt.Errorf("update script: unexpected result %v", res)
	}
	status, ok1 := res[0].(int64)
	ver, ok2 := res[1].(int64)
	if !ok1 || !ok2 || status < statusWritten || status > statusConflict || len(res) != 3 {
		return 0, 0, fmt.Errorf("update script: unexpected result %v", res)
	}
	return status, ver, nil
}

// rememberLua defines remember(ix, ixq, ixt, id, abandoned, now, window,
// most, keep): it remembers the interaction, first seen at now (ms), in ixt,
// and records it in ix as abandoned (Settle) or, applied, as its update
// recorded it already (HSETNX), queued in ixq for its reply to be dropped;
// forgets the channel's interactions first seen a window or more before now,
// and its oldest beyond the most it remembers; and keeps the replies of its
// last keep applied interactions only (ixq, oldest first), an older one's
// record becoming "applied" (one forgotten since stays forgotten, and a
// record from before ixt existed is forgotten instead).
const rememberLua = `
local function forget(ix, ixt, ids)
  for i = 1, #ids, 1000 do
    local part = {unpack(ids, i, math.min(i + 999, #ids))}
    redis.call('HDEL', ix, unpack(part))
    redis.call('ZREM', ixt, unpack(part))
  end
end
local function remember(ix, ixq, ixt, id, abandoned, now, window, most, keep)
  forget(ix, ixt, redis.call('ZRANGEBYSCORE', ixt, '-inf', '(' .. (now - window)))
  redis.call('ZADD', ixt, now, id)
  if abandoned then
    redis.call('HSET', ix, id, 'abandoned')
  else
    local n = redis.call('RPUSH', ixq, id)
    for _ = keep + 1, n do
      local old = redis.call('LPOP', ixq)
      if redis.call('ZSCORE', ixt, old) then
        redis.call('HSET', ix, old, 'applied')
      else
        redis.call('HDEL', ix, old)
      end
    end
  end
  local n = redis.call('ZCARD', ixt)
  if n > most then forget(ix, ixt, redis.call('ZRANGE', ixt, 0, n - most - 1)) end
end
`

// updateScript: KEYS game, ix, ixq, ixt, log; ARGV expected version,
// document, interaction id ("" for none), record (token and reply), TTL in
// ms, now in ms, remember window in ms, most ids remembered, replies kept,
// mode ("w" write, "x" write after emptying the log, "r" record the reply
// only), then the log entries to append. Returns {0, version, contended}
// written, {1, version, record} already recorded, or {2, version, document}
// the version changed (the document as it is now, false when the game is
// gone). A lost compare-and-set marks the game contended for its next 8
// writes, which return how many remain (else 0). The interaction keys live
// as long as the game and at least the remember window. The record is set
// first, by the command that finds whether there is one (HSETNX), and taken
// back when the version changed.
var updateScript = redis.NewScript(rememberLua + `
local id = ARGV[3]
local g = redis.call('HMGET', KEYS[1], 'ver', 'contended')
local ver = tonumber(g[1] or '0')
if id ~= '' and redis.call('HSETNX', KEYS[2], id, ARGV[4]) == 0 then
  return {1, ver, redis.call('HGET', KEYS[2], id)}
end
if ver ~= tonumber(ARGV[1]) then
  if id ~= '' then redis.call('HDEL', KEYS[2], id) end
  if ver > 0 then redis.call('HSET', KEYS[1], 'contended', 8) end
  return {2, ver, redis.call('HGET', KEYS[1], 'doc')}
end
local window = tonumber(ARGV[7])
local ixTTL
local contended = 0
if ARGV[10] ~= 'r' then
  ver = ver + 1
  contended = tonumber(g[2] or '0')
  if contended > 1 then
    redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'ver', ver, 'contended', contended - 1)
  else
    if contended == 1 then redis.call('HDEL', KEYS[1], 'contended') end
    redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'ver', ver)
  end
  if ARGV[10] == 'x' then redis.call('DEL', KEYS[5]) end
  for i = 11, #ARGV, 1000 do
    redis.call('RPUSH', KEYS[5], unpack(ARGV, i, math.min(i + 999, #ARGV)))
  end
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[5], ARGV[5])
  ixTTL = math.max(tonumber(ARGV[5]), window)
else
  -- Only the reply recorded: the interaction keys live as long as the game
  -- (or its tombstone) and at least the window.
  ixTTL = math.max(redis.call('PTTL', KEYS[1]), window)
end
if id ~= '' then
  remember(KEYS[2], KEYS[3], KEYS[4], id, false, tonumber(ARGV[6]), window, tonumber(ARGV[8]), tonumber(ARGV[9]))
end
for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ixTTL) end
return {0, ver, contended}
`)

// settleScript: KEYS game, ix, ixq, ixt; ARGV interaction id, now in ms,
// remember window in ms, most ids remembered, replies kept. Returns
// {1, version, record} when the interaction is recorded, else records it as
// abandoned and returns {0, version, false}.
var settleScript = redis.NewScript(rememberLua + `
local ver = tonumber(redis.call('HGET', KEYS[1], 'ver') or '0')
local rec = redis.call('HGET', KEYS[2], ARGV[1])
if rec then return {1, ver, rec} end
local window = tonumber(ARGV[3])
remember(KEYS[2], KEYS[3], KEYS[4], ARGV[1], true, tonumber(ARGV[2]), window, tonumber(ARGV[4]), tonumber(ARGV[5]))
local ixTTL = math.max(redis.call('PTTL', KEYS[1]), window)
for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ixTTL) end
return {0, ver, false}
`)

// readScript: KEYS game, log; ARGV from, count (see state.LogRange).
// Returns {document or nil, version or nil, log length, entries}.
var readScript = redis.NewScript(`
local g = redis.call('HMGET', KEYS[1], 'doc', 'ver')
local n = redis.call('LLEN', KEYS[2])
local from, count = tonumber(ARGV[1]), tonumber(ARGV[2])
if from < 0 then from = math.max(0, n + from) end
from = math.min(from, n)
local stop = n - 1
if count > 0 then stop = math.min(stop, from + count - 1) end
local entries = {}
if from <= stop then entries = redis.call('LRANGE', KEYS[2], from, stop) end
return {n, entries, g[1], g[2]}
`)

func parseRead(res []any) (state.Read, error) {
	if len(res) != 4 {
		return state.Read{}, fmt.Errorf("read script: unexpected result %v", res)
	}
	n, ok1 := res[0].(int64)
	entries, ok2 := res[1].([]any)
	if !ok1 || !ok2 {
		return state.Read{}, fmt.Errorf("read script: unexpected result %v", res)
	}
	doc, ver, err := parseGame(res[2:])
	if err != nil {
		return state.Read{}, err
	}
	r := state.Read{Doc: doc, Version: ver, LogLen: int(n), Log: make([][]byte, len(entries))}
	for i, e := range entries {
		s, ok := e.(string)
		if !ok {
			return state.Read{}, fmt.Errorf("read script: log entry %d is %T", i, e)
		}
		r.Log[i] = []byte(s)
	}
	return r, nil
}

// deleteScript: KEYS game, ix, ixq, ixt, log; ARGV tombstone TTL in ms,
// remember window in ms. Returns 1 deleted, 0 no game. The version stays for
// the tombstone TTL, the interaction records for that and at least the
// window.
var deleteScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'doc') == 0 then return 0 end
redis.call('DEL', KEYS[5])
redis.call('HDEL', KEYS[1], 'doc')
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local ixTTL = math.max(tonumber(ARGV[1]), tonumber(ARGV[2]))
for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ixTTL) end
return 1
`)
