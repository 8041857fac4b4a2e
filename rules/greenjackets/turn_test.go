package greenjackets

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func faces(n, face int) []int { return slices.Repeat([]int{face}, n) }

// Source example (section 4): Fothergill draws a 6, waits, and acts when the
// count reaches 4, with 4 AP and precedence over the holder of the 4.
func TestFothergillHoldsBackToFour(t *testing.T) {
	b := NewBoard()
	b.Characters = []*Character{
		{Name: "Capt Fothergill", Rank: RankOfficer, Side: "British", Quality: Veteran, Player: "u1"},
		{Name: "Capt Dubois", Rank: RankOfficer, Side: "French", Quality: Trained, Player: "u2"},
	}
	// A deck of 6 shuffled with five draws, then a salt of 16 hex digits.
	src := dicetest.Script(t, faces(5+16, 1)...)
	d, err := b.NewTurn(src)
	src.Done()
	if err != nil || d.Turn != 1 || d.Suits != 1 || len(d.Dealt) != 2 {
		t.Fatalf("NewTurn = %+v, %v", d, err)
	}
	b.Character("Capt Fothergill").Card, b.Character("Capt Dubois").Card = &Card{Rank: 6}, &Card{Rank: 4}
	fothergill, dubois := rules.Actor{User: "u1"}, rules.Actor{User: "u2"}
	if c, err := b.NextCount(false); err != nil || c.Call.Rank != 6 || len(c.Called) != 1 || c.Called[0].Name != "Capt Fothergill" {
		t.Fatalf("count 6 = %+v, %v", c, err)
	}
	if _, err := b.Act(dubois); err == nil {
		t.Error("Dubois acted before his card was called")
	}
	b.NextCount(false) // 5
	b.NextCount(false) // 4: Dubois's
	a, err := b.Act(fothergill)
	if err != nil || a.AP != 4 || !a.HeldBack {
		t.Fatalf("Fothergill acts at 4 = %+v, %v", a, err)
	}
	if a, err := b.Act(dubois); err != nil || a.AP != 4 || a.HeldBack {
		t.Fatalf("Dubois acts at 4 = %+v, %v", a, err)
	}
	if diff := cmp.Diff([]string{"Capt Fothergill", "Capt Dubois"}, b.Turn.Order); diff != "" {
		t.Errorf("precedence (-want +got):\n%s", diff)
	}
	if p, err := b.Pass(fothergill); err != nil || p.Left != 4 || p.Next != "Capt Dubois" {
		t.Errorf("Pass = %+v, %v", p, err)
	}
	var br *rules.Breach
	if _, err := b.Act(fothergill); !errors.As(err, &br) || !strings.Contains(br.Reason, "already acted") {
		t.Errorf("acting twice = %v", err)
	}
	for range 4 { // 3, 2, Ace, past Ace: the turn ends
		b.NextCount(false)
	}
	if c, err := b.NextCount(false); err == nil {
		t.Errorf("a count after the turn ended = %+v", c)
	}
	if !b.Turn.Ended || b.CountName() != "" {
		t.Errorf("turn %+v has not ended", b.Turn)
	}
}

