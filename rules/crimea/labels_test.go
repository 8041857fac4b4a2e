package crimea

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestActingSide(t *testing.T) {
	b := balaclava()
	for _, tc := range []struct {
		name, user, officer string
		units               []string
		want                Side
	}{
		{"the unit that acts", lucan.User, "Lord Lucan", []string{"Odessa Regiment"}, Russian},
		{"the attacker when no unit is named", lucan.User, "", []string{"", "don battery"}, Russian},
		{"the officer when no unit is on the roster", lipr.User, "lord raglan", []string{"Nobody"}, Allied},
		{"the invoker's first officer", lipr.User, "", nil, Russian},
		{"none says", "p-nobody", "", nil, ""},
	} {
		if got := b.ActingSide(tc.user, tc.officer, tc.units...); got != tc.want {
			t.Errorf("%s: ActingSide = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestWhereChoicesPlaceUnitsAndOfficers(t *testing.T) {
	b := balaclava()
	b.Units[0].Stands = 0
	b.Officers[1].Wounded = true
	b.Officers[2].Dead, b.Officers[2].Wounded = true, true
	for _, tc := range []struct{ got, want string }{
		{b.Units[0].Where(), "British, destroyed"},
		{b.Units[2].Where(), "Russian"},
		{b.Officers[0].Where(), "Allied"},
		{b.Officers[1].Where(), "Allied, wounded"},
		{b.Officers[2].Where(), "Russian, dead"},
	} {
		if tc.got != tc.want {
			t.Errorf("Where() = %q, want %q", tc.got, tc.want)
		}
	}
}

func TestAllowanceLinesListEveryRowAsPrinted(t *testing.T) {
	want := []string{"officers: not set", "light infantry line or column: not set", "heavy infantry lines: not set", "heavy infantry columns: not set",
		"light cavalry 12\"", "heavy cavalry: not set", "British/French horse guns: not set", "British/French foot artillery: not set", "Russian artillery: not set"}
	if diff := cmp.Diff(want, balaclava().AllowanceLines()); diff != "" {
		t.Errorf("AllowanceLines (-want +got):\n%s", diff)
	}
}

func TestTurnText(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
		want string
	}{
		{"before turn 1", balaclava(), "Not started: the umpire shuffles the movement deck with `/turn new`."},
		{"two cards up", inTurn(Card{Allied, LeftWing}), "Turn 1 — 2 of 8 cards drawn, 6 left.\n1. Allied right wing\n2. Allied left wing\nNow: the Allied left wing moves."},
	} {
		if got := tc.b.TurnText(); got != tc.want {
			t.Errorf("%s: TurnText = %q, want %q", tc.name, got, tc.want)
		}
	}
}
