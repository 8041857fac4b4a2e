package firing2007

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// ticonderoga is a small battle: the 42nd (Bob's) and a British light gun
// against La Sarre in hard cover, with General Montcalm, who commands La
// Sarre and the French battery.
func ticonderoga() *Board {
	return &Board{Turn: 1, NextID: 6,
		Units: []Unit{
			{ID: 1, Name: "42nd", Type: BritishCloseOrder, Side: "British", Strength: 6, Start: 6, Morale: 7, Formation: Line, Cover: Open, Player: "bob"},
			{ID: 2, Name: "Guns", Type: LightGun, Side: "British", Strength: 5, Start: 5, Morale: 7, Formation: Line, Cover: Open},
			{ID: 3, Name: "La Sarre", Type: LineInfantry, Side: "French", Strength: 6, Start: 6, Morale: 6, Formation: Line, Cover: Hard, Player: "carol"},
			{ID: 4, Name: "Battery", Type: HowitzerUnit, Side: "French", Strength: 5, Start: 5, Morale: 7, Formation: Line, Cover: Open},
		},
		Generals: []General{{ID: 5, Name: "Montcalm", Side: "French", With: 3, Chain: []int{3, 4}}},
	}
}

var (
	umpire = rules.Actor{Umpire: true}
	bob    = rules.Actor{User: "bob"}
)

func names(user string) string { return map[string]string{"bob": "Bob", "carol": "Carol"}[user] }

// Fire against the roster (F3–F5): the score removes a strength point on 7 or
// more and shakes the target when it beats its basic morale; the firer is
// marked as having fired; a general with a unit that loses strength takes the
// risk roll, and a general killed leaves his chain of command to the umpire.
func TestBoardFire(t *testing.T) {
	tests := []struct {
		name   string
		order  FireOrder
		faces  []int
		score  int
		target Unit // La Sarre after the fire
		fate   GeneralOutcome
		wait   []Pending
	}{
		{"muskets at 6\": +1 British, −2 hard cover; 9 beats morale 6", FireOrder{By: bob, Firer: "42nd", Target: "La Sarre", Distance: 6}, []int{4, 6, 2, 3}, 9,
			Unit{Strength: 5, Shaken: true}, GeneralOutcome{Name: "Montcalm", Fate: Unhurt}, nil},
		{"no loss on 6: no risk roll", FireOrder{By: bob, Firer: "42nd", Target: "La Sarre", Distance: 6}, []int{3, 4}, 6,
			Unit{Strength: 6}, GeneralOutcome{}, nil},
		{"a gun at short range with a friend in its arc: ball, no +1 (F3a)", FireOrder{By: umpire, Firer: "Guns", Target: "La Sarre", Distance: 10, FriendlyInArc: true}, []int{4, 4}, 6,
			Unit{Strength: 6}, GeneralOutcome{}, nil},
		{"the gun without the friend: canister +1", FireOrder{By: umpire, Firer: "Guns", Target: "La Sarre", Distance: 10}, []int{4, 4, 6, 5}, 7,
			Unit{Strength: 5, Shaken: true}, GeneralOutcome{Name: "Montcalm", Fate: Killed}, []Pending{{General: 5, Entry: 12}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := ticonderoga()
			tt.order.Entry = 12
			src := dicetest.Script(t, tt.faces...)
			out, err := b.Fire(src, tt.order, House{})
			if err != nil {
				t.Fatalf("Fire: %v", err)
			}
			src.Done()
			if out.Score != tt.score {
				t.Errorf("score %d, want %d", out.Score, tt.score)
			}
			got := b.Unit("La Sarre")
			if got.Strength != tt.target.Strength || got.Shaken != tt.target.Shaken || !cmp.Equal(*got, out.Target) {
				t.Errorf("La Sarre after = %+v (outcome %+v), want strength %d shaken %v", got, out.Target, tt.target.Strength, tt.target.Shaken)
			}
			if !b.Unit(tt.order.Firer).Fired {
				t.Errorf("%s not marked as fired", tt.order.Firer)
			}
			if tt.fate.Name != "" && (len(out.Generals) != 1 || out.Generals[0].Fate != tt.fate.Fate) {
				t.Errorf("generals %+v, want %+v", out.Generals, tt.fate)
			}
			if diff := cmp.Diff(tt.wait, b.Pending); diff != "" {
				t.Errorf("chain tests waiting (-want +got):\n%s", diff)
			}
			if dead := tt.fate.Fate == Killed; dead != (len(out.Deaths) == 1) || dead && !b.General("Montcalm").Dead {
				t.Errorf("deaths %+v, Montcalm %+v", out.Deaths, b.General("Montcalm"))
			}
		})
	}
}

