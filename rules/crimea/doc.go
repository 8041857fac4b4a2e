// Package crimea is the referee of Stormed at with Shot and Shell, the Jackson
// Gamers' Crimean War rules: every roll a d100 read from a red and a white d10
// (C1), the eight-card movement deck (C2), officers' calibre and orders (C3–C4),
// morale (C5), the movement modifier (C6), firing by stands (C7) and close combat
// (C8), with the readings of NOTES.md shown wherever they apply.
//
// crimea is pure: no I/O, no clock, no global randomness. Dice come in as a
// dice.Source; house rules come in as plain inputs.
package crimea
