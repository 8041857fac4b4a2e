package greenjackets

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

var umpire = rules.Actor{Umpire: true}

// bridge is turn 1 at count 6 of a skirmish at a bridge: Lt Sharpe (6 AP, on
// the move) leads the Chosen Men, three veteran riflemen; Capt Dubois, still
// to act, leads the Voltigeurs (muskets) and two Hussars (carbines).
func bridge() *Board {
	b := NewBoard()
	b.Characters = []*Character{
		{Name: "Lt Sharpe", Rank: RankOfficer, Side: "British", Quality: Veteran, Card: &Card{Rank: 6}, State: OnMove, AP: 6},
		{Name: "Capt Dubois", Rank: RankOfficer, Side: "French", Quality: Trained, Card: &Card{Rank: 4}, State: Waiting},
	}
	fig := func(name string, w Weapon, q Quality) *Figure {
		return &Figure{Name: name, Weapon: w, Melee: Bayonet, Quality: q, Loaded: true}
	}
	b.Squads = []*Squad{
		{Name: "Chosen Men", Officer: "Lt Sharpe", Arm: Infantry, Quality: Veteran, Morale: Steady,
			Figures: []*Figure{fig("Harris", Rifle, Veteran), fig("Hagman", Rifle, Veteran), fig("Cooper", Rifle, Veteran)}},
		{Name: "Voltigeurs", Officer: "Capt Dubois", Arm: Infantry, Quality: Trained, Morale: Steady,
			Figures: []*Figure{fig("Leclerc", Musket, Trained), fig("Martin", Musket, Trained), fig("Girard", Musket, Trained)}},
		{Name: "Hussars", Officer: "Capt Dubois", Arm: LightCavalry, Quality: Trained, Morale: Steady,
			Figures: []*Figure{fig("Hussar A", Carbine, Trained), fig("Hussar B", Carbine, Trained)}},
	}
	b.Turn = Turn{Number: 1, Suits: 1, Pos: 0, Order: []string{"Lt Sharpe"}}
	return b
}

func edit(b *Board, fn func(b *Board)) *Board { fn(b); return b }

func hasReading(r rules.Ruling, id string) bool {
	for _, rd := range r.Readings {
		if rd.ID == id {
			return true
		}
	}
	return false
}

// Section 7 and G8a: the firer's own move this move and the target's this
// turn come from the battle's record; an option overrides it, and says so.
func TestFireTakesTheRecordedMoves(t *testing.T) {
	still := Still
	for _, tc := range []struct {
		name     string
		setUp    func(b *Board)
		speed    *Speed
		moving   string
		want     []rules.Modifier
		override bool
	}{
		{name: "neither has moved", want: nil},
		{name: "the firers jogged this move: firer jogging −2", setUp: func(b *Board) { b.Squad("Chosen Men").Pace, b.Squad("Chosen Men").MovedTurn = PaceJog, 1 },
			want: []rules.Modifier{{Value: -2, Reason: "firer jogging"}}},
		{name: "the firers ran this move: firer charging −6", setUp: func(b *Board) { b.Squad("Chosen Men").Pace, b.Squad("Chosen Men").MovedTurn = PaceRun, 1 },
			want: []rules.Modifier{{Value: -6, Reason: "firer charging"}}},
		{name: "the firers crawled: nothing", setUp: func(b *Board) { b.Squad("Chosen Men").Pace, b.Squad("Chosen Men").MovedTurn = PaceCrawl, 1 }},
		{name: "the target ran this turn: target running −2", setUp: func(b *Board) { b.Squad("Voltigeurs").Pace, b.Squad("Voltigeurs").MovedTurn = PaceRun, 1 },
			want: []rules.Modifier{{Value: -2, Reason: "target running"}}},
		{name: "the target charged this turn: target charging −4", setUp: func(b *Board) { b.Squad("Voltigeurs").Pace, b.Squad("Voltigeurs").MovedTurn = PaceCharge, 1 },
			want: []rules.Modifier{{Value: -4, Reason: "target charging"}}},
		{name: "the target charged last turn: nothing", setUp: func(b *Board) { b.Squad("Voltigeurs").Pace, b.Squad("Voltigeurs").MovedTurn = PaceCharge, 0 }},
		{name: "speed given overrides the record", setUp: func(b *Board) { b.Squad("Chosen Men").Pace, b.Squad("Chosen Men").MovedTurn = PaceRun, 1 },
			speed: &still, override: true},
		{name: "target-moving given overrides the record", setUp: func(b *Board) { b.Squad("Voltigeurs").Pace, b.Squad("Voltigeurs").MovedTurn = PaceCharge, 1 },
			moving: TargetRunning, want: []rules.Modifier{{Value: -2, Reason: "target running"}}, override: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bridge()
			if tc.setUp != nil {
				tc.setUp(b)
			}
			src := dicetest.Script(t, 19) // Harris misses
			out, err := b.Fire(src, FireOrder{Command: Command{Actor: umpire, Squads: []string{"Chosen Men"}}, Figures: []string{"Harris"},
				Target: FireTarget{Name: "Leclerc"}, Range: 15, Speed: tc.speed, TargetMoving: tc.moving}, House{SpottingOff: true})
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			// Harris: veteran +1; the rest is movement.
			var moves []rules.Modifier
			for _, m := range out.Ruling.Steps[0].Modifiers {
				if m.Reason != "firer veteran" {
					moves = append(moves, m)
				}
			}
			if diff := cmp.Diff(tc.want, moves, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("movement modifiers (-want +got):\n%s", diff)
			}
			gave := false
			for _, rd := range out.Ruling.Readings {
				gave = gave || (rd.ID == "G8a" && strings.Contains(rd.Text, "as given"))
			}
			if gave != tc.override {
				t.Errorf("an override reading: %v, want %v (%v)", gave, tc.override, out.Ruling.Readings)
			}
		})
	}
}

