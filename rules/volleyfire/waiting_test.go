package volleyfire

import (
	"testing"

	"github.com/referee-bot/referee/rules"
)

// V3: players switch off activations until all units capable have taken
// actions, then the combats are fought, then a new turn begins. A side due
// that does not activate has a unit hold: the activation is spent, and the
// other side's comes; no side is skipped.
func TestASideDueHoldsOneUnitAtATime(t *testing.T) {
	b := &Board{Units: []RosterUnit{
		{Unit: Unit{Name: "1st Foot"}, Side: "Allies", Player: "bob"},
		{Unit: Unit{Name: "Rifles"}, Side: "Allies"},
		{Unit: Unit{Name: "4e Ligne"}, Side: "French", Player: "carol"},
	}}
	umpire := rules.Actor{Umpire: true}
	if got := b.UmpireCall(); got != NoCall {
		t.Errorf("before the first turn: UmpireCall() = %v, want none", got)
	}
	b.Turn.Start([]string{"Allies", "French"})
	steps := []struct {
		name   string
		player string
		held   string
		whose  string
		call   UmpireCall
	}{
		{"the Allies are due: Bob's unit holds", "bob", "1st Foot", "French", NoCall},
		{"the French are due: Carol's unit holds", "carol", "4e Ligne", "Allies", NoCall},
		{"the Allies again, the French have none left: the umpire's own unit holds", "", "Rifles", "", CallCombats},
	}
	for _, st := range steps {
		held, err := b.Hold(umpire, st.player)
		if err != nil || held != st.held || b.Turn.Whose() != st.whose || b.UmpireCall() != st.call {
			t.Errorf("%s: Hold = %q, %v; then %q due, call %v; want %q, %q due, call %v",
				st.name, held, err, b.Turn.Whose(), b.UmpireCall(), st.held, st.whose, st.call)
		}
	}
	b.Turn.Phase = Over
	if got := b.UmpireCall(); got != CallTurn {
		t.Errorf("the turn over: UmpireCall() = %v, want the next turn", got)
	}
	b.Turn.Start([]string{"Allies", "French"})
	if _, err := b.Hold(rules.Actor{User: "bob"}, "bob"); err == nil {
		t.Error("a player had his own unit hold; only the umpire (or a deadline in his name) does")
	}
	if _, err := b.Hold(umpire, "carol"); err == nil {
		t.Error("Carol's unit held while the Allies were due")
	}
}
