package crimea

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// C8: "+10 cavalry attacking infantry not in square or works". When the
// infantry is in square or works the ruling says why the +10 is missing.
func TestCavalryBonusAndWhyItIsMissing(t *testing.T) {
	why := func(unit, formation string) []rules.Reading {
		return []rules.Reading{{ID: "C8", Text: "no +10 for Scots Greys: " + unit + " is infantry in " + formation +
			", and cavalry has +10 only against infantry not in square or works"}}
	}
	tests := []struct {
		name     string
		defender Combatant
		bonus    bool
		readings []rules.Reading
	}{
		{"infantry in line", Combatant{Name: "Vladimir Regiment", Type: HeavyInfantry, Formation: Line, Morale: 50}, true, nil},
		{"infantry in column", Combatant{Name: "Vladimir Regiment", Type: HeavyInfantry, Formation: Column, Morale: 50}, true, nil},
		{"infantry in square", Combatant{Name: "Vladimir Regiment", Type: HeavyInfantry, Formation: Square, Morale: 50}, false, why("Vladimir Regiment", "square")},
		{"light infantry in works", Combatant{Name: "Redoubt", Type: LightInfantry, Formation: Works, Morale: 50}, false, why("Redoubt", "works")},
		{"cavalry", Combatant{Name: "Hussars", Type: LightCavalry, Formation: Line, Morale: 50}, false, nil},
		{"artillery", Combatant{Name: "Don Battery", Type: FootArtillery, Formation: Line, Morale: 50}, false, nil},
	}
	for _, tt := range tests {
		in := CombatInput{Attacker: Combatant{Name: "Scots Greys", Type: HeavyCavalry, Formation: Line, Morale: 50}, Defender: tt.defender, Facing: Flank}
		src := dicetest.Script(t, rolls(70, 65)...)
		r, _, err := CloseCombat(src, in)
		src.Done()
		if err != nil {
			t.Fatalf("%s: CloseCombat: %v", tt.name, err)
		}
		total := r.Steps[2]
		if got := slices.ContainsFunc(total.Modifiers, func(m rules.Modifier) bool { return m.Value == ModCavalryVsFoot }); got != tt.bonus {
			t.Errorf("%s: cavalry +10 applied %v, want %v (%v)", tt.name, got, tt.bonus, total.Modifiers)
		}
		var got []rules.Reading
		for _, rd := range r.Readings {
			if strings.HasPrefix(rd.Text, "no +10") {
				got = append(got, rd)
			}
		}
		if diff := cmp.Diff(tt.readings, got); diff != "" {
			t.Errorf("%s: readings on the cavalry +10 (-want +got):\n%s", tt.name, diff)
		}
	}
}