// A fire the rules do not allow is refused with the reason, rolls nothing and
// leaves the board as it was.
func TestBoardFireRefused(t *testing.T) {
	spent := ticonderoga()
	spent.Units[0].Strength = 0
	tests := []struct {
		name  string
		board *Board
		order FireOrder
		want  string
	}{
		{"not his unit", ticonderoga(), FireOrder{By: bob, Names: names, Firer: "La Sarre", Target: "42nd", Distance: 5},
			"**La Sarre** is not yours to command: only Carol or the umpire can order it to fire."},
		{"the umpire's unit", ticonderoga(), FireOrder{By: bob, Names: names, Firer: "Guns", Target: "La Sarre", Distance: 5},
			"**Guns** is not yours to command: only the umpire can order it to fire."},
		{"no such unit", ticonderoga(), FireOrder{By: umpire, Firer: "Black Watch", Target: "La Sarre", Distance: 5},
			"There is no unit called **Black Watch** on the roster"},
		{"at itself", ticonderoga(), FireOrder{By: umpire, Firer: "42nd", Target: "42nd", Distance: 5}, "**42nd** cannot fire at itself."},
		{"own side", ticonderoga(), FireOrder{By: umpire, Firer: "42nd", Target: "Guns", Distance: 5}, "are both on the British side"},
		{"no strength left", spent, FireOrder{By: umpire, Firer: "42nd", Target: "La Sarre", Distance: 5}, "has no strength points left, so it cannot fire"},
		{"out of range", ticonderoga(), FireOrder{By: umpire, Firer: "42nd", Target: "La Sarre", Distance: 7}, "Out of range"},
		{"overhead, friend 13\" from one end of 20\" (F3b)", ticonderoga(),
			FireOrder{By: umpire, Firer: "Battery", Target: "42nd", Distance: 20, Overhead: true, Clearance: 13},
			"it is 7\" from one and 13\" from the other"},
		{"a name that reads as markdown stays as typed", ticonderoga(), FireOrder{By: umpire, Firer: "*Rangers*", Target: "42nd", Distance: 5},
			`There is no unit called **\*Rangers\*** on the roster`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := mustJSON(t, tt.board)
			_, err := tt.board.Fire(dicetest.Script(t), tt.order, House{})
			if !isBreach(err, tt.want) {
				t.Errorf("Fire error %v, want a breach saying %q", err, tt.want)
			}
			if after := mustJSON(t, tt.board); after != before {
				t.Errorf("a refused fire changed the board:\n%s\n%s", before, after)
			}
		})
	}
}

// A quick ruling is the same move on a board sketched from the options: the
// ruling is the fire chart's, the target's strength unknown.
func TestSketchFire(t *testing.T) {
	s := Sketch{Firer: Firer{Type: LightGun, Strength: 3, Column: true}, Cover: Soft, Morale: 6, HasMorale: true, General: true, GeneralWounds: 1}
	b, o := s.Board(FireOrder{By: bob, Distance: 20})
	out, err := b.Fire(dicetest.Script(t, 6, 6, 6, 5), o, House{})
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := Fire(dicetest.Script(t, 6, 6, 6, 5), "Light gun in column", Shot{Firer: s.Firer, Cover: Soft, Distance: 20},
		Target{Name: "the target", Morale: 6, HasMorale: true, Generals: []General{{ID: 3, With: 2, LightWounds: 1}}})
	if diff := cmp.Diff(want, out.Ruling); diff != "" {
		t.Errorf("quick ruling (-chart +board):\n%s", diff)
	}
	if !strings.HasPrefix(out.Ruling.Result, "The target loses 1 strength point and") {
		t.Errorf("result %q", out.Ruling.Result)
	}
}

// The risk chart for a general of the roster (F5); a general out of play
// cannot be at risk.
func TestBoardRisk(t *testing.T) {
	b := ticonderoga()
	out, err := b.Risk(dicetest.Script(t, 5, 4), RiskOrder{General: "montcalm"})
	if err != nil || out.Fate != LightWound || b.General("Montcalm").LightWounds != 1 {
		t.Fatalf("Risk = %+v, %v; Montcalm %+v", out.GeneralOutcome, err, b.General("Montcalm"))
	}
	out, _ = b.Risk(dicetest.Script(t, 6, 5), RiskOrder{General: "Montcalm", Entry: 9})
	if out.Fate != Killed || len(out.Deaths) != 1 || !cmp.Equal(out.Deaths[0].Chain, []string{"La Sarre", "Battery"}) || b.pending(5) < 0 {
		t.Errorf("killed: %+v, pending %+v", out, b.Pending)
	}
	if _, err := b.Risk(dicetest.Script(t), RiskOrder{General: "Montcalm"}); !isBreach(err, "already out of play (dead)") {
		t.Errorf("risk for the dead: %v", err)
	}
	quick := RiskBoard(1)
	if out, _ := quick.Risk(dicetest.Script(t, 4, 5), RiskOrder{}); out.Fate != Incapacitated || out.Ruling.Title != "Risk to the general" {
		t.Errorf("quick risk = %+v", out)
	}
}

