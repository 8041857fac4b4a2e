// Package verify recomputes a battle from its record: it replays the log,
// change by change, from the revealed seed through the referee's own
// commands and rule set (each change's first entry carries the order it
// ran, order.Order), the clock's acts as its timer fires them, and holds
// every entry it logs, every die (their count, order and faces), every
// deal, undo and void, and the battle that results (its board, and all
// else the log decides) against the file. What differs is named by its
// entry ("entry 14: 3 dice in the file, the seed gives 4").
//
// Sealed orders are written again with the text and salt their reveal
// published, so each commitment is recomputed where it was posted. A
// change that took something from outside the log (a campaign's forces,
// a running battle's file: order.Order.Given) is taken as its order
// records it, and the verdict says so (Replayed.Given); what cannot be
// replayed at all stops the replay with the reason (Replayed.Stopped).
// A replay runs on a store of its own, which it removes: it changes
// nothing of the battle it checks.
package verify
