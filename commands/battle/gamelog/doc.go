// Package gamelog is a battle's log as it is stored, one entry a line
// (Entry): who did what and when, the dice drawn (Draw), the command the
// change ran (order.Order), and under fog of war the readers shown each
// entry, each with its number in that reader's part of the log (Seen,
// Entry.For, Hearing). The log is append-only: an undo is an entry of its
// own naming the entries it voids, which readers fold in (Fold). The battle
// service (commands/battle) appends to it; export, import, verify and the
// report (commands/battle/record, commands/verify) read the whole of it
// (Digest). It is pure, and its JSON is the stored log's.
package gamelog