// A general killed shakes the units of his chain of command within 18"; the
// umpire says which, once (F5).
func TestSettleChain(t *testing.T) {
	dead := func() *Board {
		b := ticonderoga()
		b.Generals[0].Dead = true
		b.Pending = []Pending{{General: 5}}
		return b
	}
	tests := []struct {
		name          string
		order         ChainOrder
		shaken, spare []string
		want          string // a breach, or ""
	}{
		{"all within 18\"", ChainOrder{ID: 5, All: true}, []string{"La Sarre", "Battery"}, []string{}, ""},
		{"none within 18\"", ChainOrder{ID: 5}, []string{}, []string{"La Sarre", "Battery"}, ""},
		{"by name", ChainOrder{General: "Montcalm", Within: []string{"battery"}}, []string{"Battery"}, []string{"La Sarre"}, ""},
		{"not of his chain", ChainOrder{General: "Montcalm", Within: []string{"42nd"}}, nil, nil,
			"**42nd** is not in General Montcalm's chain of command (La Sarre, Battery)."},
		{"a general no longer on the roster", ChainOrder{ID: 9, All: true}, nil, nil, "That general is no longer on the roster."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := dead()
			out, err := b.SettleChain(tt.order)
			if tt.want != "" {
				if !isBreach(err, tt.want) {
					t.Errorf("SettleChain error %v, want %q", err, tt.want)
				}
				return
			}
			if err != nil || !cmp.Equal(out.Shaken, tt.shaken) || !cmp.Equal(out.Spared, tt.spare) || len(b.Pending) != 0 {
				t.Errorf("SettleChain = %+v, %v; pending %v", out, err, b.Pending)
			}
			for _, name := range tt.shaken {
				if !b.Unit(name).Shaken {
					t.Errorf("%s not shaken", name)
				}
			}
			if _, err := b.SettleChain(ChainOrder{ID: 5, All: true}); tt.order.ID != 0 && !isBreach(err, "already been settled") {
				t.Errorf("pressed twice: %v", err)
			}
		})
	}
	alive := ticonderoga()
	if _, err := alive.SettleChain(ChainOrder{General: "Montcalm", All: true}); !isBreach(err, "is not dead") {
		t.Errorf("chain of a living general: %v", err)
	}
}

// The text has no turn sequence: a turn is counted and the fired marks cleared.
func TestNextTurn(t *testing.T) {
	b := ticonderoga()
	if m := b.Moment(); m.Key != "1" || m.Text != "turn 1" {
		t.Errorf("Moment = %q, %q", m.Key, m.Text)
	}
	b.Units[0].Fired = true
	b.NextTurn()
	if key := b.Moment().Key; key != "2" || b.Units[0].Fired {
		t.Errorf("after NextTurn: moment %q, %+v", key, b.Units[0])
	}
	if m := (&Board{}).Moment(); m.Key != "0" || m.Text != "the start, before turn 1" {
		t.Errorf("Moment before turn 1 = %q, %q", m.Key, m.Text)
	}
}

