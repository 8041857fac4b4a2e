// Package state stores one game document per channel, with an atomic, versioned,
// idempotent read-modify-write, in Redis (the production store) or in an embedded
// bbolt file (a single machine without Redis). Both stores pass the same
// conformance suite (statetest).
//
// Beside each document a store keeps the game's log: an append-only list of
// entries, written in the same atomic step as the document (UpdateLog), read a
// range at a time with the document (GetLog), expiring and deleted with it. A
// command therefore costs the same whatever the length of the log, and the
// document stays small.
//
// state never imports discordgo and knows nothing of rule sets: a document and
// a log entry are opaque bytes to it. Errors it returns are ErrNotFound,
// ErrUnavailable, ErrIndeterminate, ErrAbandoned, ErrAlreadyApplied and
// ErrConflict (wrapped), or a caller's own error from an UpdateFunc,
// unchanged.
//
// "Nothing was changed" is only ever certain: a write sent but not confirmed
// is ErrIndeterminate, never ErrUnavailable, and Settle, by the interaction
// id, answers whether it was applied and makes a "no" final. Interaction ids
// are remembered for RememberFor, per channel, with a game or without.
package state
