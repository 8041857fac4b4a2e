// Package firing2007 is the /firing2007 command and the battle.Ruleset of
// "Rules – Firing" (2007): it decodes each subcommand's options into its
// typed order (commands/decode), makes the one move of rules/firing2007
// that order asks for, whose board holds the battle, and renders what the
// move did. A quick ruling is the same move on a board sketched from the
// options.
//
// Invariant: a handler runs only with its order decoded whole, and in a
// battle every name in it is on the roster as the invoker sees it; a
// refusal changes nothing.
package firing2007
