// Package dice is the referee's dice engine: the Source every ruling rolls through,
// the keyed Stream that makes a game's rolls verifiable from its seed, and exact
// distributions (Dist) for the odds of every outcome.
//
// dice is pure: no I/O, no clock, no global randomness. A fresh seed for a roll
// outside a game is drawn by the caller from crypto/rand.
package dice
