// Package crimea is the referee's commands for Stormed at with Shot and Shell:
// the /crimea command's definition, the decoding of its options into the orders
// of rules/crimea, the rendering of what each move did, and the glue to the
// channel's battle (load the board, save it, log the ruling). Every action works
// against the roster or, as a quick ruling, on a board built from its options.
package crimea
