// Package greenjackets is /greenjackets and Green Jackets as the battle service
// sees it (battle.Ruleset, TurnEngine and SecretCards). The battle lives in
// rules/greenjackets: this package decodes each command's options into a typed
// order (an *interaction.InputError when it cannot), makes that one move on the
// channel's board — or, for a quick ruling, on a board built from the options —
// renders its outcome, and stores the board and the log through battle.Tx.
// Everything the rules forbid is a *rules.Breach raised in rules/greenjackets.
//
// Invariant: no public message, log line or button id carries a card that has not
// been played; a card is shown only to its holder (DM, /card) and the umpire.
package greenjackets
