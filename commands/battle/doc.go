// Package battle is the channel's game as the commands see it: the typed game
// document (umpire, seed commitment, house rules and the rule set's own
// board) and its numbered roll log, the Ruleset interface every rule set's
// commands implement, and the Service that runs a command's change to a game
// as one atomic, idempotent read-modify-write with verifiable dice.
//
// The log is not in the document: the store keeps it beside it and a change
// only appends to it (state.Change.Append), in the same atomic write, so a
// command costs the same and the document stays small however long the
// battle. Its entries are commands/battle/gamelog's (gamelog.Entry).
// Nothing in the log is ever rewritten: an undo is an entry of its own
// naming the entries it voids (gamelog.Entry.Voids), folded in by readers
// (gamelog.Fold), which makes the log a stronger audit trail: what was
// ruled and what was undone, and why, both stay on record. What /game undo reverts to, the
// board before each of the last changes, is in the document (Game.Undo,
// commands/battle/undo). Service.ViewLog reads the log, a tail of it or all;
// export, import, verify and the report use the whole.
//
// A battle played by chat keeps its move deadlines in the document
// (Game.Pace, commands/battle/pace): after every change its planner
// (Service.PlanDeadlines, commands/battle/deadline, set by the routes) asks
// the rule set's turn engine who must move (TurnEngine.Waiting) and plans
// the deadlines again. A store with a due index keeps, beside the games,
// when each battle next has something due; the deadline's Keeper, which
// the service makes every change under, writes it before the document,
// never later than the document says (a service without one refuses to
// make a battle due sooner), and commands/battle/deadline does what is due
// as a change like any other, the clock's (Tx.ByClock).
//
// Sealed written orders are in the document too (Game.Orders,
// commands/battle/sealed); commands/orderscmd writes and reveals them, at a
// turn's end as what the service does after every change's command
// (Service.AtTurnEnd, set by the routes). So are the umpire's calls the
// referee makes under calls:auto (commands/battle/calls, Service.MakeCalls)
// and the battle's turn message (Game.TurnMessage, commands/battle/turnmsg,
// Service.ShowTurns). A short ruling's Details button (details.Ruling) is
// answered by commands/battle/details, from the working its log entry
// keeps (Service.ReadLog) or, outside a battle, the stored answer's
// (StoredReply.Working). Each change's command is recorded on its first
// log entry (gamelog.Entry.Order, commands/battle/order), for a replay.
//
// Under fog of war what a change says is delivered by commands/battle/view
// (Service.DeliverBy), which also says who sees what of a battle (from the
// rule set's view.Fog); the channels linked to a battle (a side's, the
// umpire's desk) are kept by commands/battle/link (Service.GateBy). The
// routes set both, and a service without them fails closed: it refuses a
// fogged battle's change, and any change made in a linked channel.
//
// Every change's answer is stored under its interaction id (StoredReply),
// so that a redelivered interaction is answered as it was; a change the
// store did not confirm is settled in the background from it
// (commands/battle/settle, Service.SettleBy).
package battle
