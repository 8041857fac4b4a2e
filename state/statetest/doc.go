// Package statetest is the conformance suite every game store passes: Run
// proves, against a real backend, that concurrent updates are never lost, that
// a redelivered interaction is applied once and answered the same way, that a
// game survives a restart, that the TTL is refreshed by writes and expires
// idle games, that a failed update changes nothing, and that a document read
// out and written elsewhere comes back byte for byte.
//
// The suite talks to a store only through the small Store interface, so it
// runs unchanged against state/redisstore and state/boltstore.
package statetest
