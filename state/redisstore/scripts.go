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
// and keeps the replies of its last keep applied interactions (ixq, oldest
// first): the older ones are dropped a quarter of keep at a time, each one's
// record becoming "applied" (one forgotten since stays forgotten, and a
// record from before ixt existed is forgotten instead), and until then kept
// reads their records as "applied". It returns whether ixq was made (the
// channel's first applied interaction, or the first since its keys
// expired): a key made has no TTL yet.
//
// An id is forgotten once first seen a window or more before now, or once
// the most newer ids are remembered; remembered(ixt, id, now, window, most)
// judges a recorded id by that when it is found, so that the ids forgotten
// are deleted (sweep) only now and then, not by two scans at every
// interaction: when replies are dropped (once every quarter of keep applied
// interactions) and at every Settle. The id is remembered before any is
// deleted, so that ixt and ix, never emptied, keep their TTLs. A record from
// before ixt existed (not in it) is judged by kept alone.
const rememberLua = `
local function kept(ix, ixq, id, keep)
  local rec = redis.call('HGET', ix, id)
  if rec and rec ~= 'applied' and rec ~= 'abandoned' and not redis.call('LPOS', ixq, id, 'RANK', -1, 'MAXLEN', keep) then
    return 'applied'
  end
  return rec
end
local function forget(ix, ixt, ids)
  for i = 1, #ids, 1000 do
    local part = {unpack(ids, i, math.min(i + 999, #ids))}
    redis.call('HDEL', ix, unpack(part))
    redis.call('ZREM', ixt, unpack(part))
  end
end
local function sweep(ix, ixt, now, window, most)
  forget(ix, ixt, redis.call('ZRANGEBYSCORE', ixt, '-inf', '(' .. (now - window)))
  forget(ix, ixt, redis.call('ZRANGE', ixt, 0, -most - 1))
end
local function remembered(ixt, id, now, window, most)
  local seen = redis.call('ZSCORE', ixt, id)
  if not seen then return true end
  return tonumber(seen) >= now - window and redis.call('ZREVRANK', ixt, id) < most
end
local function remember(ix, ixq, ixt, id, abandoned, now, window, most, keep)
  redis.call('ZADD', ixt, now, id)
  if abandoned then
    sweep(ix, ixt, now, window, most)
    redis.call('HSET', ix, id, 'abandoned')
    return false
  end
  local n = redis.call('RPUSH', ixq, id)
  if n > keep + math.floor(keep / 4) then
    sweep(ix, ixt, now, window, most)
    local old = redis.call('LPOP', ixq, n - keep)
    local seen = redis.call('ZMSCORE', ixt, unpack(old))
    local applied, gone = {}, {}
    for i, o in ipairs(old) do
      if seen[i] then
        applied[#applied + 1] = o
        applied[#applied + 1] = 'applied'
      else
        gone[#gone + 1] = o
      end
    end
    if #applied > 0 then redis.call('HSET', ix, unpack(applied)) end
    if #gone > 0 then redis.call('HDEL', ix, unpack(gone)) end
  end
  return n == 1
end
`