// A renamed unit keeps its contacts; a removed one loses them (G6a).
func TestRosterEditsKeepTheContacts(t *testing.T) {
	b := bridge()
	b.Contacts = []Contact{{A: "Chosen Men", B: "Voltigeurs", Since: 1}}
	if _, err := b.EditSquad(SquadEdit{Name: "Chosen Men", NewName: "South Essex"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Contact{{A: "South Essex", B: "Voltigeurs", Since: 1}}, b.Contacts); diff != "" {
		t.Errorf("after the rename (-want +got):\n%s", diff)
	}
	if _, err := b.Remove("Voltigeurs"); err != nil {
		t.Fatal(err)
	}
	if len(b.Contacts) != 0 {
		t.Errorf("after the removal: %v", b.Contacts)
	}
}

// An order of battle adds characters, squads and figures with their traits.
func TestImportAnOrderOfBattle(t *testing.T) {
	ob, err := ParseOrderOfBattle("character: Maj Hogan | officer | British | veteran | british; squad: Guns | Maj Hogan | artillery | trained | | | Nine-pounder (gun), Gunner")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard()
	out, err := b.Import(ob)
	if err != nil || out.Message != "order of battle imported: 1 character, 1 squad, 2 figures." {
		t.Fatalf("Import = %+v, %v", out, err)
	}
	if g := b.Squad("Guns").Gun(); g == nil || g.Weapon != Cannon || g.Loaded {
		t.Errorf("the gun = %+v", g)
	}
	if _, err := b.Import(ob); err == nil || !strings.Contains(err.Error(), "already on the roster") {
		t.Errorf("importing it twice = %v", err)
	}
}

// dealtAtSix deals b's characters the cards named (with one suit, from a
// scripted shuffle) and calls the first count, the 6.
func dealtAtSix(t *testing.T, b *Board, ranks map[string]int) {
	t.Helper()
	src := dicetest.Script(t, faces(5+16, 1)...) // a deck of 6 shuffled with five draws, a salt of 16 hex digits
	if _, err := b.NewTurn(src); err != nil {
		t.Fatal(err)
	}
	src.Done()
	for name, r := range ranks {
		b.Character(name).Card = &Card{Rank: r}
	}
	if _, err := b.NextCount(false); err != nil {
		t.Fatal(err)
	}
}

// Ordering a character who may not move yet says what he is waiting for: a
// card not yet called waits for the count (acting now is not open to him),
// a card called waits for /act.
func TestNotHisMoveYetSaysWhatHeWaitsFor(t *testing.T) {
	b := NewBoard()
	b.Characters = []*Character{
		{Name: "Capt Fothergill", Rank: RankOfficer, Side: "British", Quality: Veteran, Player: "u1"},
		{Name: "Capt Dubois", Rank: RankOfficer, Side: "French", Quality: Trained, Player: "u2"},
	}
	dealtAtSix(t, b, map[string]int{"Capt Fothergill": 6, "Capt Dubois": 4})
	for _, tc := range []struct {
		name, want, not string
	}{
		{"Capt Dubois", "acts when the count reaches his card", "/act"},
		{"Capt Fothergill", "`/act` (or **Act now** on the turn message) begins it", "count reaches"},
	} {
		_, err := b.orderFor(b.Character(tc.name), nil, 0, actObserve)
		var br *rules.Breach
		if !errors.As(err, &br) || !strings.Contains(br.Reason, tc.want) || strings.Contains(br.Reason, tc.not) {
			t.Errorf("%s observes at count 6: %v; want a refusal with %q, without %q", tc.name, err, tc.want, tc.not)
		}
	}
}

// A squad that owes a morale test is told the command to type, its name quoted
// when it holds a space (G5).
func TestOwedMoraleHintQuotesTheSquad(t *testing.T) {
	b := NewBoard()
	b.Characters = []*Character{{Name: "Lt Sharpe", Rank: RankOfficer, Side: "British", Quality: Veteran, Player: "u1"}}
	b.Squads = []*Squad{{Name: "Chosen Men", Officer: "Lt Sharpe", Arm: Infantry, Quality: Veteran, Called: true,
		Figures: []*Figure{{Name: "Harris"}}}}
	dealtAtSix(t, b, map[string]int{"Lt Sharpe": 6})
	if _, err := b.Act(rules.Actor{User: "u1"}); err != nil {
		t.Fatal(err)
	}
	_, err := b.orderFor(b.Character("Lt Sharpe"), nil, 0, actObserve)
	var br *rules.Breach
	if want := "`/greenjackets morale squad:\"Chosen Men\"`"; !errors.As(err, &br) || !strings.Contains(br.Reason, want) {
		t.Errorf("observing with a test owed: %v; want a refusal naming %s", err, want)
	}
}

// Who stands where in the turn, never a card: on the move, yet to act, has
// acted, and the holder of the count called who has neither acted nor held
// back.
func TestWhereEachStandsInTheTurn(t *testing.T) {
	name := func(cs []*Character) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	tests := []struct {
		name                   string
		edit                   func(b *Board)
		onMove, waiting, acted []string
		called                 []string
		countCalled            bool
	}{
		{"Sharpe on the move at his count, Dubois to act", func(*Board) {},
			[]string{"Lt Sharpe"}, []string{"Capt Dubois"}, nil, nil, true},
		{"at count 4 Dubois holds the count called", func(b *Board) {
			b.Characters[0].State, b.Turn.Order, b.Turn.Pos = Acted, nil, 2
		}, nil, []string{"Capt Dubois"}, []string{"Lt Sharpe"}, []string{"Capt Dubois"}, true},
		{"a dead holder is not called", func(b *Board) {
			b.Characters[0].State, b.Turn.Order, b.Turn.Pos, b.Characters[1].Dead = Acted, nil, 2, true
		}, nil, []string{"Capt Dubois"}, []string{"Lt Sharpe"}, nil, true},
		{"before the first count no count is called", func(b *Board) { b.Turn.Pos, b.Turn.Order = -1, nil; b.Characters[0].State = Waiting },
			nil, []string{"Lt Sharpe", "Capt Dubois"}, nil, nil, false},
		{"past Ace no count is called", func(b *Board) { b.Turn.Pos = len(Calls(1)) },
			[]string{"Lt Sharpe"}, []string{"Capt Dubois"}, nil, nil, false},
		{"once the turn is over no one stands anywhere", func(b *Board) {
			b.Turn.Ended, b.Turn.Order, b.Turn.Pos = true, nil, len(Calls(1))+1
		}, nil, nil, nil, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := edit(bridge(), tc.edit)
			waiting, acted := b.Standing()
			_, called, ok := b.Called()
			got := [][]string{name(b.OnTheMove()), name(waiting), name(acted), name(called)}
			want := [][]string{tc.onMove, tc.waiting, tc.acted, tc.called}
			if diff := cmp.Diff(want, got); diff != "" || ok != tc.countCalled {
				t.Errorf("on the move, yet to act, acted, called (-want +got):\n%s; count called %v, want %v", diff, ok, tc.countCalled)
			}
		})
	}
}

