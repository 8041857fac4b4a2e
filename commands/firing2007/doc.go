// Package firing2007 is the referee's commands for "Rules – Firing" (2007): the
// battle.Ruleset (board, status, losses, house rules, /rules topics and a plain
// turn counter, the text having no turn sequence), the roster of units and
// generals kept by the umpire, and the /firing2007 command whose fire and risk
// subcommands work against the roster or as quick rulings with every factor
// given as options. The rules themselves are in rules/firing2007.
package firing2007
