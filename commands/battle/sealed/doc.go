// Package sealed is a battle's sealed written orders as its document keeps
// them (battle.Game.Orders): each player's for a turn, their text and salt
// secret until revealed and only their commitment public (rules.Commit of
// Form), the turns already revealed and so closed to orders, and the
// umpire's choice of when they are revealed; with what may be written
// (CheckText), what a running battle's export carries of them and what an
// imported one may. It is pure: no I/O, no clock, no battle; /orders and
// the reveals that need a change (at the umpire's call, at the turn's end,
// at the battle's end) are commands/orderscmd.
package sealed
