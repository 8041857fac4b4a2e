package state

import (
	"errors"
	"time"
)

var (
	// ErrNotFound: the channel has no game document.
	ErrNotFound = errors.New("state: no game in this channel")
	// ErrUnavailable: the store could not be reached, or refused before
	// anything was sent; nothing was changed.
	ErrUnavailable = errors.New("state: the battle store is unavailable")
	// ErrIndeterminate: the change was sent but the store did not confirm it
	// in time; it may yet be applied. Settle finds out which, and makes sure.
	ErrIndeterminate = errors.New("state: the battle store did not answer in time; the change may have been recorded")
	// ErrAbandoned: the interaction was settled as not applied (Settle), and
	// will never be; nothing was changed.
	ErrAbandoned = errors.New("state: the interaction was settled as not recorded")
	// ErrAlreadyApplied: the interaction was applied a while ago, and its
	// reply is no longer kept (only the last few of a channel are); nothing
	// was changed.
	ErrAlreadyApplied = errors.New("state: the interaction was applied already")
	// ErrConflict: the update lost the race until its time ran out; nothing was changed.
	ErrConflict = errors.New("state: too many simultaneous changes")
)

// Interaction ids are remembered per channel (with or without a game) for
// RememberFor after they are first seen, so that a redelivered or replayed
// interaction is not applied again: Discord's interaction tokens last 15
// minutes and a signed request verifies for 5, and the minute more allows
// for the clocks of replicas disagreeing. The replies of a channel's
// last few interactions are kept with their ids, so that a redelivery is
// answered as the first delivery was; an older one is refused
// (ErrAlreadyApplied). At most MaxRemembered ids are kept per channel; past
// that the oldest is forgotten early (see the README for why the supported
// rates never reach it).
const (
	RememberFor   = 16 * time.Minute
	MaxRemembered = 20_000
)

// An UpdateFunc computes a channel's next document from its current one (nil when
// the channel has none). It returns the next document (nil: write nothing) and the
// reply to remember under the interaction id, so that a redelivered interaction is
// answered the same way without being applied twice. It may be called more than
// once (after a lost race, or first on a copy of the document the store holds
// and then on the stored one) and must depend only on its argument, which it
// must not modify. An error it returns aborts the update and is returned
// unchanged.
type UpdateFunc func(current []byte) (next, reply []byte, err error)

// A LogUpdateFunc is an UpdateFunc for a game that keeps a log beside its
// document: it may also append entries to the log, in the same atomic write as
// the document. The same rules hold: it may be called more than once, must
// depend only on its argument, and an error it returns is returned unchanged.
type LogUpdateFunc func(current []byte) (Change, error)

// A Change is what a LogUpdateFunc makes of a channel's game.
type Change struct {
	// Doc is the next document; nil writes nothing (and appends nothing).
	// The store may keep it once written, as the current document of a
	// later update: it is not to be changed after it is returned.
	Doc []byte
	// Reply is remembered under the interaction id.
	Reply []byte
	// Append are entries added to the end of the channel's log, in order. The
	// log is append-only: entries are never changed once written.
	Append [][]byte
	// ReplaceLog empties the log before appending (an imported game brings
	// its whole log).
	ReplaceLog bool
	// Record remembers Reply under the interaction id even though Doc is nil
	// (a ruling made outside any game, so that a replay of it is answered,
	// not made again). The game, if any, is left as it is, but the write is
	// still a compare-and-set: had the game changed since it was read, the
	// UpdateFunc runs again.
	Record bool
}

// Settled is what Settle found out about an interaction.
type Settled struct {
	// Applied is true when the interaction was applied; Reply is then the
	// reply remembered for it. When false it was not, and never will be: an
	// update still on its way is refused, as is any redelivery (ErrAbandoned).
	Applied bool
	Reply   []byte
	// Version is the document's version as Settle found it.
	Version int64
}

// Applied is what an Update did.
type Applied struct {
	// Reply is the reply of the call that applied the interaction.
	Reply []byte
	// Replayed is true when the interaction had already been applied and Reply is
	// the remembered one; nothing was written (the UpdateFunc's result, if it was
	// called, was discarded).
	Replayed bool
	// Version is the document's version after the update (0 when nothing exists).
	Version int64
}

// A Read is a channel's document with part of its log, read at one instant.
type Read struct {
	Doc     []byte
	Version int64
	// Log are the entries asked for, oldest first.
	Log [][]byte
	// LogLen is how many entries the whole log holds.
	LogLen int
}

// LogRange resolves a request for part of a log of n entries: from is the index
// of the first entry (from 0; a negative from counts back from the end, so -10
// asks for the last ten), count how many (0 or less: all the rest). It returns
// the half-open range [lo, hi) within [0, n].
func LogRange(n, from, count int) (lo, hi int) {
	lo = from
	if lo < 0 {
		lo = max(0, n+lo)
	}
	lo = min(lo, n)
	hi = n
	if count > 0 {
		hi = min(n, lo+count)
	}
	return lo, hi
}

// An index lists the keys of documents that belong together (a server's
// campaigns), so that they are found without scanning the store: Index lists
// a key, before its document is first written, so that no document is
// missed; Indexed reads the documents listed, passing over keys with none
// (never written, expired or deleted). Each Index keeps the index for the
// store's TTL and an hour more: longer than a document written within the
// hour after.

// Indexed is a document listed in an index, with its key.
type Indexed struct {
	Key string
	Doc []byte
}
