package crimea

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// Players of the test battle.
var (
	umpire = rules.Actor{User: "u0", Umpire: true}
	lucan  = rules.Actor{User: "p-lucan"}
	lipr   = rules.Actor{User: "p-liprandi"}
)

// balaclava is a small roster: Raglan over Lucan's cavalry wing, Liprandi's
// Russian right wing; no turn begun.
func balaclava() *Board {
	return &Board{
		Officers: []Officer{
			{Name: "Lord Raglan", Side: Allied, Rank: CommanderInChief, Calibre: Normal, Morale: 50},
			{Name: "Lord Lucan", Side: Allied, Rank: WingCommander, Wing: CavalryC, Superior: "Lord Raglan", Calibre: Cautious, Morale: 60, Player: lucan.User},
			{Name: "Liprandi", Side: Russian, Rank: WingCommander, Wing: RightWing, Calibre: Normal, Morale: 50, Player: lipr.User},
		},
		Units: []Unit{
			{Name: "17th Lancers", Side: Allied, Nationality: British, Type: LightCavalry, Formation: Line, Stands: 4, Start: 4, Morale: 50, Officer: "Lord Lucan"},
			{Name: "93rd Highlanders", Side: Allied, Nationality: British, Type: HeavyInfantry, Formation: Square, Stands: 4, Start: 4, Morale: 50, Officer: "Lord Lucan"},
			{Name: "Odessa Regiment", Side: Russian, Nationality: RussianTroop, Type: HeavyInfantry, Formation: Column, Stands: 6, Start: 6, Morale: 50, Officer: "Liprandi"},
			{Name: "Don Battery", Side: Russian, Nationality: RussianTroop, Type: FootArtillery, Formation: Line, Stands: 2, Start: 2, Morale: 50, Officer: "Liprandi"},
		},
		Allowances: map[MoveRow]int{RowLightCavalry: 12},
	}
}

// inTurn is the roster in turn 1 with the deck in its printed order and the
// cards up to the one named turned up.
func inTurn(card Card) *Board {
	b := balaclava()
	b.Turn, b.Deck = 1, append([]Card(nil), Deck...)
	for i, c := range b.Deck {
		if c == card {
			b.Drawn = i + 1
		}
	}
	for i := range b.Officers {
		b.Officers[i].Orders = BaseOrders[b.Officers[i].Calibre]
	}
	return b
}

// breach is the reason of a *rules.Breach, "" for none.
func breach(t *testing.T, err error) string {
	t.Helper()
	var b *rules.Breach
	if err != nil && !errors.As(err, &b) {
		t.Fatalf("error %v is not a breach of the rules", err)
	}
	if b == nil {
		return ""
	}
	return b.Reason
}

