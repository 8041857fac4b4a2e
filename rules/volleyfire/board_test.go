package volleyfire

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

var (
	umpireActor = rules.Actor{User: "u0", Umpire: true}
	bob         = rules.Actor{User: "p1"}
	carol       = rules.Actor{User: "p2"}
)

// testBoard is two units in combat, the British one with Picton joined.
func testBoard() *Board {
	return &Board{
		Units: []RosterUnit{
			{Unit: Unit{Name: "1st Foot", Kind: Infantry, Bases: 5, Formation: Line, Weapon: Musket, Nation: British, Loaded: true}, Side: "Allies", Start: 6},
			{Unit: Unit{Name: "Voltigeurs", Kind: Infantry, Bases: 4, Formation: Skirmish, Weapon: Musket, Loaded: true}, Side: "French", Start: 4},
		},
		Commanders: []Commander{{General: General{Name: "Picton", Nation: British}, Side: "Allies", Joined: "1st Foot"}},
		Combats:    []Melee{{Chargers: []Engaged{{Unit: "1st Foot", Charged: true}}, Defenders: []Engaged{{Unit: "Voltigeurs"}}, Facing: Front}},
	}
}

// playBoard is a turn under way: the Allies (Bob) and the French (Carol), two
// units a side, Wellesley joined to 1st Foot; the Allies activate first.
func playBoard(t *testing.T) *Board {
	t.Helper()
	b := &Board{}
	bases := func(n int) *int { return &n }
	for _, s := range []UnitSpec{
		{Name: "1st Foot", Side: "Allies", Kind: Infantry, Bases: bases(6), Player: &Player{"p1", "Bob"}},
		{Name: "Rifles", Side: "Allies", Kind: Infantry, Bases: bases(4), Weapon: ptr(Rifle), Player: &Player{"p1", "Bob"}},
		{Name: "4e Ligne", Side: "French", Kind: Infantry, Bases: bases(6), Player: &Player{"p2", "Carol"}},
		{Name: "Hussards", Side: "French", Kind: Cavalry, Bases: bases(4), Special: ptr(Hussars), Player: &Player{"p2", "Carol"}},
	} {
		if _, err := b.AddUnit(umpireActor, s); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []CommanderSpec{
		{Name: "Wellesley", Side: "Allies", Join: ptr("1st Foot")},
		{Name: "Victor", Side: "French", Nation: ptr(French)},
	} {
		if _, err := b.AddCommander(umpireActor, s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.ChooseFirst(umpireActor, "allies"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.StartTurn(dicetest.Script(t), umpireActor); err != nil {
		t.Fatal(err)
	}
	return b
}

func ptr[T any](v T) *T { return &v }

func TestApplyLoss(t *testing.T) {
	b := testBoard()
	u := &b.Units[0]
	// British rout only at one base: 5 → 2 is no rout.
	b.applyLoss(u, TakeLosses(b.view(u), 3))
	if u.Gone != "" || u.Bases != 2 || b.Joined("1st Foot") == nil {
		t.Fatalf("after 3 losses: %+v", u)
	}
	// Three more: the unit's two bases and then the command base, removed last.
	b.applyLoss(u, TakeLosses(b.view(u), 3))
	if u.Gone != Destroyed || !b.Commanders[0].Lost || len(b.Combats) != 0 {
		t.Errorf("after 3 more: %+v, %+v, combats %v", u, b.Commanders[0], b.Combats)
	}
	// A routed unit leaves its command base standing alone.
	b = testBoard()
	b.Units[0].Nation = ""
	u = &b.Units[0]
	b.applyLoss(u, TakeLosses(b.view(u), 3))
	if u.Gone != Routed || b.Commanders[0].Lost || b.Commanders[0].Joined != "" {
		t.Errorf("routed: %+v, %+v", u, b.Commanders[0])
	}
}

// A board stored by today's referee decodes, byte for byte the same names,
// and plays on.
func TestStoredBoardPlaysOn(t *testing.T) {
	stored := `{"units":[{"name":"1st Foot","side":"Allies","player":"p1","player_name":"Bob","kind":"infantry","bases":6,"start":6,"formation":"line","weapon":"musket","nation":"British","loaded":true},` +
		`{"name":"Hussards","side":"French","player":"p2","player_name":"Carol","kind":"cavalry","bases":4,"start":4,"formation":"line","weapon":"pistol","special":"hussars","loaded":true}],` +
		`"commanders":[{"name":"Wellesley","side":"Allies","nation":"British","royal":true,"joined":"1st Foot"}],` +
		`"turn":{"number":1,"phase":"activations","order":["Allies","French"],"side":0},"first":""}`
	if _, err := ValidateBoard(json.RawMessage(stored)); err != nil {
		t.Fatalf("ValidateBoard(stored) = %v", err)
	}
	b := &Board{}
	if err := json.Unmarshal([]byte(stored), b); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Activate(ActivateOrder{Actor: bob, Unit: "1st Foot"}); err != nil {
		t.Fatalf("Activate on a stored board: %v", err)
	}
	rep, err := b.Shoot(dicetest.Script(t, 6, 6, 6, 6, 6, 6, 5, 5, 1, 1, 1, 1), ShootOrder{Actor: bob, Unit: "1st Foot", Target: "Hussards", Range: 4}, House{})
	if err != nil {
		t.Fatal(err)
	}
	// Point blank: six hits; damage 5, 5 and four 1s with +1: two bases, and the hussars rout at 2.
	if got := b.UnitNamed("Hussards"); got.Gone != Routed || got.Bases != 2 || rep.After.Left != 1 {
		t.Errorf("after the volley: %+v, %+v", got, rep.After)
	}
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{`"player_name":"Bob"`, `"joined":"1st Foot"`, `"royal":true`, `"gone":"routed"`, `"used":{"1st Foot":1}`} {
		if !strings.Contains(string(out), name) {
			t.Errorf("stored board lacks %s:\n%s", name, out)
		}
	}
}

func TestValidateBoard(t *testing.T) {
	good, _ := json.Marshal(testBoard())
	if _, err := ValidateBoard(good); err != nil {
		t.Fatalf("ValidateBoard(good) = %v", err)
	}
	for name, mutate := range map[string]func(b *Board){
		"repeated name":      func(b *Board) { b.Units[1].Name = "1st foot" },
		"overlong name":      func(b *Board) { b.Units[1].Name = strings.Repeat("x", MaxName+1) },
		"unknown join":       func(b *Board) { b.Commanders[0].Joined = "Ghosts" },
		"combat stranger":    func(b *Board) { b.Combats[0].Defenders[0].Unit = "Ghosts" },
		"in two combats":     func(b *Board) { b.Combats = append(b.Combats, b.Combats[0]) },
		"cavalry in square":  func(b *Board) { b.Units[1].Kind, b.Units[1].Formation, b.Units[1].Weapon = Cavalry, Square, Pistol },
		"more than start":    func(b *Board) { b.Units[0].Bases = 9 },
		"negative bases":     func(b *Board) { b.Units[0].Bases = -1 },
		"absurd start":       func(b *Board) { b.Units[0].Start = 1 << 40 },
		"no bases, on field": func(b *Board) { b.Units[0].Bases = 0 },
		"unknown kind":       func(b *Board) { b.Units[0].Kind = "dragon" },
		"command base unit":  func(b *Board) { b.Units[0].Kind = Command },
		"unknown formation":  func(b *Board) { b.Units[0].Formation = "wedge" },
		"unknown nation":     func(b *Board) { b.Units[0].Nation = "Atlantean" },
		"unknown gone":       func(b *Board) { b.Units[0].Gone = "vanished" },
		"reloading musket":   func(b *Board) { b.Units[0].Loaded, b.Units[0].Reloading = false, 1 },
		"commander nation":   func(b *Board) { b.Commanders[0].Nation = "Atlantean" },
		"active stranger": func(b *Board) {
			b.Turn = Turn{Number: 1, Phase: Activations, Order: []string{"Allies"}, Active: "Ghosts"}
		},
		"absurd turn":       func(b *Board) { b.Turn = Turn{Number: 1_000_000_000_000_000_000, Phase: Over} },
		"unknown phase":     func(b *Board) { b.Turn = Turn{Number: 1, Phase: "siesta"} },
		"side out of order": func(b *Board) { b.Turn = Turn{Number: 1, Phase: Activations, Order: []string{"Allies"}, Side: 3} },
		"used three":        func(b *Board) { b.Turn = Turn{Number: 1, Phase: Over, Used: map[string]int{"1st Foot": 3}} },
		"spent stranger":    func(b *Board) { b.Turn = Turn{Number: 1, Phase: Over, Spent: map[string]bool{"Ghosts": true}} },
		"fought in future":  func(b *Board) { b.Combats[0].Fought = 5 },
		"unknown facing":    func(b *Board) { b.Combats[0].Facing = "above" },
		"negative side":     func(b *Board) { b.Combats[0].SideBases = -1 },
		"first not a side":  func(b *Board) { b.First = strings.Repeat("y", 100) },
	} {
		b := testBoard()
		mutate(b)
		raw, _ := json.Marshal(b)
		if _, err := ValidateBoard(raw); err == nil {
			t.Errorf("ValidateBoard(%s) = nil, want an error", name)
		}
	}
	for name, raw := range map[string]string{
		"truncated":     `{"units":`,
		"unknown field": `{"turn":{"number":0},"cheat":true}`,
		"inner unknown": `{"units":[{"name":"A","side":"B","kind":"infantry","bases":3,"start":3,"formation":"line","weapon":"musket","loaded":true,"stunned_until":1000000000000000000}]}`,
		"trailing":      `{} {}`,
	} {
		if _, err := ValidateBoard(json.RawMessage(raw)); err == nil {
			t.Errorf("ValidateBoard(%s) = nil, want an error", name)
		}
	}
}

// A move the rules refuse leaves the board as it was.
func TestRefusedMoveChangesNothing(t *testing.T) {
	b := playBoard(t)
	if _, err := b.Activate(ActivateOrder{Actor: bob, Unit: "Rifles", Commander: "Wellesley", Distance: ptr(10.0)}); err != nil {
		t.Fatal(err)
	}
	before := b.Clone()
	var breach *rules.Breach
	for name, move := range map[string]func() error{
		"another's unit": func() error {
			_, err := b.Move(MoveOrder{Actor: carol, Unit: "Rifles", Path: Path{Open: 1}}, House{})
			return err
		},
		"too far": func() error {
			_, err := b.Move(MoveOrder{Actor: bob, Unit: "Rifles", Path: Path{Open: 4}}, House{})
			return err
		},
		"own side": func() error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Unit: "Rifles", Target: "1st Foot", Range: 5}, House{})
			return err
		},
		"not hussars": func() error {
			_, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Unit: "Rifles", Target: "4e Ligne", Range: 5, Move: Path{Open: 1}}, House{})
			return err
		},
		"charge falls short": func() error {
			_, err := b.Charge(dicetest.Script(t), ChargeOrder{Actor: bob, Unit: "Rifles", Target: "4e Ligne", Move: Path{Open: 9}}, House{})
			return err
		},
		"not the active unit": func() error { _, err := b.Reload(bob, "1st Foot"); return err },
		"fight too soon":      func() error { _, err := b.Fight(dicetest.Script(t), umpireActor, "Rifles", House{}); return err },
		"umpire's edit":       func() error { _, err := b.RemoveUnit(bob, "Rifles"); return err },
		"cavalry square": func() error {
			_, err := b.SetUnit(umpireActor, "Hussards", UnitSpec{Stance: ptr(Stance(Square))})
			return err
		},
	} {
		if err := move(); !errors.As(err, &breach) {
			t.Errorf("%s: err = %v, want a breach", name, err)
		}
		if diff := cmp.Diff(before, b); diff != "" {
			t.Errorf("%s changed the board (-before +after):\n%s", name, diff)
		}
	}
}

