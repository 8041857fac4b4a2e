package crimea

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// d returns the red and white faces that read as the d100 roll n (a 0 is face 10).
func d(n int) []int {
	if n == 100 {
		return []int{10, 10}
	}
	face := func(digit int) int {
		if digit == 0 {
			return 10
		}
		return digit
	}
	return []int{face(n / 10), face(n % 10)}
}

// rolls returns the faces of several d100 rolls in order.
func rolls(ns ...int) []int {
	var f []int
	for _, n := range ns {
		f = append(f, d(n)...)
	}
	return f
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func odds(r rules.Ruling, outcome string) float64 {
	for _, c := range r.Odds {
		if c.Outcome == outcome {
			return c.P
		}
	}
	return -1
}

func sumOdds(t *testing.T, cs []rules.Chance, n int) {
	t.Helper()
	s := 0.0
	for _, c := range cs[:n] {
		s += c.P
	}
	if !near(s, 1) {
		t.Errorf("odds %v add up to %v, want 1", cs[:n], s)
	}
}

func TestD100(t *testing.T) {
	tests := []struct {
		faces []int
		total int
		shown string
	}{
		{[]int{7, 3}, 73, "red 7, white 3 → 73"},
		{[]int{10, 10}, 100, "red 0, white 0 → 100"},
		{[]int{10, 1}, 1, "red 0, white 1 → 1"},
		{[]int{10, 5}, 5, "red 0, white 5 → 5"},
		{[]int{1, 10}, 10, "red 1, white 0 → 10"},
		{[]int{9, 9}, 99, "red 9, white 9 → 99"},
		{[]int{4, 5}, 45, "red 4, white 5 → 45"},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.faces...)
		got := D100(src)
		src.Done()
		if got.Total != tt.total || got.Shown != tt.shown || got.Notation != "d100" {
			t.Errorf("D100(%v) = %d %q, want %d %q", tt.faces, got.Total, got.Shown, tt.total, tt.shown)
		}
	}
}

func TestD100CoversOneToHundredOnce(t *testing.T) {
	seen := map[int]int{}
	for red := 1; red <= 10; red++ {
		for white := 1; white <= 10; white++ {
			src := dicetest.Script(t, red, white)
			seen[D100(src).Total]++
		}
	}
	for n := 1; n <= 100; n++ {
		if seen[n] != 1 {
			t.Errorf("d100 reads %d in %d ways, want 1", n, seen[n])
		}
	}
}

func TestCalibreTable(t *testing.T) {
	tests := []struct {
		roll int
		want Calibre
	}{
		{1, Indolent}, {25, Indolent},
		{26, Cautious}, {50, Cautious},
		{51, Normal}, {75, Normal},
		{76, Rash}, {100, Rash},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, d(tt.roll)...)
		r, got := RollCalibre(src, "Lord Raglan")
		src.Done()
		if got != tt.want {
			t.Errorf("RollCalibre(%d) = %s, want %s", tt.roll, got, tt.want)
		}
		if r.Readings[0].ID != "C3" {
			t.Errorf("RollCalibre(%d) readings %v, want C3 first", tt.roll, r.Readings)
		}
		for _, c := range r.Odds {
			if !near(c.P, 0.25) {
				t.Errorf("calibre odds %v, want 25%% each", c)
			}
		}
	}
}

func TestMorale(t *testing.T) {
	tests := []struct {
		name   string
		rating int
		rule   MoraleRule
		roll   int
		pass   bool
	}{
		{"50%: 51 passes", 50, MoraleHigh, 51, true},
		{"50%: 50 fails", 50, MoraleHigh, 50, false},
		{"70%: 31 passes", 70, MoraleHigh, 31, true},
		{"70%: 30 fails", 70, MoraleHigh, 30, false},
		{"100%: 1 passes", 100, MoraleHigh, 1, true},
		{"0%: 100 fails", 0, MoraleHigh, 100, false},
		{"house rule low, 50%: 50 passes", 50, MoraleLow, 50, true},
		{"house rule low, 50%: 51 fails", 50, MoraleLow, 51, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, d(tt.roll)...)
			r, out, err := MoraleTest(src, "93rd Highlanders", tt.rating, false, tt.rule)
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			if out.Passed != tt.pass || out.Roll != tt.roll {
				t.Errorf("MoraleTest = %+v, want pass %v on %d", out, tt.pass, tt.roll)
			}
			if !near(odds(r, "pass"), float64(tt.rating)/100) || !near(odds(r, "fail"), float64(100-tt.rating)/100) {
				t.Errorf("odds %v, want pass %d%%", r.Odds, tt.rating)
			}
		})
	}
	if _, _, err := MoraleTest(dicetest.Script(t), "x", 101, false, MoraleHigh); err == nil {
		t.Error("MoraleTest(rating 101) = nil error, want a breach")
	}
}