// G7a: a seriously wounded figure moves at most 1" a move order, and a squad
// at the pace of its slowest figure, unless the order leaves him behind; a
// light-wounded character moves at half speed; a cavalryman whose horse is
// down goes on foot.
func TestMovementOfTheWounded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setUp  func(b *Board)
		order  MoveOrder
		squad  string
		inches float64
		refuse string
	}{
		{name: "the Chosen Men jog 6\"", order: MoveOrder{Speed: Jog}, squad: "Chosen Men", inches: 6},
		{name: "with Harris seriously wounded they go at his pace, 1\"", setUp: func(b *Board) { _, f := b.Figure("Harris"); f.Serious = 1 },
			order: MoveOrder{Speed: Jog}, squad: "Chosen Men", inches: 1},
		{name: "naming Hagman and Cooper leaves Harris behind", setUp: func(b *Board) { _, f := b.Figure("Harris"); f.Serious = 1 },
			order: MoveOrder{Speed: Jog, Figures: []string{"Hagman", "Cooper"}}, squad: "Chosen Men", inches: 6},
		{name: "Harris alone crawls 1\"", setUp: func(b *Board) { _, f := b.Figure("Harris"); f.Serious = 1 },
			order: MoveOrder{Speed: Crawl, Figures: []string{"Harris"}}, squad: "Chosen Men", inches: 1},
		{name: "the Hussars trot 10\"", order: MoveOrder{Speed: Jog}, squad: "Hussars", inches: 10},
		{name: "Hussar A's horse is down: the Hussars go at his pace on foot, 6\"", setUp: func(b *Board) { _, f := b.Figure("Hussar A"); f.Horse = HorseDown },
			order: MoveOrder{Speed: Jog}, squad: "Hussars", inches: 6},
		{name: "Lt Sharpe with a light wound jogs 3\" on his own", setUp: func(b *Board) { b.Character("Lt Sharpe").Light = 1 },
			order: MoveOrder{Speed: Jog}, squad: "Lt Sharpe", inches: 3},
		{name: "Lt Sharpe seriously wounded runs 1\"", setUp: func(b *Board) { b.Character("Lt Sharpe").Serious = 1 },
			order: MoveOrder{Speed: Run}, squad: "Lt Sharpe", inches: 1},
		{name: "Lt Sharpe stunned stays put", setUp: func(b *Board) { b.Character("Lt Sharpe").StunnedUntil = 1 },
			order: MoveOrder{Speed: Jog}, squad: "Lt Sharpe", refuse: "stunned"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bridge()
			if tc.setUp != nil {
				tc.setUp(b)
			}
			if tc.squad == "Hussars" {
				b.Character("Capt Dubois").State, b.Character("Capt Dubois").AP = OnMove, 4
				b.Turn.Order = []string{"Capt Dubois"}
			}
			o := tc.order
			o.Command = Command{Actor: umpire, Squads: []string{tc.squad}}
			out, err := b.Move(o)
			if tc.refuse != "" {
				var br *rules.Breach
				if !errors.As(err, &br) || !strings.Contains(br.Reason, tc.refuse) {
					t.Fatalf("Move = %v, want a breach saying %q", err, tc.refuse)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			moved := 0.0
			if s := b.Squad(tc.squad); s != nil {
				moved = s.Moved
			} else {
				moved = b.Character(tc.squad).Moved
			}
			if moved != tc.inches {
				t.Errorf("moved %v\", want %v\" (%s)", moved, tc.inches, out.Ruling.Result)
			}
		})
	}
}

