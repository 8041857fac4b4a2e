// Package verify recomputes a battle from its record: it replays the log,
// change by change, from the revealed seed through the referee's own
// commands and rule set (each change's first entry carries the order it
// ran, battle.Order), and holds every entry it logs, every die (their count,
// order and faces), every deal, undo and void, and the board that results
// against the file. What differs is named by its entry ("entry 14: 3 dice in
// the file, the seed gives 4"). A replay runs on a store of its own, which
// it removes: it changes nothing of the battle it checks.
package verify