// The umpire's roster: a unit starts at full strength, in line and in the
// open; every change is checked, and a refused one changes nothing.
func TestRosterEdits(t *testing.T) {
	b := ticonderoga()
	str := func(s string) *string { return &s }
	num := func(n int) *int { return &n }
	typ := Militia
	u, err := b.AddUnit(UnitChange{Name: "Canadiens", Type: &typ, Side: str("French"), Strength: num(4), Morale: num(5)})
	if err != nil || u.ID != 7 || u.Start != 4 || u.Formation != Line || u.Cover != Open || b.NextID != 7 {
		t.Fatalf("AddUnit = %+v, %v", u, err)
	}
	for _, tt := range []struct {
		name string
		edit func() error
		want string
	}{
		{"a second Canadiens", func() error {
			_, err := b.AddUnit(UnitChange{Name: "canadiens", Type: &typ, Side: str("French"), Strength: num(4), Morale: num(5)})
			return err
		}, "There is already a unit called **canadiens**"},
		{"a name with a comma", func() error {
			_, err := b.AddUnit(UnitChange{Name: "A, B", Type: &typ, Side: str("French"), Strength: num(4), Morale: num(5)})
			return err
		}, "can't contain a comma"},
		{"a name of 41 characters", func() error {
			_, err := b.AddUnit(UnitChange{Name: strings.Repeat("x", 41), Type: &typ, Side: str("French"), Strength: num(4), Morale: num(5)})
			return err
		}, "at most 40 characters"},
		{"no strength", func() error {
			_, err := b.AddUnit(UnitChange{Name: "Ghosts", Type: &typ, Side: str("French"), Strength: num(0), Morale: num(5)})
			return err
		}, "starts with 1 to 99 strength points"},
		{"morale 21", func() error { _, _, err := b.SetUnit(UnitChange{Name: "42nd", Morale: num(21)}); return err }, "basic morale runs 0 to 20"},
		{"a side of 41 characters", func() error {
			_, _, err := b.SetUnit(UnitChange{Name: "42nd", Side: str(strings.Repeat("s", 41))})
			return err
		}, "A side's name can be at most 40 characters"},
		{"a general with three light wounds", func() error {
			_, _, err := b.SetGeneral(GeneralChange{Name: "Montcalm", Wounds: num(3)})
			return err
		}, "has 3 light wounds"},
		{"a general with an unknown unit", func() error {
			_, err := b.AddGeneral(GeneralChange{Name: "Lévis", Side: str("French"), With: str("Roussillon")})
			return err
		}, "There is no unit called **Roussillon**"},
	} {
		before := mustJSON(t, b)
		if err := tt.edit(); !isBreach(err, tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
		if mustJSON(t, b) != before {
			t.Errorf("%s: a refused edit changed the board", tt.name)
		}
	}
	was, now, err := b.SetUnit(UnitChange{Name: "42nd", Strength: num(8)})
	if err != nil || was.Strength != 6 || now.Strength != 8 || now.Start != 8 {
		t.Errorf("SetUnit strength 8 = %+v, %v", now, err)
	}
	if got := now.Changes(was); !cmp.Equal(got, []string{"strength 6 → 8"}) {
		t.Errorf("Changes = %v", got)
	}
	if _, touched, err := b.RemoveUnit("La Sarre"); err != nil || !cmp.Equal(touched, []string{"Montcalm"}) ||
		b.General("Montcalm").With != 0 || !cmp.Equal(b.General("Montcalm").Chain, []int{4}) {
		t.Errorf("RemoveUnit: touched %v, %v; Montcalm %+v", touched, err, b.General("Montcalm"))
	}
	dead := true
	b.Pending = []Pending{{General: 5}}
	b.Generals[0].Dead = true
	if _, _, err := b.SetGeneral(GeneralChange{Name: "Montcalm", Dead: new(bool)}); err != nil || len(b.Pending) != 0 {
		t.Errorf("a general no longer dead keeps his chain test: %v, %v", b.Pending, err)
	}
	g, err := b.AddGeneral(GeneralChange{Name: "Lévis", Side: str("French"), With: str("none"), Chain: &[]string{"Battery"}, Dead: &dead})
	if err != nil || g.With != 0 || !cmp.Equal(g.Chain, []int{4}) {
		t.Errorf("AddGeneral = %+v, %v", g, err)
	}
}

// A stored battle decodes and encodes byte for byte as before.
func TestBoardJSON(t *testing.T) {
	stored := `{"turn":2,"units":[{"id":1,"name":"42nd","type":"british","side":"British","strength":4,"start":6,"morale":7,"formation":"line","shaken":true,"cover":"none","player":"p1","fired":true},` +
		`{"id":2,"name":"Battery","type":"howitzer","side":"French","strength":5,"start":5,"morale":7,"formation":"line","cover":"hard"}],` +
		`"generals":[{"id":3,"name":"Montcalm","side":"French","with":2,"chain":[2],"light_wounds":1,"dead":true,"player":"p2"},{"id":4,"name":"Wolfe","side":"British"}],` +
		`"pending":[{"general":3,"entry":12}],"next_id":4}`
	b, err := ValidateBoard([]byte(stored))
	if err != nil {
		t.Fatalf("ValidateBoard: %v", err)
	}
	if got := mustJSON(t, b); got != stored {
		t.Errorf("re-encoded:\n%s\nwant\n%s", got, stored)
	}
}

// An imported board is checked in full: every value in range, every reference
// resolving, no field the board does not have.
func TestValidateBoard(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(b *Board)
		want   string
	}{
		{"negative wounds", func(b *Board) { b.Generals[0].LightWounds = -1 }, "has -1 light wounds"},
		{"absurd turn", func(b *Board) { b.Turn = 1_000_000_000 }, "the turn is 1000000000"},
		{"absurd ids", func(b *Board) { b.NextID = 1 << 40 }, "ids run 1 to"},
		{"negative strength", func(b *Board) { b.Units[0].Strength = -2 }, "has strength -2 of 6"},
		{"no start", func(b *Board) { b.Units[0].Start, b.Units[0].Strength = 0, 0 }, "has strength 0 of 0"},
		{"unknown cover", func(b *Board) { b.Units[1].Cover = "fog" }, `unknown cover "fog"`},
		{"unknown formation", func(b *Board) { b.Units[1].Formation = "wedge" }, `unknown formation "wedge"`},
		{"a long name", func(b *Board) { b.Units[1].Name = strings.Repeat("n", 41) }, "at most 40 characters"},
		{"no side", func(b *Board) { b.Generals[0].Side = "" }, "has no side"},
		{"a chain naming a unit twice", func(b *Board) { b.Generals[0].Chain = []int{3, 3} }, "unit 3 twice"},
		{"two chain tests for one general", func(b *Board) {
			b.Generals[0].Dead = true
			b.Pending = []Pending{{General: 5}, {General: 5}}
		}, "two chain tests"},
		{"a chain test naming an absurd entry", func(b *Board) {
			b.Generals[0].Dead = true
			b.Pending = []Pending{{General: 5, Entry: -4}}
		}, "names log entry -4"},
	} {
		b := ticonderoga()
		tt.change(b)
		_, err := ValidateBoard([]byte(mustJSON(t, b)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ValidateBoard = %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := ValidateBoard([]byte(`{"turn":1,"next_id":0,"weather":"rain"}`)); err == nil || !strings.Contains(err.Error(), `unknown field "weather"`) {
		t.Errorf("an unknown field: %v", err)
	}
	if _, err := ValidateBoard([]byte(mustJSON(t, ticonderoga()))); err != nil {
		t.Errorf("a sound board is refused: %v", err)
	}
}

func mustJSON(t testing.TB, b *Board) string {
	t.Helper()
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// Every board ValidateBoard accepts exports to a board it accepts again, and
// export → import → export is identical.
func FuzzValidateBoard(f *testing.F) {
	f.Add([]byte(mustJSON(f, ticonderoga())))
	f.Add([]byte(`{"turn":0,"next_id":0}`))
	f.Add([]byte(`{"turn":1,"units":[{"id":1,"name":"A","type":"line","side":"X","strength":1,"start":1,"morale":0,"formation":"line","cover":"none"}],"next_id":1}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := ValidateBoard(raw)
		if err != nil {
			return
		}
		export := mustJSON(t, b)
		again, err := ValidateBoard([]byte(export))
		if err != nil {
			t.Fatalf("an accepted board, exported, is refused: %v\n%s", err, export)
		}
		if reexport := mustJSON(t, again); reexport != export {
			t.Errorf("export → import → export differs:\n%s\n%s", export, reexport)
		}
	})
}

// A name in a view or a breach reads as typed: no markdown takes effect, no
// mention pings, no control or bidirectional character reorders what follows.
func TestInert(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"Rogers' *Rangers*", `Rogers' \*Rangers\*`},
		{"@everyone", "@\u200beveryone"},
		{"La\u202eerras\u202c Sarre", "Laerras Sarre"},
		{"two\nlines", "two lines"},
	} {
		if got := rules.Inert(tt.name); got != tt.want {
			t.Errorf("rules.Inert(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	u := Unit{Name: "*Rangers*", Type: RifleUnit, Strength: 4, Start: 4, Morale: 6, Formation: Skirmish, Cover: Open, Player: "p"}
	if got, want := u.Line(func(string) string { return "_Bob_" }), `**\*Rangers\*** — rifles, 4/4 SP, morale 6, skirmish · \_Bob\_`; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}

// A fire's line in the battle's log says what it came to.
func TestOutcomeSummary(t *testing.T) {
	for _, tt := range []struct {
		out  Outcome
		want string
	}{
		{Outcome{Score: 5}, "score 5, no loss"},
		{Outcome{Score: 9, Lost: true, Shaken: true}, "score 9, -1 SP, shaken"},
		{Outcome{Score: 8, Lost: true, Generals: []GeneralOutcome{{Name: "Wolfe", Fate: LightWound}, {Name: "Howe", Fate: Unhurt}}}, "score 8, -1 SP, Wolfe wounded"},
	} {
		if got := tt.out.Summary(); got != tt.want {
			t.Errorf("Summary(%+v) = %q, want %q", tt.out, got, tt.want)
		}
	}
}
