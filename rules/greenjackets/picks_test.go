package greenjackets

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPicks(t *testing.T) {
	lone := func(b *Board) {
		b.Squads[2].Officer = ""
		b.Squads[0].Figures[1].Dead = true
		b.Characters[1].Dead = true
	}
	tests := []struct {
		name string
		got  func(b *Board) []Pick
		want []Pick
	}{
		{"every character, by rank and side", func(b *Board) []Pick { return b.CharacterPicks() },
			[]Pick{{"Lt Sharpe", RankOfficer, "British", "British"}, {"Capt Dubois", RankOfficer, "French", "French"}}},
		{"a dead character is marked dead", func(b *Board) []Pick { lone(b); return b.CharacterPicks()[1:] },
			[]Pick{{"Capt Dubois", RankOfficer, "French, dead", "French"}}},
		{"squads, by officer and side", func(b *Board) []Pick { return b.SquadPicks() },
			[]Pick{{"Chosen Men", "squad", "Lt Sharpe (British)", "British"}, {"Voltigeurs", "squad", "Capt Dubois (French)", "French"},
				{"Hussars", "squad", "Capt Dubois (French)", "French"}}},
		{"a squad without officer has no side", func(b *Board) []Pick { lone(b); return b.SquadPicks()[2:] },
			[]Pick{{"Hussars", "squad", "", ""}}},
		{"figures, by squad, of its officer's side", func(b *Board) []Pick { return b.FigurePicks(b.Squads[1:]) },
			[]Pick{{"Leclerc", "figure", "Voltigeurs", "French"}, {"Martin", "figure", "Voltigeurs", "French"}, {"Girard", "figure", "Voltigeurs", "French"},
				{"Hussar A", "figure", "Hussars", "French"}, {"Hussar B", "figure", "Hussars", "French"}}},
		{"figures of the squads listed; a dead figure is marked dead", func(b *Board) []Pick { lone(b); return b.FigurePicks(b.Listed("Chosen Men, Nobody")) },
			[]Pick{{"Harris", "figure", "Chosen Men", "British"}, {"Hagman", "figure", "Chosen Men, dead", "British"}, {"Cooper", "figure", "Chosen Men", "British"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got(bridge())); diff != "" {
				t.Errorf("picks (-want +got):\n%s", diff)
			}
		})
	}
}

func TestListedNamingNoSquadIsEverySquad(t *testing.T) {
	b := bridge()
	if got := b.Listed("Nobody, "); !cmp.Equal(got, b.Squads) {
		t.Errorf("Listed(%q) = %v, want every squad", "Nobody, ", got)
	}
}

func TestOwnSide(t *testing.T) {
	tests := []struct {
		name, squads, officer, user, want string
	}{
		{"the first squad listed says", "Voltigeurs, Chosen Men", "Lt Sharpe", "", "French"},
		{"else the observing officer", "", "Lt Sharpe", "", "British"},
		{"a squad not on the roster says nothing", "Nobody", "Capt Dubois", "", "French"},
		{"none says", "", "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := bridge().OwnSide(tc.squads, tc.officer, tc.user); got != tc.want {
				t.Errorf("OwnSide(%q, %q, %q) = %q, want %q", tc.squads, tc.officer, tc.user, got, tc.want)
			}
		})
	}
}
