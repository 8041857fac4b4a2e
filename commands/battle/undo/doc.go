// Package undo is what a battle keeps for /game undo: the undo points of its
// last changes (Point), each the board before the change, gzipped as it is
// stored, and the log entries the change made. The change pipeline
// (commands/battle) makes one after every change it does not keep the undo
// point for; commands/gamecmd reverts them; export and import
// (commands/battle/record) and verify read them.
package undo