func TestOfficerMoraleWording(t *testing.T) {
	src := dicetest.Script(t, d(80)...)
	r, _, _ := MoraleTest(src, "Lord Cardigan", 50, true, MoraleHigh)
	if !strings.Contains(r.Result, "passes officer morale (80)") {
		t.Errorf("Result = %q", r.Result)
	}
}

func TestTurnOrders(t *testing.T) {
	tests := []struct {
		name  string
		o     OfficerState
		faces []int
		want  int
	}{
		{"indolent", OfficerState{Name: "a", Calibre: Indolent, Morale: 50}, nil, 2},
		{"cautious", OfficerState{Name: "a", Calibre: Cautious, Morale: 50}, nil, 3},
		{"normal", OfficerState{Name: "a", Calibre: Normal, Morale: 50}, nil, 5},
		{"rash passes", OfficerState{Name: "a", Calibre: Rash, Morale: 50}, d(51), 5},
		{"rash fails", OfficerState{Name: "a", Calibre: Rash, Morale: 50}, d(50), 3},
		{"wounded", OfficerState{Name: "a", Calibre: Normal, Morale: 50, Wounded: true}, nil, 0},
		{"dead", OfficerState{Name: "a", Calibre: Rash, Morale: 50, Dead: true}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, tt.faces...)
			steps, got, err := TurnOrders(src, tt.o, MoraleHigh)
			src.Done()
			if err != nil || got != tt.want {
				t.Errorf("TurnOrders = %d, %v, want %d", got, err, tt.want)
			}
			if (len(tt.faces) > 0) != (len(steps) > 0) {
				t.Errorf("steps %v for faces %v", steps, tt.faces)
			}
		})
	}
	if _, _, err := TurnOrders(dicetest.Script(t), OfficerState{Name: "x"}, MoraleHigh); err == nil {
		t.Error("TurnOrders without calibre: want a breach")
	}
}

func TestIndolentMove(t *testing.T) {
	o := OfficerState{Name: "Prince Menshikov", Calibre: Indolent, Morale: 40}
	for _, tt := range []struct {
		roll int
		want bool
	}{{61, true}, {60, false}} {
		src := dicetest.Script(t, d(tt.roll)...)
		_, got, err := IndolentMove(src, o, MoraleHigh)
		src.Done()
		if err != nil || got != tt.want {
			t.Errorf("IndolentMove(%d) = %v, %v, want %v", tt.roll, got, err, tt.want)
		}
	}
}

func TestOrdersNeeded(t *testing.T) {
	if OrdersNeeded(false) != 1 || OrdersNeeded(true) != 2 {
		t.Error("a unit needs 1 order, 2 when more than 18\" from its officer")
	}
}

func TestRideWithCharge(t *testing.T) {
	tests := []struct {
		name    string
		calibre Calibre
		units   []string
		faces   []int
		rides   bool
		unit    string
	}{
		{"indolent never", Indolent, []string{"17th Lancers"}, nil, false, ""},
		{"cautious passes", Cautious, []string{"17th Lancers"}, d(60), true, "17th Lancers"},
		{"cautious fails", Cautious, []string{"17th Lancers"}, d(40), false, ""},
		{"normal passes", Normal, []string{"17th Lancers"}, d(51), true, "17th Lancers"},
		{"normal fails", Normal, []string{"17th Lancers"}, d(50), false, ""},
		{"rash, one unit", Rash, []string{"17th Lancers"}, nil, true, "17th Lancers"},
		{"rash, two units, 50 is the first", Rash, []string{"17th Lancers", "13th Light Dragoons"}, d(50), true, "17th Lancers"},
		{"rash, two units, 51 is the second", Rash, []string{"17th Lancers", "13th Light Dragoons"}, d(51), true, "13th Light Dragoons"},
		{"rash, three units, 100 rolls again", Rash, []string{"a", "b", "c"}, rolls(100, 66), true, "b"},
		{"rash, three units, 99 is the third", Rash, []string{"a", "b", "c"}, d(99), true, "c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, tt.faces...)
			r, out, err := RideWithCharge(src, OfficerState{Name: "Lord Cardigan", Calibre: tt.calibre, Morale: 50}, tt.units, MoraleHigh)
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			if out.Rides != tt.rides || out.Unit != tt.unit {
				t.Errorf("RideWithCharge = %+v, want rides %v with %q (%s)", out, tt.rides, tt.unit, r.Result)
			}
			sumOdds(t, r.Odds, len(r.Odds))
		})
	}
	if _, _, err := RideWithCharge(dicetest.Script(t), OfficerState{Name: "x", Calibre: Rash, Wounded: true}, []string{"a"}, MoraleHigh); err == nil {
		t.Error("a wounded officer rode with a charge")
	}
}