// updateScript: KEYS game, ix, ixq, ixt, log; ARGV expected version,
// document, interaction id ("" for none), record (token and reply), TTL in
// ms, now in ms, remember window in ms, most ids remembered, replies kept,
// mode ("w" write, "x" write after emptying the log, "r" record the reply
// only), the Store's wall clock in ms, then the log entries to append.
// Returns {0, version, contended} written, {1, version, record} already
// recorded, or {2, version, document} the version changed (the document as
// it is now, false when the game is gone). A lost compare-and-set marks the
// game contended for its next 8 writes, which return how many remain (else
// 0). The record is set first, by the command that finds whether there is
// one (HSETNX), and taken back when the version changed.
//
// The keys live at least the TTL after the game's last write, and the
// interaction keys as long as the game and at least the remember window
// after the last interaction; each is given a sixteenth more (the slack),
// so that their TTLs are set again only once a slack has passed, not at
// every write: a write sets them when the time they were last set
// (refreshed, in the game hash, by the wall clock) is a slack old, when
// there is none (a new game, or one deleted since: Delete drops it), or
// when it made a key (an empty log appended to, ixq's first id); a reply
// recorded alone sets the interaction keys' when ixt has less than the
// window left, or ixq was made.
var updateScript = redis.NewScript(rememberLua + `
local id = ARGV[3]
local g = redis.call('HMGET', KEYS[1], 'ver', 'contended', 'refreshed')
local ver = tonumber(g[1] or '0')
local now, window, most = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
if id ~= '' and redis.call('HSETNX', KEYS[2], id, ARGV[4]) == 0 then
  if remembered(KEYS[4], id, now, window, most) then
    return {1, ver, kept(KEYS[2], KEYS[3], id, tonumber(ARGV[9]))}
  end
  redis.call('HSET', KEYS[2], id, ARGV[4]) -- forgotten, not yet deleted: recorded anew
end
if ver ~= tonumber(ARGV[1]) then
  if id ~= '' then redis.call('HDEL', KEYS[2], id) end
  if ver > 0 then redis.call('HSET', KEYS[1], 'contended', 8) end
  return {2, ver, redis.call('HGET', KEYS[1], 'doc')}
end
local ttl, clock = tonumber(ARGV[5]), tonumber(ARGV[11])
local made = false
if ARGV[10] == 'x' then
  redis.call('DEL', KEYS[5])
  made = true
end
if ARGV[10] ~= 'r' then
  for i = 12, #ARGV, 1000 do
    local last = math.min(i + 999, #ARGV)
    if redis.call('RPUSH', KEYS[5], unpack(ARGV, i, last)) == last - i + 1 then made = true end
  end
end
if id ~= '' and remember(KEYS[2], KEYS[3], KEYS[4], id, false, now, window, most, tonumber(ARGV[9])) then
  made = true
end
local contended = 0
if ARGV[10] ~= 'r' then
  ver = ver + 1
  contended = tonumber(g[2] or '0')
  local slack = math.floor(ttl / 16)
  local refresh = made or not g[3] or clock - tonumber(g[3]) >= slack
  local set = {'doc', ARGV[2], 'ver', ver}
  if contended > 1 then
    set[#set + 1], set[#set + 2] = 'contended', contended - 1
  elseif contended == 1 then
    redis.call('HDEL', KEYS[1], 'contended')
  end
  if refresh then set[#set + 1], set[#set + 2] = 'refreshed', ARGV[11] end
  redis.call('HSET', KEYS[1], unpack(set))
  if refresh then
    redis.call('PEXPIRE', KEYS[1], ttl + slack)
    redis.call('PEXPIRE', KEYS[5], ttl + slack)
    for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], math.max(ttl, window) + slack) end
  end
elseif id ~= '' and (made or redis.call('PTTL', KEYS[4]) < window) then
  -- Only the reply recorded: the interaction keys live as long as the game
  -- (or its tombstone) and at least the window.
  local ixTTL = math.max(redis.call('PTTL', KEYS[1]), window) + math.floor(window / 16)
  for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ixTTL) end
end
return {0, ver, contended}
`)

// settleScript: KEYS game, ix, ixq, ixt; ARGV interaction id, now in ms,
// remember window in ms, most ids remembered, replies kept. Returns
// {1, version, record} when the interaction is recorded, else records it as
// abandoned and returns {0, version, false}.
var settleScript = redis.NewScript(rememberLua + `
local ver = tonumber(redis.call('HGET', KEYS[1], 'ver') or '0')
local now, window, most = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local rec = kept(KEYS[2], KEYS[3], ARGV[1], tonumber(ARGV[5]))
if rec and remembered(KEYS[4], ARGV[1], now, window, most) then return {1, ver, rec} end
remember(KEYS[2], KEYS[3], KEYS[4], ARGV[1], true, now, window, most, tonumber(ARGV[5]))
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
// window; the time the TTLs were last set goes, so that the channel's next
// write sets them all.
var deleteScript = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'doc') == 0 then return 0 end
redis.call('DEL', KEYS[5])
redis.call('HDEL', KEYS[1], 'doc', 'refreshed')
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local ixTTL = math.max(tonumber(ARGV[1]), tonumber(ARGV[2]))
for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ixTTL) end
return 1
`)