// C3: units need an order to move, from an officer who may order them, on the
// card of their command; more than 18" away, two orders.
func TestMoveNeedsAnOrderOnItsCommandsCard(t *testing.T) {
	alliedCavalry, russianRight, russianFree := Card{Allied, CavalryC}, Card{Russian, RightWing}, Card{Russian, FreeMove}
	tests := []struct {
		name  string
		board *Board
		order MoveOrder
		want  string
	}{
		{"before the first turn", balaclava(), MoveOrder{Actor: lucan, Unit: "17th Lancers"},
			"No turn has started: the umpire shuffles the movement deck with `/turn new` and draws with `/turn next`."},
		{"no card up", inTurn(Card{}), MoveOrder{Actor: lucan, Unit: "17th Lancers"},
			"No card is turned up yet in turn 1: the umpire draws with `/turn next`."},
		{"another player's unit", inTurn(alliedCavalry), MoveOrder{Actor: lipr, Unit: "17th Lancers"},
			"Only the umpire or the player of Lord Lucan can give his orders."},
		{"the other side's card", inTurn(russianRight), MoveOrder{Actor: lucan, Unit: "17th Lancers"},
			"The card turned up is Russian right wing: the Russian right wing moves. 17th Lancers is Allied and waits for its own card."},
		{"another command's card", inTurn(Card{Allied, RightWing}), MoveOrder{Actor: lucan, Unit: "17th Lancers"},
			"The card turned up is Allied right wing: only that command moves. 17th Lancers is in the cavalry."},
		{"an officer of the other side", inTurn(alliedCavalry), MoveOrder{Actor: umpire, Unit: "17th Lancers", Officer: "Liprandi"},
			"Liprandi may not order 17th Lancers: a brigade officer orders his own units, a wing or division commander the units under him, the commander-in-chief any unit of his army."},
		{"a lone unit with no officer named", func() *Board {
			b := inTurn(russianFree)
			b.Units[2].Officer = ""
			return b
		}(), MoveOrder{Actor: umpire, Unit: "Odessa Regiment"},
			"Odessa Regiment is under no officer, so it has no orders and may not move (it may still fire and pivot). Name an officer who may order it: `officer:`."},
		{"a free move already given to another command", func() *Board {
			b := inTurn(russianFree)
			b.Free = "cavalry|"
			return b
		}(), MoveOrder{Actor: lipr, Unit: "Odessa Regiment"},
			"On this free move the Russian side chose to move its cavalry; Odessa Regiment is in the right wing."},
		{"too few orders far from him", func() *Board {
			b := inTurn(alliedCavalry)
			b.Officers[1].Orders = 1
			return b
		}(), MoveOrder{Actor: lucan, Unit: "17th Lancers", Far: true},
			"Lord Lucan has 1 order left this turn and 17th Lancers needs 2 orders (it is more than 18\" from him) to move. Units without orders may still fire and pivot up to 45°."},
	}
	for _, tt := range tests {
		before := tt.board.Clone()
		_, err := tt.board.Move(dicetest.Script(t), tt.order, House{})
		if got := breach(t, err); got != tt.want {
			t.Errorf("%s: Move refused %q, want %q", tt.name, got, tt.want)
		}
		if diff := cmp.Diff(before, tt.board); diff != "" {
			t.Errorf("%s: a refused move changed the board:\n%s", tt.name, diff)
		}
	}
}