// Orders are given by the player who commands the unit, or the umpire.
func TestActorCommandsHisOwn(t *testing.T) {
	b := playBoard(t)
	_, err := b.Activate(ActivateOrder{Actor: carol, Unit: "1st Foot"})
	if err == nil || err.Error() != "Only Bob (who commands it) or the umpire can give orders to 1st Foot." {
		t.Errorf("Carol activates Bob's unit: %v", err)
	}
	if _, err := b.AddUnit(bob, UnitSpec{Name: "Sneaky", Side: "Allies", Kind: Infantry, Bases: ptr(6)}); err == nil || !strings.HasPrefix(err.Error(), "Only the umpire") {
		t.Errorf("Bob adds a unit: %v", err)
	}
	if _, err := b.Next(dicetest.Script(t), bob, House{}); err == nil || !strings.HasPrefix(err.Error(), "Only the umpire") {
		t.Errorf("Bob passes the Allies' activation: %v", err)
	}
}

// The moment moves on exactly when the turn does.
func TestMoment(t *testing.T) {
	b := &Board{}
	seen := map[string]bool{}
	step := func(what string, move func() error) {
		t.Helper()
		before := b.Moment().Key
		if err := move(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		key, text := b.Moment().Key, b.Moment().Text
		if key == before || seen[key] || strings.Trim(key, "0123456789.aco") != "" || text == "" {
			t.Errorf("%s: moment %q (%s) after %q", what, key, text, before)
		}
		seen[before], seen[key] = true, true
	}
	*b = *playBoard(t)
	step("activate", func() error { _, err := b.Activate(ActivateOrder{Actor: bob, Unit: "1st Foot"}); return err })
	key := b.Moment().Key
	if _, err := b.Formation(bob, "1st Foot", Stance(Column)); err != nil {
		t.Fatal(err)
	}
	if k := b.Moment().Key; k != key {
		t.Errorf("one action of two moved the moment on: %q to %q", key, k)
	}
	step("end activation", func() error { _, err := b.Next(dicetest.Script(t), bob, House{}); return err })
	step("pass", func() error { _, err := b.Next(dicetest.Script(t), umpireActor, House{}); return err })
	step("activate", func() error {
		_, err := b.Activate(ActivateOrder{Actor: bob, Unit: "Rifles", OutOfCommand: true})
		return err
	})
	step("done", func() error { _, err := b.Done(bob, ""); return err })
	step("pass and hold", func() error { _, err := b.Next(dicetest.Script(t), umpireActor, House{}); return err })
	if b.Turn.Phase != Combats {
		t.Fatalf("phase %s, want the combats", b.Turn.Phase)
	}
	step("combats", func() error { _, err := b.Next(dicetest.Script(t), umpireActor, House{}); return err })
	step("new turn", func() error { _, err := b.StartTurn(dicetest.Script(t, 3, 5), umpireActor); return err })
}

// A quick ruling is the same move as on a battle's board: the same dice give
// the same ruling as the resolution itself.
func TestQuickBoardShoot(t *testing.T) {
	sh := RosterUnit{Unit: Unit{Name: "the shooters", Kind: Infantry, Bases: 4, Formation: Line, Weapon: Musket, Loaded: true}, Side: "ours"}
	tg := RosterUnit{Unit: Unit{Name: "the target", Kind: Infantry, Bases: 6, Formation: Line, Weapon: Musket}, Side: "theirs"}
	faces := []int{6, 5, 4, 1, 6, 2, 1} // close: 3 hits; damage 6, 2, 1: one base
	b := QuickBoard([]RosterUnit{sh, tg}, nil, sh.Name)
	rep, err := b.Shoot(dicetest.Script(t, faces...), ShootOrder{Actor: umpireActor, Unit: sh.Name, Target: tg.Name, Range: 8}, House{})
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := Shoot(dicetest.Script(t, faces...), Shot{Shooter: sh.Unit, Target: tg.Unit, Range: 8})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, rep.Ruling); diff != "" {
		t.Errorf("quick board's ruling differs (-want +got):\n%s", diff)
	}
	if got := b.UnitNamed("the target").Bases; got != 5 {
		t.Errorf("the target has %d bases after one destroyed, want 5", got)
	}
}

