package greenjackets

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestSuitsFor(t *testing.T) {
	tests := []struct {
		n, want int
		reading bool
	}{
		{1, 1, false}, {6, 1, false}, {7, 2, false}, {12, 2, false}, {13, 3, true}, {18, 3, true}, {19, 4, true}, {24, 4, true},
	}
	for _, tt := range tests {
		got, rd, err := SuitsFor(tt.n)
		if err != nil || got != tt.want || (len(rd) > 0) != tt.reading {
			t.Errorf("SuitsFor(%d) = %d, %v, %v; want %d, reading %v", tt.n, got, rd, err, tt.want, tt.reading)
		}
	}
	for _, n := range []int{0, 25} {
		var b *rules.Breach
		if _, _, err := SuitsFor(n); !errors.As(err, &b) {
			t.Errorf("SuitsFor(%d) err = %v, want a breach", n, err)
		}
	}
}

func TestDealIsAFisherYatesShuffle(t *testing.T) {
	// Four characters, one suit: the deck is 6,5,4,3,2,A of spades; j for i=5..1
	// comes from d6, d5, d4, d3, d2.
	src := dicetest.Script(t, 1, 5, 1, 3, 2)
	got, suits, err := Deal(src, 4)
	src.Done()
	if err != nil || suits != 1 {
		t.Fatalf("Deal = %v, %d, %v", got, suits, err)
	}
	// deck [6 5 4 3 2 1]; i=5 j=0 → [1 5 4 3 2 6]; i=4 j=4 → same; i=3 j=0 → [3 5 4 1 2 6];
	// i=2 j=2 → same; i=1 j=1 → same.
	want := []Card{{3, Spades}, {5, Spades}, {4, Spades}, {1, Spades}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Deal (-want +got):\n%s", diff)
	}
}

func TestDealIsAPermutation(t *testing.T) {
	for n := 1; n <= MaxCharacters; n++ {
		cards, suits, err := Deal(dice.NewStream([]byte("seed"), uint64(n)), n)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[Card]bool{}
		for _, c := range cards {
			if seen[c] || c.Rank < 1 || c.Rank > 6 || int(c.Suit) >= suits {
				t.Fatalf("Deal(%d) = %v: bad or repeated card %v", n, cards, c)
			}
			seen[c] = true
		}
	}
}

func TestCallsRunDownWithTheHigherSuitFirst(t *testing.T) {
	got := Calls(2)
	want := []Card{{6, Spades}, {6, Hearts}, {5, Spades}, {5, Hearts}, {4, Spades}, {4, Hearts},
		{3, Spades}, {3, Hearts}, {2, Spades}, {2, Hearts}, {1, Spades}, {1, Hearts}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Calls(2) (-want +got):\n%s", diff)
	}
	for i, c := range got {
		if CallIndex(c, 2) != i {
			t.Errorf("CallIndex(%v) = %d, want %d", c, CallIndex(c, 2), i)
		}
	}
}

// Source example (section 4): Fothergill draws a 6, delays, and acts when the count
// reaches 4 with 4 action points.
func TestFothergillDelaysFromSixToFour(t *testing.T) {
	six := Card{6, Spades}
	ap, err := ActAt(six, 1, CallIndex(Card{4, Spades}, 1))
	if err != nil || ap != 4 {
		t.Errorf("ActAt(6 at count 4) = %d, %v; want 4 AP", ap, err)
	}
	if ap, _ := ActAt(six, 1, 0); ap != 6 {
		t.Errorf("ActAt(6 at count 6) = %d, want 6", ap)
	}
	if ap, _ := ActAt(Card{3, Spades}, 1, 6); ap != 1 {
		t.Errorf("ActAt(3 after the count passed Ace) = %d, want 1", ap)
	}
	var b *rules.Breach
	if _, err := ActAt(Card{3, Spades}, 1, CallIndex(Card{4, Spades}, 1)); !errors.As(err, &b) {
		t.Errorf("ActAt(3 at count 4) err = %v, want a breach", err)
	}
	// Two suits: 6 of hearts is called after 6 of spades.
	if _, err := ActAt(Card{6, Hearts}, 2, 0); !errors.As(err, &b) {
		t.Errorf("ActAt(6♥ at 6♠) err = %v, want a breach", err)
	}
}

// Source example (section 4): a squad 8" away costs 2 AP per action; 5" and 3" cost 1.
func TestCommandCost(t *testing.T) {
	tests := []struct {
		d    float64
		want int
	}{{0, 1}, {3, 1}, {5, 1}, {6, 1}, {6.5, 2}, {8, 2}, {12, 2}, {12.1, 3}, {18, 3}, {19, 4}}
	for _, tt := range tests {
		if got, err := CommandCost(tt.d); err != nil || got != tt.want {
			t.Errorf("CommandCost(%v) = %d, %v; want %d", tt.d, got, err, tt.want)
		}
	}
}

func TestSpend(t *testing.T) {
	if left, err := Spend(4, 2, "Reload"); err != nil || left != 2 {
		t.Errorf("Spend(4, 2) = %d, %v", left, err)
	}
	var b *rules.Breach
	if _, err := Spend(1, 2, "Reload"); !errors.As(err, &b) {
		t.Errorf("Spend(1, 2) err = %v, want a breach", err)
	}
}

func TestCommitmentChangesWithTheDealAndSalt(t *testing.T) {
	deal := []Card{{6, Spades}, {2, Spades}}
	a := Commitment(1, deal, "00ff")
	if a != Commitment(1, deal, "00ff") {
		t.Error("Commitment is not deterministic")
	}
	if a == Commitment(1, []Card{{2, Spades}, {6, Spades}}, "00ff") || a == Commitment(1, deal, "00fe") || a == Commitment(2, deal, "00ff") {
		t.Error("Commitment does not bind the deal, salt and turn")
	}
	if f, want := DealForm(1, deal, "00ff"), "greenjackets deal v1|turn 1|6♠|2♠|00ff"; f != want || rules.Commit(f) != a {
		t.Errorf("DealForm = %q, want %q, hashed to the commitment", f, want)
	}
}
