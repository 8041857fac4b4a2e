package firing2007

import (
	"slices"
	"testing"
)

// The text has no turn sequence: each side fires as it will and ends its
// turn with its own command; the next turn begins when every side has, or
// at the umpire's call. A side its deadline held is done with the turn,
// but only the umpire, or every side's own command, begins the next.
func TestEverySideEndsTheTurnOrTheUmpireCallsIt(t *testing.T) {
	board := func() *Board {
		return &Board{Turn: 1, Units: []Unit{{ID: 1, Name: "42nd", Side: "British", Player: "bob"}, {ID: 2, Name: "Regt Anhalt", Side: "French", Player: "carol"}}, NextID: 2}
	}
	steps := []struct {
		name string
		do   func(b *Board) error
		due  []string
		turn int
		call UmpireCall
	}{
		{"the British end their turn: the French are still due", func(b *Board) error { _, err := b.EndTurn("British"); return err }, []string{"French"}, 1, NoCall},
		{"the French end theirs too: turn 2 begins, both due again", func(b *Board) error { _, err := b.EndTurn("French"); return err }, []string{"British", "French"}, 2, NoCall},
		{"the British end turn 2", func(b *Board) error { _, err := b.EndTurn("British"); return err }, []string{"French"}, 2, NoCall},
		{"the French deadline holds them: the turn waits on the umpire", func(b *Board) error { return b.Hold("French") }, nil, 2, CallTurn},
	}
	b := board()
	for _, st := range steps {
		if err := st.do(b); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if !slices.Equal(b.Due(), st.due) || b.Turn != st.turn || b.UmpireCall() != st.call {
			t.Errorf("%s: due %v, turn %d, call %v; want %v, %d, %v", st.name, b.Due(), b.Turn, b.UmpireCall(), st.due, st.turn, st.call)
		}
	}
	if err := b.Hold("French"); err == nil {
		t.Error("the French held twice in a turn")
	}
	if err := b.checkEnds(); err != nil {
		t.Errorf("checkEnds: %v", err)
	}
	if bad := (&Board{Turn: 1, Units: b.Units, Held: []string{"Prussians"}}); bad.checkEnds() == nil {
		t.Error("a side not on the roster held the turn, and the board passed its checks")
	}
	b.NextTurn()
	if !slices.Equal(b.Due(), []string{"British", "French"}) {
		t.Errorf("the umpire's next turn: due %v, want both sides", b.Due())
	}
	if _, err := (&Board{}).EndTurn("British"); err == nil {
		t.Error("a side ended a turn before the first")
	}
	chain := board()
	chain.Pending = []Pending{{General: 9}}
	chain.EndTurn("British")
	if next, _ := chain.EndTurn("French"); next || chain.UmpireCall() != NoCall {
		t.Error("the next turn began with a killed general's chain still to settle")
	}
}
