// Package volleyfire referees Volleyfire! (Matt Cappetta), a Napoleonic wargame of
// units of bases: the range bands and weapons, shooting, movement allowances,
// command ranges, close combat with its rerolls, routing, and the alternating
// activations of the turn. The text's charts are literal tables here, each naming
// the section it comes from; where the text is silent or damaged the referee
// takes the readings V1–V8 of docs/readings.md and shows them.
//
// A Board is a whole battle: the roster of units and command bases, the turn
// (whose activation, which units are spent, how many actions each has used)
// and the combats under way. Its JSON is the board stored in the game. Every
// move on it is a method: the roster edits (AddUnit, SetUnit, ...), the turn
// (StartTurn, ChooseFirst, Next, Done) and every action (Activate, Move, Shoot,
// Reload, Formation, Charge, Breakaway, Fight). Each takes the actor who gives
// it (rules.Actor: a player commands only his own units, the umpire anything),
// a typed order, a dice.Source where dice are rolled and the House rules, and
// returns a report with its rulings; what the rules forbid is a *rules.Breach,
// and a move that refuses leaves the board as it was. A quick ruling is the same
// move on a QuickBoard built from the options. ValidateBoard checks an imported
// board: every value in its range, every name it refers to on it.
//
// volleyfire is pure: no I/O, no clock, no global randomness. A move changes
// only the board it is called on, and nothing else; a resolution takes a
// dice.Source and returns a rules.Ruling with its exact odds.
package volleyfire
