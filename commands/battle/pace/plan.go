package pace

import "slices"

// Plan is the moves pending after a change. waits are the moves the battle
// (or a reader's view) waits on now, each as it would fall due afresh: its
// holder, what it says, its moment, the log's length and its deadline;
// was are the moves pending before, and main those the main channel was
// shown. A move still waited on at the same moment keeps its deadline and
// reminders, saying what it says now; a move the main channel was shown at
// that moment takes the deadline it was shown there; any other is due as
// given. A holder's two moves at one moment are one, saying both.
func Plan(was, waits, main []Pending) []Pending {
	var next []Pending
	for _, w := range waits {
		if i := slices.IndexFunc(next, func(q Pending) bool { return q.User == w.User }); i >= 0 {
			next[i].What += "; " + w.What // two moves of one holder at one moment
			continue
		}
		same := func(q Pending) bool { return q.User == w.User && q.Moment == w.Moment }
		if i := slices.IndexFunc(was, same); i >= 0 {
			q := was[i]
			q.What, q.Call = w.What, w.Call
			next = append(next, q)
			continue
		}
		if i := slices.IndexFunc(main, same); i >= 0 {
			w.Due = main[i].Due
		}
		next = append(next, w)
	}
	return next
}

// Newly are the moves of next that were not pending before (was): those
// whose holder is told that they have fallen to him.
func Newly(was, next []Pending) []Pending {
	var out []Pending
	for _, q := range next {
		if !slices.ContainsFunc(was, func(o Pending) bool { return o.User == q.User && o.Moment == q.Moment }) {
			out = append(out, q)
		}
	}
	return out
}
