// Package battle is the channel's game as the commands see it: the typed game
// document (umpire, seed commitment, numbered roll log, house rules and the rule
// set's own board), the Ruleset interface every rule set's commands implement,
// and the Service that runs a command's change to a game as one atomic,
// idempotent read-modify-write with verifiable dice.
package battle
