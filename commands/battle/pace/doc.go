// Package pace is a battle's move deadlines as its document keeps them
// (battle.Game.Pace): the umpire's settings (how long a move, the reminder
// before its deadline, what the deadline does), the moves pending with
// their deadlines as the battle waits on them and as each reader is shown
// them, and what falls due when. It is pure: no I/O, no clock (every
// moment is given), no battle. What a change leaves pending is Plan's, and
// which moves newly fell due Newly's; commands/battle/deadline plans them
// so after every change and does what falls due.
package pace
