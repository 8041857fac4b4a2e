// Package crimea is the referee's commands for Stormed at with Shot and Shell:
// the battle.Ruleset (movement deck, officers' orders, status, losses, topics and
// house rules), the roster of units and officers kept in the game's board, and
// the /crimea command whose every action works against the roster or as a quick
// ruling with every factor given as an option.
package crimea
