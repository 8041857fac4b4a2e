// Package deadline plans the move deadlines of the battles played by chat
// after every change (Replan, the battle service's planner, set by the
// routes: battle.Service.PlanDeadlines) and does what falls due, as the
// timer asks (Fire): a move's reminder, and at its deadline the
// battle's policy (the umpire told who is late, or the move passed), each
// firing a change of the battle like any other, the clock's
// (battle.Service.Fire); a battle the clock alone moves on twice in a row
// pauses itself. It gives each umpire, once a day, his digest of whose
// move it is in each of his battles on a server (his rounds,
// battle.Rounds). The deadlines themselves are the battle's document's
// (commands/battle/pace); the battle service runs the planner inside
// every change and keeps the store's due index (battle.DueIndex) and
// rounds no later than its document, so that this package only fires what
// they say is due.
package deadline
