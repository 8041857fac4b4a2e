// Package firing2007 is the /firing2007 command and the battle.Ruleset of
// "Rules – Firing" (2007): it decodes options into the orders of
// rules/firing2007, whose board holds the battle and makes every move, and
// renders what the moves did. A quick ruling is the same move on a board
// sketched from the options.
package firing2007