func TestTurnTitleSaysWhereTheTurnStands(t *testing.T) {
	tests := []struct {
		name string
		edit func(b *Board)
		want string
	}{
		{"at a count", func(*Board) {}, "Turn 1: count 6"},
		{"before the first count", func(b *Board) { b.Turn.Pos = -1 }, "Turn 1"},
		{"past Ace", func(b *Board) { b.Turn.Pos = len(Calls(1)) }, "Turn 1: the count has passed Ace"},
		{"over", func(b *Board) { b.Turn.Ended = true }, "Turn 1 is over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := edit(bridge(), tc.edit).TurnTitle(); got != tc.want {
				t.Errorf("TurnTitle = %q, want %q", got, tc.want)
			}
		})
	}
}

// When everyone has acted by the Ace, the call after it ends the turn; one
// who held back past the Ace acts with 1 AP first, put on the move by the
// call. Under fog of war the count stops past Ace all the same, and one who
// held back acts in his own move: the turn ends at the same call whether or
// not anyone held back, and the call changes nothing of those late.
func TestTheCountStopsPastAceUnderFog(t *testing.T) {
	for _, tc := range []struct {
		name          string
		fog, heldBack bool
		// calls are the calls after the Ace that end the turn; late who acts past it.
		calls int
		late  []string
	}{
		{"everyone acted", false, false, 1, nil},
		{"everyone acted, under fog", true, false, 2, nil},
		{"Dubois held back past the Ace", false, true, 2, []string{"Capt Dubois"}},
		{"Dubois held back past the Ace, under fog", true, true, 2, []string{"Capt Dubois"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBoard()
			b.Characters = []*Character{
				{Name: "Capt Fothergill", Rank: RankOfficer, Side: "British", Quality: Veteran, Player: "u1"},
				{Name: "Capt Dubois", Rank: RankOfficer, Side: "French", Quality: Trained, Player: "u2"},
			}
			acts := func(u string) {
				t.Helper()
				if _, err := b.Act(rules.Actor{User: u}); err != nil {
					t.Fatal(err)
				}
			}
			passes := func(u string) {
				t.Helper()
				if _, err := b.Pass(rules.Actor{User: u}); err != nil {
					t.Fatal(err)
				}
			}
			call := func() CountOutcome {
				t.Helper()
				c, err := b.NextCount(tc.fog)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			dealtAtSix(t, b, map[string]int{"Capt Fothergill": 6, "Capt Dubois": 1})
			acts("u1")
			passes("u1")
			for range 5 { // 5, 4, 3, 2, Ace
				call()
			}
			if !tc.heldBack {
				acts("u2")
				passes("u2")
			}
			var late []string
			calls := 0
			for ; !b.Turn.Ended && calls < 3; calls++ {
				for _, c := range call().Late {
					late = append(late, c.Name)
					if onMove := c.State == OnMove; onMove == tc.fog {
						t.Errorf("past Ace, under fog %v, %s is %s", tc.fog, c.Name, c.State)
					}
					if b.UmpireCall() != NoCall {
						t.Errorf("past Ace the umpire may call before %s has acted", c.Name)
					}
					if tc.fog {
						acts(c.Player)
					}
					passes(c.Player)
				}
			}
			if calls != tc.calls || !slices.Equal(late, tc.late) {
				t.Errorf("after the Ace the turn ended at call %d, those late %q; want call %d, late %q", calls, late, tc.calls, tc.late)
			}
		})
	}
}
