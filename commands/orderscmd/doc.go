// Package orderscmd is /orders: a player's sealed written orders for the
// turn. The text goes to the writer alone and to the umpire's desk; the
// battle's channel sees only that he has written, with a commitment (the
// SHA-256 of a secret salt, a colon and the text, rules.Commit). At the
// umpire's call, at the turn's end when he set it, or at the battle's end,
// each is published with its text, its salt and the exact form hashed, so
// that anyone can check it. Until then the text and salt are in no public
// message, log line, button id or metric. Under fog of war a reveal shows
// the text to the umpire and each writer's side alone, the main channel only
// that the orders match their commitments, until the battle's end.
//
// The orders are kept in the battle's document as commands/battle/sealed
// has them; this package writes them and does every reveal, over battle's
// exported API: /orders reveal:true (Reveal), the battle's end (RevealAll,
// from /game end) and the turn's end (Commands.RevealEnded, which the routes
// set as what the battle service does at a turn's end, battle.Service.AtTurnEnd).
package orderscmd
