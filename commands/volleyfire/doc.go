// Package volleyfire is Volleyfire! as the referee's commands see it: the battle's
// roster of units and command bases (the Board stored in the game), the turn of
// alternating activations behind /turn, and /volleyfire with its subcommands for
// the roster and every action. Each action works against the roster (names
// autocomplete, bases, loads and formations are updated) or, without a unit, as a
// quick ruling with every factor given as an option.
package volleyfire
