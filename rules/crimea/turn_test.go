package crimea

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// C2, C3: at a turn's start every reader is told the orders of the officers
// he knows of: the hidden Liprandi's test for five orders is told the
// umpire and the Russians, not the Allies nor the main channel; Lord
// Lucan's test to move, in the open, is told all.
func TestATurnsStartIsToldEachReaderFromHisView(t *testing.T) {
	b := foggy()
	b.Officers[1].Calibre, b.Officers[2].Calibre = Indolent, Rash
	// Seven draws shuffle the deck; Lucan (60%) moves on 70, Liprandi (50%) fails on 30.
	src := dicetest.Script(t, append([]int{1, 1, 1, 1, 1, 1, 1}, rolls(70, 30)...)...)
	b.NewTurn(src)
	start, err := b.SetOrders(src, House{})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	lucans := "Lord Lucan (indolent) tests officer morale to move"
	liprandis := "Liprandi (rash) tests officer morale for 5 orders"
	for _, tc := range []struct {
		reader rules.Reader
		steps  []string
	}{
		{rules.Umpire, []string{lucans, liprandis}},
		{rules.SideReader("Russian"), []string{lucans, liprandis}},
		{rules.SideReader("Allied"), []string{lucans}},
		{rules.Main, []string{lucans}},
	} {
		r := start.Ruling(b.View(tc.reader))
		var steps []string
		for _, st := range r.Steps {
			steps = append(steps, st.What)
		}
		if diff := cmp.Diff(tc.steps, steps); diff != "" {
			t.Errorf("the turn's start told %v (-want +got):\n%s", tc.reader, diff)
		}
		if want := "Turn 2 begins: eight cards in the deck, every officer's orders set. The umpire draws with `/turn next`."; r.Result != want {
			t.Errorf("the turn's start told %v: %q, want %q", tc.reader, r.Result, want)
		}
	}
	if got := []int{b.Officers[1].Orders, b.Officers[2].Orders}; got[0] != 2 || got[1] != 3 || b.Officers[1].Stays {
		t.Errorf("Lucan and Liprandi have %v orders (Lucan stays: %v), want 2 and 3, Lucan moving", got, b.Officers[1].Stays)
	}
}

// The turn's start says how the last one ended: cut short, with charges
// left to lapse.
func TestATurnsStartSaysHowTheLastEnded(t *testing.T) {
	for _, tc := range []struct {
		name    string
		drawn   int
		charges []Charge
		want    string
	}{
		{"every card drawn, every combat resolved", 8, nil, ""},
		{"a charge left", 8, []Charge{{Attacker: "17th Lancers", Defender: "Odessa Regiment"}}, "Turn 1 ended with 1 charge unresolved: they lapse. "},
		{"three cards drawn", 3, nil, "Turn 1 ended before every card was drawn. "},
	} {
		b := inTurn(Card{Allied, CavalryC})
		b.Drawn, b.Charges = tc.drawn, tc.charges
		if got := b.NewTurn(dicetest.Script(t, 1, 1, 1, 1, 1, 1, 1)).Said(); got != tc.want {
			t.Errorf("%s: the next turn's start says %q, want %q", tc.name, got, tc.want)
		}
	}
}
