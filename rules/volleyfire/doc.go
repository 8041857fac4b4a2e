// Package volleyfire referees Volleyfire! (Matt Cappetta), a Napoleonic wargame of
// units of bases: the range bands and weapons, shooting, movement allowances,
// command ranges, close combat with its rerolls, routing, and the alternating
// activations of the turn. The text's charts are literal tables here, each naming
// the section it comes from; where the text is silent or damaged the referee
// takes the readings V1–V8 of the project's NOTES.md and shows them.
//
// volleyfire is pure: no I/O, no clock, no global randomness. Every resolution
// takes a dice.Source and returns a rules.Ruling with its exact odds.
package volleyfire
