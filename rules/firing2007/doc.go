// Package firing2007 referees "Rules – Firing" (a blog post of 6 July 2007): the
// range chart by weapon, the 2d6 fire roll with its factors, the morale effect of
// fire read from the same score, and the risk to generals with a unit that loses
// strength. The readings of docs/readings.md (F1–F6) are applied where they apply and
// returned with every ruling; the house rules that switch them are inputs.
//
// A Board is a whole battle: the turn count, the roster of units and generals
// the umpire keeps, and the chains of command of killed generals waiting on the
// umpire. Its JSON is the battle as stored, and ValidateBoard checks an
// imported one in full. Every move on it is a method (Fire, Risk, SettleChain,
// NextTurn, the roster's edits) taking a typed order, and dice when it rolls;
// a quick ruling is the same move on a board built from the options (Sketch,
// RiskBoard). A move the rules forbid returns a *rules.Breach and changes
// nothing; otherwise it changes only the board it is called on. The board's
// views (roster lines, losses, labels) and the /rules topics are text for
// players: markdown whose names are escaped, as in a breach.
//
// The package is pure: no I/O, no clock, no global randomness. Dice come in as a
// dice.Source argument.
package firing2007
