// Package greenjackets is the referee's Green Jackets commands: the battle.Ruleset
// (board, turn engine with secret action-point cards dealt by DM and the count
// called down, status, losses, house rules, topics), the roster of characters,
// squads and figures kept in the game's board, and /greenjackets with a subcommand
// for every action and resolution. Every action works against the roster (state
// updated, AP spent) or as a stateless quick ruling with every factor as options.
//
// Invariant: no public message, log line or button id carries a card that has not
// been played; a card is shown only to its holder (DM, /card) and the umpire.
package greenjackets
