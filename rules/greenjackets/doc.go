// Package greenjackets is Green Jackets, R.J. Denning's rules for Napoleonic
// skirmishes (readings G1–G23 in docs/readings.md):
// the charts, and the battle itself.
//
// The charts — action-point cards and the count-down, command distance,
// spotting, movement, small-arms fire with misfires, reloading, the effect of
// hits on figures, cavalry and characters, the four artillery ammunitions,
// melee, morale and rally — are literal tables that read like the printed ones,
// with their section named in a comment. Each resolution takes a dice.Source and
// plain inputs and returns a rules.Ruling (dice, chart row, modifiers with
// reasons, result, exact odds, readings) with a typed outcome.
//
// A Board is the whole state of one battle: the characters, their squads and
// figures with every wound, load and move recorded, the contacts between units,
// and the turn engine's deal and count. It is stored as JSON, and its field
// names do not change: a battle stored by an earlier referee decodes and plays
// on. ValidateBoard checks a board from outside (an import) in full.
//
// Every move on a board — a roster edit, a deal, a count, an action — is a
// method taking a dice.Source (when it rolls), a typed order saying who gives it
// (a rules.Actor) and the House rules in force. A move changes only the board it
// is called on, and only when it succeeds: it works on a clone and keeps it, so a
// *rules.Breach (anything the rules forbid, said in one sentence) leaves the
// board as it was. A quick ruling is the same move on a board built from the
// ruling's options (the Quick… boards), with no turn running. The package is
// pure: no I/O, no clock, no global randomness, no house rule but those passed.
package greenjackets
