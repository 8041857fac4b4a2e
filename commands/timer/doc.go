// Package timer does what falls due in battles played by chat: reminders
// before a move's deadline and the battle's policy at it. Every replica
// runs a Timer: it scans the store's due index (deadline.Due) every
// Every, fires each battle due through deadline.Fire (a compare-and-set
// change, idempotent across replicas), and delivers what the firing
// that made the change says through a Sender. Nothing is held in memory:
// a restart or a second replica picks up where the index stands. The
// clock is the battle service's.
package timer
