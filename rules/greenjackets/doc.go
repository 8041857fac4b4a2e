// Package greenjackets is the pure rules of Green Jackets, R.J. Denning's rules for
// Napoleonic skirmishes (text: rules/green-jackets.txt, readings G1–G23 in
// rules/NOTES.md): the action-point cards and the count-down, action costs and
// command distance, spotting, movement, small-arms fire with misfires, reloading,
// the effect of hits on figures, cavalry and characters, the four artillery
// ammunitions, melee, morale and rally.
//
// Every chart is a literal table that reads like the printed one, with its section
// named in a comment. Every resolution takes a dice.Source and plain inputs and
// returns a rules.Ruling (dice, chart row, modifiers with reasons, result, exact
// odds, readings) with a typed outcome the commands apply to the roster. House
// rules are inputs, never globals. The package is pure: no I/O, no clock, no
// global randomness.
package greenjackets