func TestMovementModifierTable(t *testing.T) {
	tests := []struct {
		roll          int
		inf, cav      int
		gap           bool
		infGap, cavAs int
	}{
		{1, -4, -6, false, 0, 0}, {10, -4, -6, false, 0, 0},
		{11, -3, -5, false, 0, 0}, {20, -3, -5, false, 0, 0},
		{21, -2, -3, false, 0, 0}, {30, -2, -3, false, 0, 0},
		{31, 0, 0, true, -2, -3}, {40, 0, 0, true, -2, -3},
		{41, 0, 0, false, 0, 0}, {70, 0, 0, false, 0, 0},
		{71, 2, 3, false, 0, 0}, {80, 2, 3, false, 0, 0},
		{81, 3, 5, false, 0, 0}, {90, 3, 5, false, 0, 0},
		{91, 4, 6, false, 0, 0}, {100, 4, 6, false, 0, 0},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, d(tt.roll)...)
		r, out := MovementModifier(src, "Light Brigade", nil, GapNone)
		src.Done()
		if out.Infantry != tt.inf || out.Cavalry != tt.cav {
			t.Errorf("MovementModifier(%d) = %d/%d, want %d/%d", tt.roll, out.Infantry, out.Cavalry, tt.inf, tt.cav)
		}
		hasGap := false
		for _, rd := range r.Readings {
			if strings.Contains(rd.Text, "31–40 is a gap") {
				hasGap = true
			}
		}
		if hasGap != tt.gap {
			t.Errorf("MovementModifier(%d) readings %v, want gap reading %v", tt.roll, r.Readings, tt.gap)
		}
		if tt.gap {
			row := ModifierRow(tt.roll, GapAs2130)
			if row.Infantry != tt.infGap || row.Cavalry != tt.cavAs {
				t.Errorf("house rule as-21-30 at %d = %d/%d", tt.roll, row.Infantry, row.Cavalry)
			}
		}
	}
}

func TestMovementOdds(t *testing.T) {
	src := dicetest.Script(t, d(55)...)
	r, _ := MovementModifier(src, "3rd Division", []Mover{{Name: "Coldstream Guards", Type: HeavyInfantry, Row: RowHeavyInfantryLine, Allowance: 6, Set: true}}, GapNone)
	want := []rules.Chance{
		{Outcome: "infantry lose 4\"", P: 0.1}, {Outcome: "infantry lose 3\"", P: 0.1}, {Outcome: "infantry lose 2\"", P: 0.1},
		{Outcome: "infantry no modifier", P: 0.4}, {Outcome: "infantry add 2\"", P: 0.1}, {Outcome: "infantry add 3\"", P: 0.1},
		{Outcome: "infantry add 4\"", P: 0.1},
	}
	if diff := cmp.Diff(want, r.Odds, cmp.Comparer(near)); diff != "" {
		t.Errorf("movement odds (-want +got):\n%s", diff)
	}
	if !strings.Contains(r.Result, "Coldstream Guards moves up to 6\"") {
		t.Errorf("Result = %q", r.Result)
	}
}

