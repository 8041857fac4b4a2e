// Package redisstore keeps each channel's game in Redis: standalone, Sentinel
// or Cluster, through go-redis's universal client.
//
// A channel's game is five keys in one Cluster slot (the channel is the hash
// tag):
//
//	referee:{<channel>}:game  hash: doc (the document), ver (its version)
//	referee:{<channel>}:ix    hash: interaction id → record (token and reply, "applied" or "abandoned")
//	referee:{<channel>}:ixq   list: the ids whose replies are kept, oldest first (the last 64 to 80)
//	referee:{<channel>}:ixt   sorted set: every id remembered, by when first seen (ms)
//	referee:{<channel>}:log   list: the game's log entries, oldest first (append-only)
//
// An index (Store.Index) is a set of the keys it lists, in a slot of its own:
//
//	referee:{index:<index>}   set: keys, kept for the TTL and an hour after the last Index
//
// Interaction ids are remembered for state.RememberFor after they were first
// seen (by the Store's clock), at most state.MaxRemembered per channel, in a
// channel with a game or without one (a ruling's Change.Record); the
// interaction keys live as long as the game and at least that window.
//
// Update (and UpdateLog) is optimistic: one pipelined read of the document,
// its version and the interaction's record (round trip 1), then one Lua script
// (round trip 2) that writes only if the version is unchanged and the
// interaction is not yet recorded, bumps the version, records the reply,
// appends the change's log entries (RPUSH; an import first empties the log)
// and, when they were last set a sixteenth of the TTL ago or it made a key,
// sets the TTLs of all five keys (to the TTL and that sixteenth), atomically:
// a key lives at least its TTL after the last write. A Store remembers the
// document it last read or wrote for recently played channels (Options.Recent)
// and sends the next change of the game straight to the script (one round
// trip): if another replica wrote since, the script refuses and returns the
// current document, and the change is made again over that. While writers
// race for a game the script marks it contended, and their updates read first. The log is never read
// by an update, so its length costs nothing; GetLog reads the document with a
// range of the log in one script (one round trip). Delete removes the log. Updates of one channel made through one Store wait
// their turn in-process, so only updates from other processes (bot replicas)
// can conflict; a conflict is retried, with jittered backoff, until the
// call's budget is spent (or Options.MaxAttempts). Every call has a time budget well inside
// Discord's 3 seconds; a store that cannot be reached before anything was
// sent yields an error wrapping state.ErrUnavailable, a write sent but not
// confirmed in time one wrapping state.ErrIndeterminate, and Settle then
// finds out (and fixes) what became of it.
package redisstore
