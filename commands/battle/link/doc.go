// Package link makes a channel one of a battle's own: a side's channel or
// the umpire's desk, whose document in the store becomes a link to the
// battle's main channel (state.Link), so that the battle's commands work
// there. A channel another running battle holds (its main channel, a side's
// channel or its desk) is refused, naming the battle that holds it; a link
// that battle no longer has, or one of a battle ended, is nobody's. The
// battle service follows the links (battle.Service.View and its changes);
// this package makes them, and keeps them (Gate, installed by the routes):
// a side's channel is its players' and the umpire's, the desk the umpire's
// alone (MayCommandIn).
package link
