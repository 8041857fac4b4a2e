// Package turnmsg is a battle's turn message: the one message of its main
// channel that shows the turn, posted at each new turn and edited in place
// as the turn moves (Turns.Show), everything it shows rendered from the
// main channel's view, with the picture of the table (a Painter) and turn
// buttons bound to the moment they were shown at (CheckMoment refuses a
// press at another); and the line of whom the battle waits on (WaitingOn)
// that leads it and /turn status. Under fog of war a side with a channel
// of its own is posted its own picture with each new turn, and a player
// whose turn step the main channel may not read is told it himself.
//
// The record of what the message last showed is the battle document's
// (battle.Game.TurnMessage); the battle service runs Show in every change,
// once the deadlines are replanned (battle.Service.ShowTurns, set by the
// routes), so that what the transport is to do with the message is part
// of the change's response. A change whose write stalled, and which the
// store applied, has the message shown anew as the battle stands, in a
// change of its own (Redraw, called by commands/battle/settle).
package turnmsg
