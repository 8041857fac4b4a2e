// Package deadline plans the move deadlines of the battles played by chat
// after every change (Replan, the battle service's planner) and does what
// falls due, as the timer asks (Fire): a move's reminder, and at its
// deadline the battle's policy (the umpire told who is late, or the move
// passed), each firing a change of the battle like any other, the clock's
// (battle.Tx.ByClock); a battle the clock alone moves on twice in a row
// pauses itself. It gives each umpire, once a day, his digest of whose
// move it is in each of his battles on a server (his rounds, Rounds). The
// deadlines themselves are the battle's document's (commands/battle/pace).
// Every change is made under Keep, the service's keeper, which keeps the
// store's due index (DueIndex) and rounds no later than the document, so
// that this package only fires what they say is due. The routes install
// both: battle.Service.PlanDeadlines(Replan(svc), Keep(svc)).
package deadline
