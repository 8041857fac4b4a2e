package gamelog

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// TestEntryFor: under fog each reader's part of the log numbers its entries
// itself; the umpire's is the whole log, and an entry logged without fog is
// everyone's. A side's part holds the main channel's. An entry logged before the parts were numbered keeps its
// readers, the main channel's being every side's, under its own number.
func TestEntryFor(t *testing.T) {
	fogged := Entry{N: 7, Fog: true, Shown: []Seen{{Reader: rules.SideReader("French"), N: 3}, {Reader: rules.Main, N: 2}}}
	hidden := Entry{N: 8, Fog: true, Shown: []Seen{{Reader: rules.SideReader("French"), N: 4}}}
	older := Entry{N: 5, Fog: true, Shown: []Seen{{Reader: rules.Main}}}
	for _, c := range []struct {
		name string
		e    Entry
		r    rules.Reader
		n    int
		ok   bool
	}{
		{"the umpire reads the whole log", fogged, rules.Umpire, 7, true},
		{"a side shown it reads it under its own number", fogged, rules.SideReader("french"), 3, true},
		{"the main channel under its own", fogged, rules.Main, 2, true},
		{"a side not shown it does not read it", hidden, rules.SideReader("British"), 0, false},
		{"nor does the main channel", hidden, rules.Main, 0, false},
		{"a side not yet in the battle read the main channel's part", fogged, rules.SideReader("British"), 2, true},
		{"an entry without fog is everyone's", Entry{N: 4}, rules.SideReader("British"), 4, true},
		{"an older entry shown in the main channel is every side's", older, rules.SideReader("British"), 5, true},
		{"an older entry shown to no one is the umpire's", Entry{N: 6, Fog: true}, rules.Main, 0, false},
	} {
		if n, ok := c.e.For(c.r); n != c.n || ok != c.ok {
			t.Errorf("%s: For = %d, %v; want %d, %v", c.name, n, ok, c.n, c.ok)
		}
	}
}

// TestSeenReadsOlderShown: the readers an older entry was shown to read
// as Seen, without numbers.
func TestSeenReadsOlderShown(t *testing.T) {
	var e Entry
	if err := json.Unmarshal([]byte(`{"n":5,"fog":true,"shown":[{},{"side":"French"},{"all":true}]}`), &e); err != nil {
		t.Fatal(err)
	}
	want := []Seen{{Reader: rules.Main}, {Reader: rules.SideReader("French")}, {Reader: rules.Umpire}}
	if !slices.Equal(e.Shown, want) {
		t.Errorf("Shown = %v, want %v", e.Shown, want)
	}
	b, _ := json.Marshal(Seen{Reader: rules.SideReader("French"), N: 3})
	if string(b) != `{"side":"French","n":3}` {
		t.Errorf("Seen encodes as %s", b)
	}
}

func TestDrawJSON(t *testing.T) {
	b, err := json.Marshal([]Draw{{20, 14}, {6, 3}})
	if err != nil || string(b) != "[[20,14],[6,3]]" {
		t.Errorf("Marshal(draws) = %s, %v; want [[20,14],[6,3]]", b, err)
	}
	var ds []Draw
	if err := json.Unmarshal(b, &ds); err != nil || !cmp.Equal(ds, []Draw{{20, 14}, {6, 3}}) {
		t.Errorf("Unmarshal(%s) = %v, %v", b, ds, err)
	}
}
