// Package volleyfire is Volleyfire! as the referee's commands see it: the
// definition of /volleyfire, a decoder for each subcommand's options into a
// typed order of rules/volleyfire, the rendering of what the move came to, and
// the glue to the battle service (load the board, save it, log). The board and
// every move on it, roster edits and the turn of alternating activations
// included, are rules/volleyfire's; a quick ruling is the same move on a board
// built from the options.
package volleyfire