// A quick ruling's move with a distance from the officer says what each
// action costs there (G4).
func TestQuickMoveStatesTheCommandCost(t *testing.T) {
	for _, tc := range []struct {
		distance float64
		want     string
	}{
		{0, ""},
		{5, "within 6\", each action costs 1 AP (G4)"},
		{8, "each action costs 2 AP (G4)"},
		{19, "each action costs 4 AP (G4)"},
	} {
		b := QuickMoveBoard("", Infantry, 0, 0, true)
		out, err := b.Move(MoveOrder{Command: Command{Actor: umpire, Squads: []string{QuickUnit}, Distance: tc.distance}, Speed: Jog})
		if err != nil {
			t.Fatal(err)
		}
		got := out.Allowances[0].Result
		if tc.want == "" && strings.Contains(got, "AP") || !strings.Contains(got, tc.want) {
			t.Errorf("at %v\": %q, want %q", tc.distance, got, tc.want)
		}
	}
}

// G6a: figures in contact stay in contact, and spotted, across turns until one
// side moves away: melee between them needs no new observation.
func TestContactPersistsAcrossTurns(t *testing.T) {
	b := bridge()
	melee := MeleeOrder{Actor: umpire, A: []Entry{{Name: "Harris"}}, B: []Entry{{Name: "Leclerc"}}, FirstRound: true}
	if _, err := b.Melee(dicetest.Script(t), melee, House{}); err == nil {
		t.Fatal("melee without spotting or contact was allowed")
	}
	in := melee
	in.Contact = true
	if _, err := b.Melee(dicetest.Script(t, 15, 5, 1), in, House{}); err != nil { // Harris wins; Leclerc stunned
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Contact{{A: "Chosen Men", B: "Voltigeurs", Since: 1}}, b.Contacts); diff != "" {
		t.Fatalf("contacts (-want +got):\n%s", diff)
	}
	// Turn 2: no sightings, still in contact.
	b.Turn = Turn{Number: 2, Suits: 1, Pos: 0, Order: []string{"Lt Sharpe"}}
	for _, c := range b.Characters {
		c.Spotted = nil
	}
	b.Character("Lt Sharpe").State, b.Character("Lt Sharpe").AP = OnMove, 6
	out, err := b.Melee(dicetest.Script(t, 15, 5, 1), melee, House{})
	if err != nil || !hasReading(out.Ruling, "G6a") {
		t.Fatalf("melee in contact in turn 2 = %v, %v", out.Ruling.Readings, err)
	}
	if _, err := b.Move(MoveOrder{Command: Command{Actor: umpire, Squads: []string{"Chosen Men"}}, Speed: Crawl}); err != nil {
		t.Fatal(err)
	}
	if len(b.Contacts) != 0 {
		t.Errorf("after moving away: contacts %v", b.Contacts)
	}
	if _, err := b.Melee(dicetest.Script(t), melee, House{}); err == nil {
		t.Error("melee after moving away needs no observation")
	}
}

