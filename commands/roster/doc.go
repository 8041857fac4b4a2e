// Package roster is the roster plumbing the rule sets' commands share: finding a
// unit or officer by name (ignoring case) or refusing, checking a name the roster
// can hold, autocomplete choices from roster names, and loading and saving the
// channel's board for one rule set, refusing a battle played with another.
// Under fog of war it answers the battle's questions (view.Fog,
// commands/battle/view) from a board that knows what each side has seen.
// It holds no state and knows no rule set: each passes its own names and words.
package roster
