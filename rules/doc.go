// Package rules holds what every rule set shares: the shape of a ruling (the dice
// rolled, the table row used, every modifier with its reason, the result, the odds
// of each outcome and the readings of the text that applied) and the typed error
// for a breach of the rules, and what the sides know of a unit under fog of war
// (Sight).
//
// rules and everything below it is pure: no I/O, no clock, no global randomness.
// Dice come in as a dice.Source argument.
package rules