func TestLookupsIgnoreCaseAndSpaces(t *testing.T) {
	b := balaclava()
	if u, err := b.Unit("  17TH lancers "); err != nil || u != &b.Units[0] {
		t.Errorf("Unit = %v, %v, want the roster's 17th Lancers", u, err)
	}
	for _, tt := range []struct{ got, want string }{
		{breach(t, second(b.Unit(""))), "Name the unit."},
		{breach(t, second(b.Unit("Scots Greys"))), "There is no unit called \"Scots Greys\" on the roster; the umpire adds it with `/crimea unit-add`."},
		{breach(t, second(b.Officer("Cardigan"))), "There is no officer called \"Cardigan\" on the roster; the umpire adds him with `/crimea officer-add`."},
	} {
		if tt.got != tt.want {
			t.Errorf("refused %q, want %q", tt.got, tt.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestValidateChecksEveryValue(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Board)
		want   string
	}{
		{"a good board", func(*Board) {}, ""},
		{"negative stands", func(b *Board) { b.Units[0].Stands = -1 }, `unit "17th Lancers" has -1 of 4 stands`},
		{"more stands than it started with", func(b *Board) { b.Units[0].Stands = 5 }, `unit "17th Lancers" has 5 of 4 stands`},
		{"morale over 100", func(b *Board) { b.Officers[1].Morale = 101 }, `officer "Lord Lucan" has morale 101%, not 0 to 100`},
		{"absurd orders", func(b *Board) { b.Officers[1].Orders = 1 << 60 }, `officer "Lord Lucan" has 1152921504606846976 orders left`},
		{"absurd turn", func(b *Board) { b.Turn = 1e18 }, "the turn or movement deck is out of range (turn 1000000000000000000, 0 of 0 cards drawn)"},
		{"a turn with no deck", func(b *Board) { b.Turn = 2 }, "turn 2 has no movement deck"},
		{"a deck before the first turn", func(b *Board) { b.Deck = Deck }, "the movement deck holds 8 cards before the first turn"},
		{"a card twice", func(b *Board) { b.Turn, b.Deck = 1, append(append([]Card{}, Deck[:7]...), Deck[0]) }, "the movement deck lacks the Russian free move card"},
		{"an unknown card", func(b *Board) { b.Turn, b.Deck = 1, append(append([]Card{}, Deck[:7]...), Card{Russian, "reserve"}) }, "the movement deck lacks the Russian free move card"},
		{"an unknown free move", func(b *Board) { b.Free = "reserve|" }, `the free move's choice "reserve|" is not a command`},
		{"a free move chosen by no unit", func(b *Board) { b.Free = "cavalry|Lancers, Hussars" }, `the free move's choice "cavalry|Lancers, Hussars" names no unit the roster could hold`},
		{"an unknown type", func(b *Board) { b.Units[0].Type = "dragoons" }, `unit "17th Lancers" has type "dragoons"`},
		{"an unknown rank", func(b *Board) { b.Officers[0].Rank = "colonel" }, `officer "Lord Raglan" has rank "colonel"`},
		{"a name too long", func(b *Board) { b.Units[0].Name = strings.Repeat("x", MaxName+1) }, "unit 1 has no valid name"},
		{"a missing officer", func(b *Board) { b.Units[0].Officer = "Nobody" }, `unit "17th Lancers" is under "Nobody", who is not on the roster`},
		{"a superior cycle", func(b *Board) { b.Officers[0].Superior = "Lord Lucan" }, `officer "Lord Raglan" answers to himself through his superiors`},
		{"a negative allowance", func(b *Board) { b.Allowances[RowHeavyCavalry] = -1 }, `the movement allowance "heavy cavalry" of -1" is not valid`},
		{"a forged modifier roll", func(b *Board) {
			b.Rolled = map[string]rules.Roll{"officer:lord lucan": {Notation: "d100", Faces: []int{2, 0}, Total: 99, Shown: "red 2, white 0 → 99"}}
		}, `the movement modifier roll "officer:lord lucan" does not read as its dice`},
	}
	for _, tt := range tests {
		b := balaclava()
		tt.change(b)
		got := ""
		if err := b.Validate(); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: Validate() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestValidateBoardRefusesUnknownFields(t *testing.T) {
	for raw, want := range map[string]string{
		`{"turn":0}`:                           "",
		`{"turn":0,"fog":true}`:                `the board has a field "fog" that a Stormed at with Shot and Shell board does not have`,
		`{"units":"x"}`:                        "the board is not a Stormed at with Shot and Shell roster",
		`{"units":[{"name":"A","stunned":1}]}`: `the board has a field "stunned" that a Stormed at with Shot and Shell board does not have`,
	} {
		got := ""
		if _, err := ValidateBoard([]byte(raw)); err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("ValidateBoard(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestRefusedEditsChangeNothing(t *testing.T) {
	b := balaclava()
	before := balaclava()
	for _, tt := range []struct {
		err  error
		want string
	}{
		{second(b.AddUnit(Unit{Name: "Odessa regiment", Nationality: RussianTroop, Type: LightInfantry, Formation: Line, Stands: 1})), `"Odessa regiment" is already on the roster; give each unit and officer its own name.`},
		{second(b.AddUnit(Unit{Name: "Cossacks", Nationality: RussianTroop, Type: LightCavalry, Formation: Line, Stands: 3, Officer: "Lord Lucan"})), "Lord Lucan is Allied; Russian troops fight for the Russian side."},
		{second(b.AddUnit(Unit{Name: strings.Repeat("n", MaxName+1), Nationality: British, Type: LightCavalry, Formation: Line, Stands: 3})), "A unit's name can be at most 40 characters."},
		{second(b.SetUnit(UnitChange{Unit: "17th Lancers", Stands: ptr(2), Officer: ptr("Liprandi")})), "Liprandi is Russian and 17th Lancers is Allied."},
		{second(b.SetOfficer(OfficerChange{Officer: "Lord Raglan", Superior: ptr("Lord Lucan")})), "Lord Lucan already answers to Lord Raglan."},
		{second(b.SetOfficer(OfficerChange{Officer: "Lord Lucan", Wounded: ptr(true), Orders: ptr(3)})), "Lord Lucan is wounded and issues no orders."},
	} {
		if got := breach(t, tt.err); got != tt.want {
			t.Errorf("refused %q, want %q", got, tt.want)
		}
	}
	if diff := cmp.Diff(before, b); diff != "" {
		t.Errorf("refused edits changed the board (-before +after):\n%s", diff)
	}
}

func ptr[T any](v T) *T { return &v }

func TestAddOfficerRollsHisCalibreUnlessGiven(t *testing.T) {
	b := balaclava()
	o, rolled, err := b.AddOfficer(dicetest.Script(t, d(80)...), Officer{Name: "Cardigan", Side: Allied, Rank: BrigadeOfficer, Superior: "lord lucan", Morale: 50}, House{})
	if err != nil || rolled == nil || o.Calibre != Rash || o.Superior != "Lord Lucan" {
		t.Fatalf("AddOfficer = %+v, %v, %v; want a rash officer under Lord Lucan, his calibre rolled", o, rolled, err)
	}
	_, _, err = b.AddOfficer(dicetest.Script(t), Officer{Name: "Scarlett", Side: Allied, Rank: BrigadeOfficer}, House{UmpireCalibre: true})
	if got, want := breach(t, err), "House rule calibre=umpire: give the officer's calibre (indolent, cautious, normal or rash)."; got != want {
		t.Errorf("calibre=umpire refused %q, want %q", got, want)
	}
}
