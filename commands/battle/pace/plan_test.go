package pace

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The moves pending after a change, from the moves pending before, whom
// the battle waits on now and what the main channel was shown.
func TestPlan(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	later := t0.Add(24 * time.Hour)
	fresh := func(user, what, moment string) Pending {
		return Pending{User: user, What: what, Moment: moment, SetAt: 9, Due: later}
	}
	for _, tc := range []struct {
		name             string
		was, waits, main []Pending
		want             []Pending
	}{
		{name: "nobody waited on: nothing pending",
			was: []Pending{{User: "ann", Moment: "t1", Due: t0}}},
		{name: "a move newly fallen due is due as given",
			waits: []Pending{fresh("ann", "act", "t1")},
			want:  []Pending{fresh("ann", "act", "t1")}},
		{name: "a move still waited on at the same moment keeps its deadline and reminders, saying what it says now",
			was:   []Pending{{User: "ann", What: "act", Moment: "t1", SetAt: 3, Due: t0, Reminded: 1, Late: true}},
			waits: []Pending{{User: "ann", What: "act or hold", Moment: "t1", SetAt: 9, Due: later, Call: true}},
			want:  []Pending{{User: "ann", What: "act or hold", Moment: "t1", SetAt: 3, Due: t0, Reminded: 1, Late: true, Call: true}}},
		{name: "the same holder at a new moment has a new deadline",
			was:   []Pending{{User: "ann", What: "act", Moment: "t1", SetAt: 3, Due: t0, Reminded: 1}},
			waits: []Pending{fresh("ann", "act", "t2")},
			want:  []Pending{fresh("ann", "act", "t2")}},
		{name: "a move the main channel was shown takes the deadline shown there",
			waits: []Pending{fresh("ann", "act", "t1"), fresh("bob", "act", "t1")},
			main:  []Pending{{User: "ann", Moment: "t1", Due: t0}, {User: "bob", Moment: "t0", Due: t0}},
			want:  []Pending{{User: "ann", What: "act", Moment: "t1", SetAt: 9, Due: t0}, fresh("bob", "act", "t1")}},
		{name: "a move kept keeps its own deadline, not the main channel's",
			was:   []Pending{{User: "ann", Moment: "t1", SetAt: 3, Due: later}},
			waits: []Pending{fresh("ann", "act", "t1")},
			main:  []Pending{{User: "ann", Moment: "t1", Due: t0}},
			want:  []Pending{{User: "ann", What: "act", Moment: "t1", SetAt: 3, Due: later}}},
		{name: "a holder's two moves at one moment are one, saying both",
			waits: []Pending{fresh("ann", "act with Harris", "t1"), fresh("bob", "act", "t1"), fresh("ann", "act with Cooke", "t1")},
			want:  []Pending{fresh("ann", "act with Harris; act with Cooke", "t1"), fresh("bob", "act", "t1")}},
	} {
		if diff := cmp.Diff(tc.want, Plan(tc.was, tc.waits, tc.main)); diff != "" {
			t.Errorf("%s: Plan (-want +got):\n%s", tc.name, diff)
		}
	}
}

// A move is newly pending unless its holder was waited on at the same
// moment before.
func TestNewly(t *testing.T) {
	was := []Pending{{User: "ann", Moment: "t1"}, {User: "bob", Moment: "t1"}}
	next := []Pending{{User: "ann", Moment: "t1"}, {User: "bob", Moment: "t2"}, {User: "cy", Moment: "t1"}}
	want := []Pending{{User: "bob", Moment: "t2"}, {User: "cy", Moment: "t1"}}
	if diff := cmp.Diff(want, Newly(was, next)); diff != "" {
		t.Errorf("Newly (-want +got):\n%s", diff)
	}
	if got := Newly(next, next); len(got) != 0 {
		t.Errorf("Newly of the same moves = %v, want none", got)
	}
}