// Every board ValidateBoard accepts is written back as one it accepts, and no
// move on it panics, whatever the rules make of it.
func FuzzValidateBoard(f *testing.F) {
	seed, _ := json.Marshal(testBoard())
	f.Add(seed)
	f.Add([]byte(`{"units":[{"name":"A","side":"X","kind":"infantry","bases":5,"start":6,"formation":"line","weapon":"musket","loaded":true},` +
		`{"name":"B","side":"Y","kind":"cavalry","bases":4,"start":4,"formation":"line","weapon":"pistol","special":"ulhans","loaded":true}],` +
		`"turn":{"number":1,"phase":"activations","order":["X","Y"],"side":0,"active":"A","in_command":true,"used":{"A":1}}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := ValidateBoard(raw)
		if err != nil {
			return
		}
		out, _ := json.Marshal(b)
		if _, err := ValidateBoard(out); err != nil {
			t.Fatalf("the board written back is refused: %v\n%s", err, out)
		}
		b.Moment()
		src := dice.NewStream([]byte("fuzz"), 1)
		for _, u := range b.Units {
			for _, c := range b.Units {
				_, _ = b.Activate(ActivateOrder{Actor: umpireActor, Unit: u.Name, OutOfCommand: true})
				_, _ = b.Shoot(src, ShootOrder{Actor: umpireActor, Unit: u.Name, Target: c.Name, Range: 3}, House{})
				_, _ = b.Charge(src, ChargeOrder{Actor: umpireActor, Unit: u.Name, Target: c.Name}, House{})
				_, _ = b.Fight(src, umpireActor, c.Name, House{})
			}
		}
		for range 4 {
			_, _ = b.Next(src, umpireActor, House{})
		}
		_, _ = b.StartTurn(src, umpireActor)
	})
}

// An activation that names no command base, while the unit's side has one on
// the field, is refused with the side's bases and their ranges to choose
// from, and changes nothing; `commander:none` (OutOfCommand) activates the
// unit out of command, as a side with no base does (V3).
func TestActivateAsksForTheCommandBase(t *testing.T) {
	for _, tt := range []struct {
		name      string
		board     func(b *Board)
		order     ActivateOrder
		breach    string
		inCommand bool
	}{
		{
			name:  "no commander named",
			order: ActivateOrder{Actor: bob, Unit: "Rifles"},
			breach: "Name the command base Rifles is in range of, with `commander:` and `distance:` (Wellesley (20\")), " +
				"or give `commander:none` to activate it out of command: it may then only shoot, at the closest enemy (V3).",
		},
		{
			name: "two bases to choose from",
			board: func(b *Board) {
				b.Commanders = append(b.Commanders, Commander{General: General{Name: "Hill", Royal: true}, Side: "Allies"})
			},
			order: ActivateOrder{Actor: bob, Unit: "Rifles"},
			breach: "Name the command base Rifles is in range of, with `commander:` and `distance:` (Wellesley (20\") or Hill (30\")), " +
				"or give `commander:none` to activate it out of command: it may then only shoot, at the closest enemy (V3).",
		},
		{
			name:   "not its side's activation",
			order:  ActivateOrder{Actor: carol, Unit: "Hussards"},
			breach: "The Allies side activates now, not the French side.",
		},
		{name: "commander:none", order: ActivateOrder{Actor: bob, Unit: "Rifles", OutOfCommand: true}},
		{name: "in range", order: ActivateOrder{Actor: bob, Unit: "Rifles", Commander: "Wellesley", Distance: ptr(10.0)}, inCommand: true},
		{name: "out of range", order: ActivateOrder{Actor: bob, Unit: "Rifles", Commander: "Wellesley", Distance: ptr(21.0)}},
		{name: "the base joined to it", order: ActivateOrder{Actor: bob, Unit: "1st Foot"}, inCommand: true},
		{
			name:  "the side's only base lost",
			board: func(b *Board) { b.CommanderNamed("Wellesley").Lost = true },
			order: ActivateOrder{Actor: bob, Unit: "Rifles"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := playBoard(t)
			if tt.board != nil {
				tt.board(b)
			}
			before := b.Clone()
			rep, err := b.Activate(tt.order)
			if tt.breach != "" {
				if got := errText(err); got != tt.breach {
					t.Errorf("Activate(%+v) = %q, want %q", tt.order, got, tt.breach)
				}
				if diff := cmp.Diff(before, b); diff != "" {
					t.Errorf("a refused activation changed the board (-before +after):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("Activate(%+v) = %v", tt.order, err)
			}
			if rep.InCommand != tt.inCommand || b.Turn.Active != tt.order.Unit {
				t.Errorf("Activate(%+v): in command %v, active %q; want in command %v, active %q", tt.order, rep.InCommand, b.Turn.Active, tt.inCommand, tt.order.Unit)
			}
		})
	}
}

// "Out of range: the shots are wasted" (V5): the target keeps every base, and
// plays on.
func TestShotOutOfRangeTakesNoBase(t *testing.T) {
	b := playBoard(t)
	if _, err := b.Activate(ActivateOrder{Actor: bob, Unit: "1st Foot"}); err != nil {
		t.Fatal(err)
	}
	rep, err := b.Shoot(dicetest.Script(t), ShootOrder{Actor: bob, Unit: "1st Foot", Target: "4e Ligne", Range: 21}, House{})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.UnitNamed("4e Ligne"); got.Bases != 6 || got.Gone != "" {
		t.Errorf("after %q: 4e Ligne has %d bases, gone %q; want 6, on the field", rep.Ruling.Result, got.Bases, got.Gone)
	}
	if err := b.Validate(); err != nil {
		t.Errorf("board after a wasted volley: %v", err)
	}
}

// A move of a unit that may not move now says so first, however far it goes:
// what the player must do is activate it (V3).
func TestMoveOfAUnitNotActivated(t *testing.T) {
	b := playBoard(t)
	for _, p := range []Path{{Open: 1}, {Open: 9}} {
		_, err := b.Move(MoveOrder{Actor: bob, Unit: "Rifles", Path: p}, House{})
		if got, want := errText(err), "Rifles is not activated: activate it first with `/volleyfire activate`."; got != want {
			t.Errorf("Move(Rifles, %+v) = %q, want %q", p, got, want)
		}
	}
}