// C6: the movement modifier is rolled once per brigade a turn; the second unit
// of the brigade to move reads the same roll.
func TestMoveSpendsOrdersAndRollsTheBrigadeModifierOnce(t *testing.T) {
	b := inTurn(Card{Allied, CavalryC})
	src := dicetest.Script(t, rolls(85)...)
	first, err := b.Move(src, MoveOrder{Actor: lucan, Unit: "17th Lancers", Far: true}, House{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Move(src, MoveOrder{Actor: lucan, Unit: "93rd highlanders"}, House{})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := first.Ruling.Result, "17th Lancers moves up to 17\" (light cavalry 12\", add 5\")."; got != want {
		t.Errorf("first move: %q, want %q", got, want)
	}
	if got, want := second.Ruling.Steps[1].What, "movement modifier for Lord Lucan's brigade (rolled earlier this turn)"; got != want {
		t.Errorf("second move's modifier step %q, want %q", got, want)
	}
	if first.Officer.Orders != 1 || second.Officer.Orders != 0 || !b.Units[0].Moved || !b.Units[1].Moved {
		t.Errorf("orders left %d then %d, units moved %v %v; want 1, 0, both moved", first.Officer.Orders, second.Officer.Orders, b.Units[0].Moved, b.Units[1].Moved)
	}
	_, err = b.Move(dicetest.Script(t), MoveOrder{Actor: lucan, Unit: "17th Lancers"}, House{})
	if got, want := breach(t, err), "17th Lancers has already moved this turn."; got != want {
		t.Errorf("moving twice refused %q, want %q", got, want)
	}
}

// C7: the stands removed come off the target and count as lost to fire.
func TestFireTakesStandsOffTheTarget(t *testing.T) {
	b := balaclava()
	// 4 British stands × 25% × 1.5 (column) = 150%: one stand, and 37 ≤ 50 a second.
	src := dicetest.Script(t, d(37)...)
	res, err := b.Fire(src, FireOrder{Actor: umpire, Unit: "93rd Highlanders", Target: "Odessa Regiment"})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	if o := b.Units[2]; res.Hits != 2 || res.Lost != 2 || o.Stands != 4 || o.LostToFire != 2 || !cmp.Equal(res.Target, o) {
		t.Errorf("fire: hits %d, lost %d, Odessa Regiment now %+v (result %+v)", res.Hits, res.Lost, o, res.Target)
	}
	for _, tt := range []struct {
		order FireOrder
		want  string
	}{
		{FireOrder{Actor: lipr, Unit: "93rd Highlanders", Target: "Odessa Regiment"}, "93rd Highlanders is not yours to command; the umpire or the player of its officer acts for it."},
		{FireOrder{Actor: umpire, Unit: "93rd Highlanders"}, "Name the unit 93rd Highlanders fires at: `target:`."},
		{FireOrder{Actor: umpire, Unit: "93rd Highlanders", Target: "17th Lancers"}, "93rd Highlanders and 17th Lancers are on the same side."},
		{FireOrder{Actor: lucan, Unit: "17th Lancers", Target: "Odessa Regiment"}, "Cavalry has no fire in these rules; only infantry and artillery stands fire."},
	} {
		if _, err := b.Fire(dicetest.Script(t), tt.order); breach(t, err) != tt.want {
			t.Errorf("Fire(%+v) refused %q, want %q", tt.order, breach(t, err), tt.want)
		}
	}
}

// C8: each side's stands lost come off it; an attached officer killed is dead.
func TestCombatOnTheRoster(t *testing.T) {
	b := inTurn(Card{Allied, CavalryC})
	b.Units[0].Moved = true
	// Lancers 95 + 10 Lucan + 10 cavalry v infantry = 115; Odessa 55: Odessa
	// loses 2; Lucan is not at risk (his side lost nothing).
	src := dicetest.Script(t, rolls(95, 55)...)
	res, err := b.Combat(src, CombatOrder{Actor: lucan, Attacker: "17th Lancers", Defender: "odessa regiment", AttackerOfficer: "Lord Lucan", Facing: Front}, House{})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	if res.AttackerTotal != 115 || res.DefenderLost != 2 || b.Units[2].Stands != 4 || res.Defender.Stands != 4 || res.AttackerOfficer != "Lord Lucan" {
		t.Errorf("combat: %+v; Odessa Regiment now %+v", res.CombatOutcome, b.Units[2])
	}
	b.Units[1].Moved = false
	_, err = b.Combat(dicetest.Script(t), CombatOrder{Actor: lucan, Attacker: "93rd Highlanders", Defender: "Don Battery", Facing: Front}, House{})
	if got, want := breach(t, err), "93rd Highlanders has had no order to move this turn, and a charge is a move: give it one with `/crimea move` first (units without orders may only fire and pivot)."; got != want {
		t.Errorf("a charge without an order refused %q, want %q", got, want)
	}
}

// C2: the deck is shuffled each turn and drawn one card at a time; the moment
// moves on with each card.
func TestTurnDeckOrdersAndMoment(t *testing.T) {
	b := balaclava()
	b.Officers[0].Calibre, b.Officers[1].Calibre = Rash, Indolent
	if m := b.Moment(); m.Key != "0.0" || m.Text != "the set-up, before turn 1" {
		t.Errorf("Moment before the first turn = %q, %q", m.Key, m.Text)
	}
	// Seven draws shuffle the deck; Raglan (rash) passes for 5 orders on 51,
	// Lucan (indolent, 60%) fails to move on 40.
	src := dicetest.Script(t, append([]int{1, 1, 1, 1, 1, 1, 1}, rolls(51, 40)...)...)
	if end := b.NewTurn(src); end.Cut {
		t.Error("the first turn cut a turn short")
	}
	start, err := b.SetOrders(src, House{})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	r := start.Ruling(b)
	got := []int{b.Officers[0].Orders, b.Officers[1].Orders, b.Officers[2].Orders}
	if diff := cmp.Diff([]int{5, 2, 5}, got); diff != "" || !b.Officers[1].Stays || len(r.Steps) != 2 {
		t.Errorf("orders (-want +got):\n%s; Lucan stays %v; steps %v", diff, b.Officers[1].Stays, r.Steps)
	}
	card, err := b.Draw()
	if m := b.Moment(); err != nil || card != b.Deck[0] || m.Key != "1.1" || m.Text != "turn 1, card 1 of 8" {
		t.Errorf("Draw = %v, %v; Moment %q, %q", card, err, m.Key, m.Text)
	}
	b.Drawn = 8
	if _, err := b.Draw(); breach(t, err) != "All eight cards of turn 1 are drawn. Start the next turn with `/turn new`." {
		t.Errorf("drawing a ninth card: %v", err)
	}
}

// C3 and C5: officer morale and riding with a charge, asked for by the player
// of the officer or one above him, of his own side's units.
func TestMoraleAndRideOnTheRoster(t *testing.T) {
	b := balaclava()
	b.Officers[2].Dead = true
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"a unit of another player", third(b.Morale(dicetest.Script(t), MoraleOrder{Actor: lipr, Unit: "17th Lancers"}, House{})),
			"17th Lancers is not yours to command; the umpire or the player of its officer acts for it."},
		{"an officer of another player", third(b.Morale(dicetest.Script(t), MoraleOrder{Actor: lipr, Officer: "Lord Lucan"}, House{})),
			"Lord Lucan is not yours to play; the umpire or his player acts for him."},
		{"a dead officer", third(b.Morale(dicetest.Script(t), MoraleOrder{Actor: umpire, Officer: "Liprandi"}, House{})),
			"Liprandi is dead."},
		{"a charge of the enemy", third(b.Ride(dicetest.Script(t), RideOrder{Actor: lucan, Officer: "Lord Lucan", Units: []string{"Odessa Regiment"}}, House{})),
			"Odessa Regiment is not one of Lord Lucan's men."},
	} {
		if got := breach(t, tt.err); got != tt.want {
			t.Errorf("%s: refused %q, want %q", tt.name, got, tt.want)
		}
	}
	// Lucan (cautious, 60%) passes officer morale on 41 and may ride.
	r, out, err := b.Ride(dicetest.Script(t, d(41)...), RideOrder{Actor: lucan, Officer: "lord lucan", Units: []string{"17th lancers"}}, House{})
	if err != nil || !out.Rides || out.Must || out.Unit != "17th Lancers" || r.Title != "Ride with the charge: Lord Lucan" {
		t.Errorf("Ride = %+v, %+v, %v", r, out, err)
	}
}

