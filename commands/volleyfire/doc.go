// Package volleyfire is Volleyfire! as the referee's commands see it: the
// definitions of /volleyfire and /volleyfire-roster, one typed order a
// subcommand (orders.go, roster.go) decoded by commands/decode, the rendering
// of what the move came to, and the glue to the battle service (load the
// board, save it, log). The board and every move on it, roster edits and the
// turn of alternating activations included, are rules/volleyfire's; a quick
// ruling is the same move on a board built from the options.
//
// Invariant: in a Volleyfire! battle every name an order gives is the
// roster's as its reader sees it, resolved by the decoder before the handler
// runs; outside one, a quick ruling, names are free.
package volleyfire
