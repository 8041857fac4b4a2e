// Package crimea is the referee of Stormed at with Shot and Shell, the Jackson
// Gamers' Crimean War rules: every roll a d100 read from a red and a white d10
// (C1), the eight-card movement deck (C2), officers' calibre and orders (C3–C4),
// morale (C5), the movement modifier (C6), firing by stands (C7) and close combat
// (C8), with the readings of docs/readings.md shown wherever they apply.
//
// A Board is a whole battle: the turn and its movement deck, the roster of units
// and officers with everything the referee remembers of them (stands, morale,
// orders left, who moved, stands lost to fire this turn, wounds and deaths), the
// umpire's movement allowances and this turn's movement modifier rolls. Its JSON
// is the board as stored; Validate checks every value and reference of one.
//
// Every move on a board is a method that takes the dice as a dice.Source, a typed
// order naming who gives it (a rules.Actor) and the house rules in force, and
// returns a ruling with what it did. A move the rules forbid returns a
// *rules.Breach and changes nothing. A move changes only the board it is called
// on; a quick ruling is the same move on a board built for it.
//
// crimea is pure: no I/O, no clock, no global randomness.
package crimea
