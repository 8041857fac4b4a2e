package volleyfire

import (
	"errors"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestRollFirst(t *testing.T) {
	// A tie on 4 rolls again; then the French win 5 to 2.
	src := dicetest.Script(t, 4, 4, 2, 5)
	r, order, err := RollFirst(src, []string{"British", "French"})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	if order[0] != "French" || order[1] != "British" || len(r.Steps) != 2 {
		t.Errorf("RollFirst = %v, %d steps", order, len(r.Steps))
	}
}

func TestTurnSequence(t *testing.T) {
	side := map[string]string{"a1": "A", "a2": "A", "b1": "B"}
	var tn Turn
	ready := func(s string) bool {
		for u, us := range side {
			if us == s && !tn.Spent[u] {
				return true
			}
		}
		return false
	}
	var b *rules.Breach
	if err := tn.Activate("a1", "A", true); !errors.As(err, &b) {
		t.Fatalf("activation before a turn: %v", err)
	}
	tn.Start([]string{"A", "B"})
	if err := tn.Activate("b1", "B", true); !errors.As(err, &b) {
		t.Errorf("B activated in A's activation")
	}
	if err := tn.Activate("a1", "A", true); err != nil {
		t.Fatal(err)
	}
	if err := tn.Use("a2", ActMove); !errors.As(err, &b) {
		t.Errorf("a2 acted while a1 is active")
	}
	for range 2 {
		if err := tn.Use("a1", ActMove); err != nil {
			t.Fatal(err)
		}
	}
	if err := tn.Use("a1", ActShoot); !errors.As(err, &b) {
		t.Errorf("a third action")
	}
	tn.End(ready)
	if tn.Whose() != "B" {
		t.Fatalf("after A's activation it is %q's", tn.Whose())
	}
	// Out of command: shoot only.
	if err := tn.Activate("b1", "B", false); err != nil {
		t.Fatal(err)
	}
	if err := tn.Use("b1", ActMove); !errors.As(err, &b) {
		t.Errorf("out of command unit moved")
	}
	if err := tn.Use("b1", ActShoot); err != nil {
		t.Errorf("out of command unit may shoot: %v", err)
	}
	tn.End(ready)
	// B has no unit left: A activates again.
	if tn.Whose() != "A" {
		t.Fatalf("B spent: it is %q's activation", tn.Whose())
	}
	if err := tn.Activate("a1", "A", true); !errors.As(err, &b) {
		t.Errorf("a spent unit activated again")
	}
	if err := tn.Activate("a2", "A", true); err != nil {
		t.Fatal(err)
	}
	tn.End(ready)
	if tn.Phase != Combats {
		t.Errorf("all spent: phase %s, want combat", tn.Phase)
	}
}

// V3: only the unit activated now, out of command, is bound to shoot at the
// closest enemy.
func TestClosestOnly(t *testing.T) {
	tests := []struct {
		name string
		turn Turn
		unit string
		want bool
	}{
		{"activated out of command", Turn{Active: "Ligne"}, "Ligne", true},
		{"activated in command", Turn{Active: "Ligne", InCommand: true}, "Ligne", false},
		{"another unit activated", Turn{Active: "Legere"}, "Ligne", false},
		{"between activations", Turn{}, "Ligne", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.turn.ClosestOnly(tt.unit); got != tt.want {
				t.Errorf("%+v.ClosestOnly(%q) = %v, want %v", tt.turn, tt.unit, got, tt.want)
			}
		})
	}
}
