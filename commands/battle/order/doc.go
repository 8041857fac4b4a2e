// Package order is the record of the command a change to a battle ran, as
// it was given (Order): who, when, the command or the button pressed, and
// every option typed. The battle service (commands/battle) puts it on the
// first log entry of each change (gamelog.Entry.Order), so that a replay of
// the log (commands/verify) can run each change again from the revealed
// seed. It is pure: requests in, records out, and back.
package order
