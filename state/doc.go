// Package state stores one game document per channel, with an atomic, versioned,
// idempotent read-modify-write, in Redis (the production store) or in an embedded
// bbolt file (a single machine without Redis). Both stores pass the same
// conformance suite (statetest).
//
// state never imports discordgo and knows nothing of rule sets: a document is
// opaque bytes to it. Errors it returns are ErrNotFound, ErrUnavailable and
// ErrConflict (wrapped), or a caller's own error from an UpdateFunc, unchanged.
package state