// G19a: naming no one, the outnumbered figure wounds an opponent he beat, the
// one he beat by most, a horse only if he beat nobody else; a figure already
// dead takes no further result.
func TestOneAgainstSeveralWoundsOneHeBeat(t *testing.T) {
	harper := []Fighter{{Name: "Harper"}}
	for _, tc := range []struct {
		name     string
		many     []Fighter
		first    bool
		faces    []int
		wounded  string
		noResult bool
	}{
		{name: "beats both: wounds Leclerc, beaten by most", many: []Fighter{{Name: "Dubois"}, {Name: "Leclerc"}},
			faces: []int{12, 10, 18, 2, 14}, wounded: "Leclerc"},
		{name: "beats only Dubois: wounds him", many: []Fighter{{Name: "Dubois"}, {Name: "Leclerc"}},
			faces: []int{12, 10, 3, 18, 1, 14}, wounded: "Dubois"},
		{name: "beats rider and horse: the rider", many: []Fighter{{Name: "Dragoon", Mounted: true, Charging: true}}, first: true,
			faces: []int{20, 2, 20, 1, 14}, wounded: "Dragoon"},
		{name: "killed by Dubois: Leclerc's win has no result", many: []Fighter{{Name: "Dubois"}, {Name: "Leclerc"}},
			faces: []int{1, 20, 20, 1, 20}, noResult: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := dicetest.Script(t, tc.faces...)
			r, out, err := Fight(src, Melee{A: harper, B: tc.many, FirstRound: tc.first})
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			wounded := ""
			for _, c := range out.Contests {
				if c.Winner == "Harper" && !c.Parry {
					wounded = c.Loser
				}
				if tc.noResult && c.Loser == "Harper" && c.Hit.Effect == "" && !strings.Contains(r.Result, "already dead") {
					t.Errorf("result %q does not say he is already dead", r.Result)
				}
			}
			if wounded != tc.wounded {
				t.Errorf("Harper wounds %q, want %q (%s)", wounded, tc.wounded, r.Result)
			}
		})
	}
}

// A breach leaves the board as it was: a move works on a copy.
func TestABreachChangesNothing(t *testing.T) {
	b := bridge()
	b.Squad("Voltigeurs").Morale = Pinned
	before := b.Clone()
	if _, err := b.Move(MoveOrder{Command: Command{Actor: umpire, Squads: []string{"Chosen Men", "Voltigeurs"}}, Speed: Jog}); err == nil {
		t.Fatal("a pinned squad moved")
	}
	if diff := cmp.Diff(before, b); diff != "" {
		t.Errorf("the refused move changed the board (-before +after):\n%s", diff)
	}
}

// Only the umpire and a character's player order his squads.
func TestNotYoursToCommand(t *testing.T) {
	b := bridge()
	b.Character("Lt Sharpe").Player, b.Character("Lt Sharpe").PlayerName = "u1", "sharpe_player"
	_, err := b.Aim(Command{Actor: rules.Actor{User: "u2"}, Squads: []string{"Chosen Men"}}, nil)
	var br *rules.Breach
	if !errors.As(err, &br) || !strings.Contains(br.Reason, "not yours to command: only sharpe_player or the umpire") {
		t.Errorf("Aim by another player = %v", err)
	}
	if _, err := b.Aim(Command{Actor: rules.Actor{User: "u1"}, Squads: []string{"Chosen Men"}}, nil); err != nil {
		t.Errorf("Aim by Sharpe's player = %v", err)
	}
}

func TestMomentMovesOnWithTheCount(t *testing.T) {
	b := NewBoard()
	var keys []string
	for _, tb := range []Turn{{Pos: -1}, {Number: 3, Suits: 1, Pos: -1}, {Number: 3, Suits: 1, Pos: 1}, {Number: 3, Suits: 2, Pos: 1},
		{Number: 3, Suits: 1, Pos: 6}, {Number: 3, Suits: 1, Pos: 7, Ended: true}} {
		b.Turn = tb
		m := b.Moment()
		if strings.Trim(m.Key, "abcdefghijklmnopqrstuvwxyz0123456789.") != "" || m.Text == "" {
			t.Errorf("Moment(%+v) = %+v", tb, m)
		}
		keys = append(keys, m.Key+" "+m.Text)
	}
	want := []string{"0.0 before the first turn", "3.0 turn 3, before the first count", "3.2 turn 3, count 5", "3.2 turn 3, count 6 of hearts",
		"3.ace turn 3, past Ace", "3.end the end of turn 3"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("moments (-want +got):\n%s", diff)
	}
}

// A squad that runs or routs from a morale test runs out of contact (G6a).
func TestRoutingRunsOutOfContact(t *testing.T) {
	b := bridge()
	b.Contacts = []Contact{{A: "Chosen Men", B: "Voltigeurs", Since: 1}}
	b.Squad("Voltigeurs").Owed = 1
	out, err := b.Morale(dicetest.Script(t, 20), Command{Actor: umpire, Squads: []string{"Voltigeurs"}}, House{})
	if err != nil || b.Squad("Voltigeurs").Morale != Routing || len(b.Contacts) != 0 {
		t.Errorf("Morale = %v, %v; contacts %v", out.Notes, err, b.Contacts)
	}
}
