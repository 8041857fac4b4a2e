// Package boltstore keeps each channel's game in a bbolt file under a
// directory, for a single machine without Redis (the console mode and a small
// one-server bot). It gives the guarantees of state/redisstore on one
// machine: an Update runs its UpdateFunc inside one bbolt write transaction,
// so updates never race and never half-apply; the interaction id and reply are
// committed with the document, so a redelivered interaction is answered from
// the record. Interaction ids are remembered per channel (with a game or
// without) for state.RememberFor after first seen, by Options.Now, at most
// state.MaxRemembered; a channel's memory no id was added to for that long is
// dropped whole by later writes. An error from bbolt is
// state.ErrUnavailable: a commit that fails is rolled back. Every write refreshes the game's expiry time, and an expired
// game reads as not found and is swept lazily by later writes. A game's log
// is a bucket of its own (entries keyed by their index), appended to in the
// same transaction as the document and removed with it. Everything is
// fsynced on commit and survives the process restarting.
//
// The file is locked by the process that opens it; a second Open waits
// Options.LockTimeout and then fails.
package boltstore
