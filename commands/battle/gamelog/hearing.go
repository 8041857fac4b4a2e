package gamelog

import "github.com/referee-bot/referee/rules"

// A Hearing is who read a change to a fogged battle, as its delivery found
// (commands/battle/view.Deliver): the parts of the log the change's entries
// go into.
type Hearing struct {
	// Readers are the readers of the change's i-th entry, from 0, in
	// order: the parts of the log it goes into (Entry.Shown). It is asked
	// of every entry, those logged after the delivery too (a roll left
	// unlogged, the entry kept for the rulings' working).
	Readers func(i int) ([]rules.Reader, error)
	// Ruled are the readers shown each of the change's rulings, in order
	// (Entry.Ruled).
	Ruled [][]rules.Reader
}
