package campaign

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/referee-bot/referee/rules"
)

type roster struct {
	Units []string `json:"units"`
}

var rosterForces = ForcesOf[roster]{
	EnlistFn: func(f, b *roster) (string, error) {
		f.Units = append(f.Units, b.Units...)
		return "enlisted", nil
	},
	MusterFn: func(f *roster, _ []string, absent func(string) bool) (*roster, error) {
		b := &roster{Units: []string{}}
		for _, u := range f.Units {
			if !absent(u) {
				b.Units = append(b.Units, u)
			}
		}
		return b, nil
	},
	CarryBackFn: func(_, b *roster, _ rules.Campaign) (*roster, []rules.Carry) { return b, nil },
	RemoveFn: func(f *roster, name string) (string, error) {
		f.Units = f.Units[:0] // changed in place before the refusal
		return "", errors.New("no such unit " + name)
	},
}

// TestForcesOf: the rule set's functions work on decoded boards; a refused
// change leaves the stored forces as they were.
func TestForcesOf(t *testing.T) {
	forces := json.RawMessage(`{"units":["Sharpe"]}`)
	got, msg, err := rosterForces.Enlist(forces, json.RawMessage(`{"units":["Harper"]}`))
	if err != nil || msg != "enlisted" || string(got) != `{"units":["Sharpe","Harper"]}` {
		t.Fatalf("Enlist = %s, %q, %v", got, msg, err)
	}
	board, err := rosterForces.Muster(got, nil, func(n string) bool { return n == "Sharpe" })
	if err != nil || string(board) != `{"units":["Harper"]}` {
		t.Errorf("Muster leaving Sharpe out = %s, %v", board, err)
	}
	if out, _, err := rosterForces.RemoveForces(got, "Hagman"); err == nil || out != nil {
		t.Errorf("a refused RemoveForces = %s, %v, want nothing and its error", out, err)
	}
	if string(got) != `{"units":["Sharpe","Harper"]}` {
		t.Errorf("after a refused change the forces are %s", got)
	}
	if _, _, err := rosterForces.Enlist(json.RawMessage(`[`), got); err == nil {
		t.Error("Enlist into forces that do not decode: no error")
	}
}

// TestCount: a number of /campaign edit is read from its text; anything else
// is refused naming what it stands for.
func TestCount(t *testing.T) {
	for in, want := range map[string]int{"": 0, " 2 ": 2, "-1": -1} {
		if got, err := Count(in, "a unit's stands"); err != nil || got != want {
			t.Errorf("Count(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	if _, err := Count("two", "a unit's stands"); err == nil || err.Error() != "Give a unit's stands as a number: `reinforce:2`." {
		t.Errorf("Count(two) = %v", err)
	}
}
