package greenjackets

import (
	"encoding/json"
	"strings"
	"testing"
)

// An imported board is refused, in one sentence, for any value out of range.
func TestValidateBoardRefusesWhatNoBattleHolds(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(b *Board)
		raw  string
		want string
	}{
		{name: "the bridge as it stands"},
		{name: "stunned through turn 10^18", edit: func(b *Board) { _, f := b.Figure("Harris"); f.StunnedUntil = 1e18 }, want: "stunned-through turn"},
		{name: "a negative wound", edit: func(b *Board) { _, f := b.Figure("Harris"); f.Serious = -1 }, want: "serious wounds is -1"},
		{name: "two serious wounds on a living man", edit: func(b *Board) { b.Character("Lt Sharpe").Serious = 2 }, want: "serious wounds is 2"},
		{name: "a horse that is neither", edit: func(b *Board) { _, f := b.Figure("Hussar A"); f.Horse = "lame" }, want: "horse is \"lame\""},
		{name: "an unknown pace", edit: func(b *Board) { b.Squad("Hussars").Pace = "gallop" }, want: "pace \"gallop\""},
		{name: "a turn past the last", edit: func(b *Board) { b.Turn.Number = MaxTurn + 1 }, want: "turn number"},
		{name: "AP no card gives", edit: func(b *Board) { b.Character("Lt Sharpe").AP = 7 }, want: "AP is 7"},
		{name: "a squad moved in a turn to come", edit: func(b *Board) { b.Squad("Hussars").MovedTurn = 5 }, want: "turn moved is 5"},
		{name: "a contact with no one", edit: func(b *Board) { b.Contacts = []Contact{{A: "Chosen Men", B: "Nobody"}} }, want: "\"Nobody\""},
		{name: "a name of 41 characters", edit: func(b *Board) { b.Squad("Hussars").Name = strings.Repeat("x", 41) }, want: "at most 40"},
		{name: "a side of 41 characters", edit: func(b *Board) { b.Character("Capt Dubois").Side = strings.Repeat("s", 41) }, want: "side name"},
		{name: "a player id no Discord gives", edit: func(b *Board) { b.Character("Capt Dubois").Player = strings.Repeat("9", 33) }, want: "user id"},
		{name: "an unknown field", raw: `{"characters":[],"squads":[],"turn":{"pos":-1},"fog":1}`, want: "unknown field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if tc.raw == "" {
				b := bridge()
				if tc.edit != nil {
					tc.edit(b)
				}
				raw, _ = json.Marshal(b)
			}
			_, err := ValidateBoard(raw)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("ValidateBoard = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("ValidateBoard = %v, want %q", err, tc.want)
			}
		})
	}
}

// A name longer than MaxName is refused when it is added.
func TestRosterNamesAtMostForty(t *testing.T) {
	b := bridge()
	if _, err := b.EditSquad(SquadEdit{Name: strings.Repeat("y", MaxName+1)}); err == nil || !strings.Contains(err.Error(), "at most 40") {
		t.Errorf("EditSquad(41 characters) = %v", err)
	}
	if _, err := b.EditSquad(SquadEdit{Name: strings.Repeat("y", MaxName)}); err != nil {
		t.Errorf("EditSquad(40 characters) = %v", err)
	}
}

// storedToday is a board as the referee stored it before boards moved here:
// turn 2 at count 5, a stunned horse, a reloading rifle, a sighting.
const storedToday = `{"characters":[{"name":"Lt Sharpe","rank":"officer","side":"British","nation":"british","player":"u1","player_name":"sharpe","quality":"veteran","light":1,"card":{"rank":6,"suit":0},"state":"on move","ap":3,"spent":3,"observed":2,"spotted":[{"section":"Capt Dubois"}]},{"name":"Capt Dubois","rank":"officer","side":"French","quality":"trained","card":{"rank":4,"suit":0},"state":"waiting"}],"squads":[{"name":"Chosen Men","officer":"Lt Sharpe","arm":"infantry","quality":"veteran","morale":"steady","moved_turn":2,"moved":6,"ran_turn":1,"charged":1,"figures":[{"name":"Harris","weapon":"rifle","melee":"sword","quality":"veteran","sharpshooter":true,"loaded":false,"reloading":1},{"name":"Hagman","weapon":"rifle","melee":"sword","quality":"veteran","loaded":true,"aimed":true}]},{"name":"Hussars","officer":"Capt Dubois","arm":"light-cavalry","quality":"trained","morale":"pinned","owed":1,"figures":[{"name":"Hussar A","weapon":"carbine","melee":"sword","quality":"trained","loaded":true,"horse":"stunned","horse_until":2},{"name":"Hussar B","weapon":"carbine","melee":"sword","quality":"trained","loaded":false,"dead":true}]}],"turn":{"number":2,"suits":1,"pos":1,"order":["Lt Sharpe"],"salt":"0123456789abcdef","deal":["Lt Sharpe","Capt Dubois"],"commitment":"` + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" + `"}}`

// A battle stored before decodes, checks out, encodes to the same bytes and plays on.
func TestAStoredBattlePlaysOn(t *testing.T) {
	b, err := ValidateBoard([]byte(storedToday))
	if err != nil {
		t.Fatal(err)
	}
	if raw, _ := json.Marshal(b); string(raw) != storedToday {
		t.Errorf("re-encoded:\n%s\nwant\n%s", raw, storedToday)
	}
	if _, err := b.Move(MoveOrder{Command: Command{Actor: umpire, Squads: []string{"Chosen Men"}}, Speed: Crawl}); err != nil {
		t.Errorf("Move = %v", err)
	}
	if s := b.Squad("Chosen Men"); s.Moved != 9 || s.Pace != PaceCrawl {
		t.Errorf("Chosen Men moved %v\" at %q", s.Moved, s.Pace)
	}
}

// Any board ValidateBoard accepts encodes to a board it accepts again, the same.
func FuzzValidateBoard(f *testing.F) {
	f.Add([]byte(storedToday))
	raw, _ := json.Marshal(bridge())
	f.Add(raw)
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := ValidateBoard(raw)
		if err != nil {
			return
		}
		again, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("an accepted board does not encode: %v", err)
		}
		b2, err := ValidateBoard(again)
		if err != nil {
			t.Fatalf("an accepted board, encoded, is refused: %v", err)
		}
		if third, _ := json.Marshal(b2); string(third) != string(again) {
			t.Fatalf("encoding is not stable:\n%s\n%s", again, third)
		}
		b.Clone()
	})
}
