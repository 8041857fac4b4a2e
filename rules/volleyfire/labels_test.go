package volleyfire

import "testing"

func TestChoicesLabelUnitsByKindAndPlace(t *testing.T) {
	b := testBoard()
	b.Units = append(b.Units, RosterUnit{Unit: Unit{Name: "Guard", Kind: Infantry, Bases: 3}, Side: "French", Gone: Routed},
		RosterUnit{Unit: Unit{Name: "Rifles", Kind: Infantry, Bases: 2}, Side: "Allies"})
	b.Turn.Active, b.Turn.Spent = "1st Foot", map[string]bool{"Voltigeurs": true}
	for _, tc := range []struct{ got, want string }{
		{b.Units[0].KindLabel(), "infantry, 5 bases"},
		{b.Where(b.Units[0]), "Allies, activated"},
		{b.Where(b.Units[1]), "French, spent"},
		{b.Where(b.Units[2]), "French, routed"},
		{b.Where(b.Units[3]), "Allies"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestActingSide(t *testing.T) {
	b := testBoard()
	b.Units[1].Player = carol.User
	for _, tc := range []struct{ name, user, unit, want string }{
		{"the unit that acts", carol.User, "1st foot", "Allies"},
		{"else the invoker's first unit", carol.User, "Nobody", "French"},
		{"neither says", bob.User, "", ""},
	} {
		if got := b.ActingSide(tc.user, tc.unit); got != tc.want {
			t.Errorf("%s: ActingSide = %q, want %q", tc.name, got, tc.want)
		}
	}
}
