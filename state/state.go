package state

import "errors"

var (
	// ErrNotFound: the channel has no game document.
	ErrNotFound = errors.New("state: no game in this channel")
	// ErrUnavailable: the store could not be reached; nothing was changed.
	ErrUnavailable = errors.New("state: the battle store is unavailable")
	// ErrConflict: the update lost the race too many times in a row; nothing was changed.
	ErrConflict = errors.New("state: too many simultaneous changes")
)

// An UpdateFunc computes a channel's next document from its current one (nil when
// the channel has none). It returns the next document (nil: write nothing) and the
// reply to remember under the interaction id, so that a redelivered interaction is
// answered the same way without being applied twice. It may be called more than
// once (after a lost race) and must depend only on its argument. An error it
// returns aborts the update and is returned unchanged.
type UpdateFunc func(current []byte) (next, reply []byte, err error)

// Applied is what an Update did.
type Applied struct {
	// Reply is the reply of the call that applied the interaction.
	Reply []byte
	// Replayed is true when the interaction had already been applied and Reply is
	// the remembered one; the UpdateFunc was not called.
	Replayed bool
	// Version is the document's version after the update (0 when nothing exists).
	Version int64
}