func TestMovementAllowanceApplied(t *testing.T) {
	movers := []Mover{
		{Name: "17th Lancers", Type: LightCavalry, Row: RowLightCavalry, Allowance: 12, Set: true},
		{Name: "I Troop RHA", Type: HorseArtillery, Row: RowAlliedHorseGuns},
		{Name: "Rifles", Type: LightInfantry, Row: RowLightInfantry, Allowance: 3, Set: true},
	}
	src := dicetest.Script(t, d(5)...)
	r, out := MovementModifier(src, "Light Brigade", movers, GapNone)
	src.Done()
	if diff := cmp.Diff([]int{6, -1, 0}, out.Moves); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	if len(r.Readings) != 3 || r.Readings[0] != ReadingArtilleryColumn || r.Readings[1] != ReadingC6Allowance {
		t.Errorf("readings %v, want artillery column, allowance not set, C1", r.Readings)
	}
}

func TestRowFor(t *testing.T) {
	tests := []struct {
		t    UnitType
		n    Nationality
		f    Formation
		want MoveRow
	}{
		{LightInfantry, British, Column, RowLightInfantry},
		{HeavyInfantry, British, Line, RowHeavyInfantryLine},
		{HeavyInfantry, RussianTroop, Column, RowHeavyInfantryCol},
		{HeavyInfantry, French, Square, RowHeavyInfantryLine},
		{LightCavalry, British, Line, RowLightCavalry},
		{HeavyCavalry, RussianTroop, Column, RowHeavyCavalry},
		{HorseArtillery, French, Line, RowAlliedHorseGuns},
		{FootArtillery, British, Line, RowAlliedFootArtillery},
		{FootArtillery, RussianTroop, Line, RowRussianArtillery},
		{HorseArtillery, RussianTroop, Line, RowRussianArtillery},
	}
	for _, tt := range tests {
		if got, _ := RowFor(tt.t, tt.n, tt.f); got != tt.want {
			t.Errorf("RowFor(%s, %s, %s) = %s, want %s", tt.t, tt.n, tt.f, got, tt.want)
		}
	}
}

func TestFireChances(t *testing.T) {
	tests := []struct {
		n    Nationality
		t    UnitType
		ammo Ammo
		want int
	}{
		{British, HeavyInfantry, "", 25},
		{British, LightInfantry, Canister, 25},
		{French, LightInfantry, "", 20},
		{RussianTroop, HeavyInfantry, "", 10},
		{British, FootArtillery, Ball, 20},
		{French, HorseArtillery, Ball, 20},
		{British, HorseArtillery, Canister, 30},
		{French, FootArtillery, Canister, 30},
		{RussianTroop, FootArtillery, Ball, 10},
		{RussianTroop, HorseArtillery, Canister, 20},
	}
	for _, tt := range tests {
		row, err := FireChance(tt.n, tt.t, tt.ammo)
		if err != nil || row.Percent != tt.want {
			t.Errorf("FireChance(%s %s %s) = %d, %v, want %d", tt.n, tt.t, tt.ammo, row.Percent, err, tt.want)
		}
	}
	if _, err := FireChance(British, LightCavalry, ""); err == nil {
		t.Error("cavalry fired")
	}
	if _, err := FireChance(British, FootArtillery, ""); err == nil {
		t.Error("guns fired without ammunition named")
	}
}

// The text's example: four British stands (25% each) fire on a Russian column
// (×1.5): 150%, one stand removed and 50% for a second; the dice read 45, under
// 50, so a second stand is removed.
func TestFireSourceExample(t *testing.T) {
	in := FireInput{
		Firers:       []FireGroup{{Name: "Coldstream Guards", Nationality: British, Type: HeavyInfantry, Stands: 4}},
		Target:       "Vladimir Regiment",
		TargetColumn: true,
	}
	src := dicetest.Script(t, 4, 5)
	r, out, err := Fire(src, in)
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	want := FireOutcome{Chance: 150, Automatic: 1, Remainder: 50, Roll: 45, Hits: 2}
	if diff := cmp.Diff(want, out, cmp.Comparer(near)); diff != "" {
		t.Errorf("Fire (-want +got):\n%s", diff)
	}
	if !near(odds(r, "1 stand"), 0.5) || !near(odds(r, "2 stands"), 0.5) {
		t.Errorf("odds %v, want 1 stand 50%%, 2 stands 50%%", r.Odds)
	}
	if !strings.Contains(r.Steps[0].Worked, "4 stands × 25% British infantry = 100% × 1.5 column target = 150%") {
		t.Errorf("working %q", r.Steps[0].Worked)
	}
	if r.Steps[1].Roll.Shown != "red 4, white 5 → 45" || r.Steps[1].Need != "≤ 50%" {
		t.Errorf("roll step %+v", r.Steps[1])
	}
	if r.Result != "Coldstream Guards removes 2 stands from Vladimir Regiment." {
		t.Errorf("Result = %q", r.Result)
	}
}

