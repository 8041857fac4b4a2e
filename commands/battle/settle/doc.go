// Package settle settles, in the background, the changes the battle store
// did not confirm (state.ErrIndeterminate): their invoker was answered that
// the change may have been recorded, and the referee will say. Settling
// asks the store, a try after each of a few growing waits, whether the
// change was applied (state.Store's Settle), and tells the invoker the
// truth through the transport's Later (interaction.Later): not recorded,
// or recorded (as roll #37, when the stored answer numbers it) with the
// command's own answer as it would have been given, its battle's turn
// message redrawn as the battle now stands. A firing of a deadline
// (Firing) is delivered as the firing would have delivered it, once
// applied, and only by the replica that made it.
//
// The routes install it as the battle service's Unconfirmed
// (battle.Service.SettleBy); the process closes it at shutdown (Close). A
// service without it settles nothing: its answer has already said the
// change may have been recorded.
package settle