func third[A, B any](_ A, _ B, err error) error { return err }

func TestOutcomeSummaries(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{CombatOutcome{}.Summary(), "attacker fails morale"},
		{CombatOutcome{AttackerPassed: true}.Summary(), "defender falls back"},
		{CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 71, DefenderTotal: 40, Winner: "attacker", DefenderLost: 2}.Summary(),
			"71 v 40, attacker wins, stands lost 0/2"},
		{CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 50, DefenderTotal: 50}.Summary(), "50 v 50, tie, stands lost 0/0"},
		{MoraleOutcome{Passed: true, Roll: 62}.Summary(), "passes (62)"},
		{MoraleOutcome{Roll: 14}.Summary(), "fails (14)"},
		{RideOutcome{}.Summary(), "stays back"},
		{RideOutcome{Rides: true, Unit: "17th Lancers"}.Summary(), "may ride"},
		{RideOutcome{Rides: true, Must: true, Unit: "17th Lancers"}.Summary(), "rides with 17th Lancers"},
	} {
		if tt.got != tt.want {
			t.Errorf("Summary() = %q, want %q", tt.got, tt.want)
		}
	}
}

// A quick ruling's board may give both units, and both officers, one name.
func TestCombatBetweenNamesakes(t *testing.T) {
	b := &Board{
		Units: []Unit{{Name: "Infantry", Side: Allied, Type: HeavyInfantry, Formation: Line, Stands: 1, Morale: 50},
			{Name: "infantry", Side: Russian, Type: HeavyInfantry, Formation: Line, Stands: 1, Morale: 50}},
		Officers: []Officer{{Name: "Colonel", Side: Allied}, {Name: "Colonel", Side: Russian}},
	}
	// 70 + 10 against 65 + 10: each side's enemy total is 60 or more, so each
	// loses a stand and rolls for its colonel (both unhurt on 10).
	src := dicetest.Script(t, rolls(70, 65, 10, 10)...)
	res, err := b.Combat(src, CombatOrder{Actor: umpire, Attacker: "Infantry", Defender: "infantry", AttackerOfficer: "Colonel", DefenderOfficer: "Colonel"}, House{})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	if res.Defender.Side != Russian || res.AttackerTotal != 80 || res.DefenderTotal != 75 || res.AttackerLost != 1 || res.DefenderLost != 1 {
		t.Errorf("combat of namesakes: %+v, defender %+v", res.CombatOutcome, res.Defender)
	}
}