func TestFireBands(t *testing.T) {
	tests := []struct {
		name      string
		in        FireInput
		faces     []int
		auto      int
		hits      int
		pExtra    float64
		remainder float64
	}{
		{"remainder roll equal to chance hits", FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: LightInfantry, Stands: 2}}}, d(50), 0, 1, 0.5, 50},
		{"remainder roll over chance misses", FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: LightInfantry, Stands: 2}}}, d(51), 0, 0, 0.5, 50},
		{"exactly 100% is one automatic, nothing rolled", FireInput{Firers: []FireGroup{{Name: "a", Nationality: French, Type: HeavyInfantry, Stands: 5}}}, nil, 1, 1, 0, 0},
		{"over 200% is two automatic", FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: FootArtillery, Ammo: Canister, Stands: 5}}, TargetColumn: true}, d(25), 2, 3, 0.25, 25},
		{"half percent: 37.5% hits on 37", FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 1}}, TargetColumn: true}, d(37), 0, 1, 0.37, 37.5},
		{"half percent: 38 misses", FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 1}}, TargetColumn: true}, d(38), 0, 0, 0.37, 37.5},
		{"umpire multiplier", FireInput{Firers: []FireGroup{{Name: "a", Nationality: RussianTroop, Type: HeavyInfantry, Stands: 6}},
			Multipliers: []Multiplier{{Factor: 0.5, Reason: "in cover"}}}, d(30), 0, 1, 0.30, 30},
		{"two kinds of stands together", FireInput{Firers: []FireGroup{
			{Name: "Rifles", Nationality: British, Type: LightInfantry, Stands: 2},
			{Name: "G Battery", Nationality: British, Type: FootArtillery, Ammo: Ball, Stands: 1}}}, d(71), 0, 0, 0.70, 70},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, tt.faces...)
			r, out, err := Fire(src, tt.in)
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			if out.Automatic != tt.auto || out.Hits != tt.hits || !near(out.Remainder, tt.remainder) {
				t.Errorf("Fire = %+v, want %d automatic, %d hits, remainder %v", out, tt.auto, tt.hits, tt.remainder)
			}
			extra := odds(r, standsText(tt.auto+1))
			if tt.pExtra == 0 {
				extra = 0
			}
			if !near(extra, tt.pExtra) {
				t.Errorf("odds %v, want %v for one more stand", r.Odds, tt.pExtra)
			}
			sumOdds(t, r.Odds, len(r.Odds))
		})
	}
}

// fireOddsByEnumeration counts the d100 faces that remove a second stand.
func TestFireOddsAgreeWithEnumeration(t *testing.T) {
	for stands := 1; stands <= 12; stands++ {
		in := FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: stands}}, TargetColumn: true}
		counts := map[int]int{}
		var r rules.Ruling
		for red := 1; red <= 10; red++ {
			for white := 1; white <= 10; white++ {
				var out FireOutcome
				var err error
				r, out, err = Fire(&fixed{faces: []int{red, white}}, in)
				if err != nil {
					t.Fatal(err)
				}
				counts[out.Hits]++
			}
		}
		for _, c := range r.Odds {
			var n int
			for h, k := range counts {
				if standsText(h) == c.Outcome {
					n = k
				}
			}
			if !near(c.P, float64(n)/100) {
				t.Errorf("%d stands: odds %s = %v, enumeration %d/100", stands, c.Outcome, c.P, n)
			}
		}
	}
}

// fixed is a source that cycles through faces (for enumeration).
type fixed struct {
	faces []int
	i     int
}

func (f *fixed) Roll(int) int { v := f.faces[f.i%len(f.faces)]; f.i++; return v }

func TestFireRefusals(t *testing.T) {
	for _, in := range []FireInput{
		{},
		{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 0}}},
		{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 1}}, Multipliers: []Multiplier{{Factor: 0}}},
		{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyCavalry, Stands: 3}}},
	} {
		if _, _, err := Fire(dicetest.Script(t), in); err == nil {
			t.Errorf("Fire(%+v) = nil error, want a breach", in)
		}
	}
}
