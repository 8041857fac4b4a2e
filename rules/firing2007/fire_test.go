package firing2007

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// line is a full-strength line battalion in line, the unit no factor touches.
var line = Firer{Type: LineInfantry, Strength: 6}

// Every line of the firing factors chart (F3), each alone, rolled with scripted
// dice [3, 3]: the score is 6 plus the factor.
func TestFireFactors(t *testing.T) {
	tests := []struct {
		name string
		shot Shot
		want []rules.Modifier
	}{
		{"no factor", Shot{Firer: line, Distance: 4}, nil},
		{"British close order infantry +1", Shot{Firer: Firer{Type: BritishCloseOrder, Strength: 6}, Distance: 4},
			[]rules.Modifier{{Value: 1, Reason: "British close order infantry"}}},
		{"militia -1", Shot{Firer: Firer{Type: Militia, Strength: 6}, Distance: 4},
			[]rules.Modifier{{Value: -1, Reason: "militia and Indians"}}},
		{"Indians -1", Shot{Firer: Firer{Type: Indians, Strength: 6}, Distance: 4},
			[]rules.Modifier{{Value: -1, Reason: "militia and Indians"}}},
		{"4 strength points -1", Shot{Firer: Firer{Type: LineInfantry, Strength: 4}, Distance: 4},
			[]rules.Modifier{{Value: -1, Reason: "firing unit has 3 or 4 strength points"}}},
		{"3 strength points -1", Shot{Firer: Firer{Type: LineInfantry, Strength: 3}, Distance: 4},
			[]rules.Modifier{{Value: -1, Reason: "firing unit has 3 or 4 strength points"}}},
		{"2 strength points -2", Shot{Firer: Firer{Type: LineInfantry, Strength: 2}, Distance: 4},
			[]rules.Modifier{{Value: -2, Reason: "firing unit has 1 or 2 strength points"}}},
		{"1 strength point -2", Shot{Firer: Firer{Type: LineInfantry, Strength: 1}, Distance: 4},
			[]rules.Modifier{{Value: -2, Reason: "firing unit has 1 or 2 strength points"}}},
		{"5 strength points none", Shot{Firer: Firer{Type: LineInfantry, Strength: 5}, Distance: 4}, nil},
		{"column -2", Shot{Firer: Firer{Type: LineInfantry, Strength: 6, Column: true}, Distance: 4},
			[]rules.Modifier{{Value: -2, Reason: "firing unit is in column"}}},
		{"rifles at short -1", Shot{Firer: Firer{Type: RifleUnit, Strength: 6}, Distance: 6},
			[]rules.Modifier{{Value: -1, Reason: "rifles at short range"}}},
		{"rifles at medium -2", Shot{Firer: Firer{Type: RifleUnit, Strength: 6}, Distance: 12},
			[]rules.Modifier{{Value: -2, Reason: "rifles at medium range"}}},
		{"shaken -1", Shot{Firer: Firer{Type: LineInfantry, Strength: 6, Shaken: true}, Distance: 4},
			[]rules.Modifier{{Value: -1, Reason: "firing unit is shaken"}}},
		{"guns at short (canister) +1", Shot{Firer: Firer{Type: LightGun, Strength: 6}, Distance: 12},
			[]rules.Modifier{{Value: 1, Reason: "guns at short range (canister)"}}},
		{"guns at medium -1", Shot{Firer: Firer{Type: HeavyGun, Strength: 6}, Distance: 20},
			[]rules.Modifier{{Value: -1, Reason: "guns at medium range"}}},
		{"guns at long -2", Shot{Firer: Firer{Type: MediumGun, Strength: 6}, Distance: 40},
			[]rules.Modifier{{Value: -2, Reason: "guns at long range"}}},
		{"galloper at long -2", Shot{Firer: Firer{Type: GalloperGun, Strength: 6}, Distance: 20},
			[]rules.Modifier{{Value: -2, Reason: "guns at long range"}}},
		{"grasshopper at medium -1", Shot{Firer: Firer{Type: GrasshopperGun, Strength: 6}, Distance: 8},
			[]rules.Modifier{{Value: -1, Reason: "guns at medium range"}}},
		{"howitzer at medium -1", Shot{Firer: Firer{Type: HowitzerUnit, Strength: 6}, Distance: 12},
			[]rules.Modifier{{Value: -1, Reason: "guns at medium range"}}},
		{"target in solid cover -3", Shot{Firer: line, Distance: 4, Cover: Solid},
			[]rules.Modifier{{Value: -3, Reason: "target is in solid cover"}}},
		{"target in woods or soft cover -1", Shot{Firer: line, Distance: 4, Cover: Soft},
			[]rules.Modifier{{Value: -1, Reason: "target is in woods or soft cover"}}},
		{"target in hard cover or buildings -2", Shot{Firer: line, Distance: 4, Cover: Hard},
			[]rules.Modifier{{Value: -2, Reason: "target is in hard cover or buildings"}}},
		{"cavalry, house rule -1", Shot{Firer: Firer{Type: Cavalry, Strength: 6}, Distance: 4, House: House{Cavalry: CavalryMinus1}},
			[]rules.Modifier{{Value: -1, Reason: "cavalry firing (house rule)"}}},
		{"cavalry, no special rule", Shot{Firer: Firer{Type: Cavalry, Strength: 6}, Distance: 4}, nil},
		{"everything against: -10", Shot{Firer: Firer{Type: RifleUnit, Strength: 2, Column: true, Shaken: true}, Distance: 10, Cover: Solid},
			[]rules.Modifier{
				{Value: -2, Reason: "firing unit has 1 or 2 strength points"},
				{Value: -2, Reason: "firing unit is in column"},
				{Value: -2, Reason: "rifles at medium range"},
				{Value: -1, Reason: "firing unit is shaken"},
				{Value: -3, Reason: "target is in solid cover"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, 3, 3)
			r, out, err := Fire(src, "A", tt.shot, Target{Name: "B"})
			if err != nil {
				t.Fatalf("Fire error %v", err)
			}
			src.Done()
			if diff := cmp.Diff(tt.want, r.Steps[0].Modifiers, cmpopts.IgnoreFields(rules.Modifier{}, "Short")); diff != "" {
				t.Errorf("modifiers (-want +got):\n%s", diff)
			}
			if want := 6 + rules.Sum(tt.want); out.Score != want {
				t.Errorf("score %d, want %d", out.Score, want)
			}
			if out.Lost != (out.Score >= 7) {
				t.Errorf("lost %v with score %d", out.Lost, out.Score)
			}
			if len(r.Odds) == 0 || r.Odds[0].P != LossChance(rules.Sum(tt.want)) {
				t.Errorf("odds %v, want loss %v", r.Odds, LossChance(rules.Sum(tt.want)))
			}
		})
	}
}

// Roll 2d6 and add the factors: 7 or greater removes one strength point (F3).
func TestFireSevenOrGreater(t *testing.T) {
	for _, tt := range []struct {
		faces []int
		shot  Shot
		lost  bool
	}{
		{[]int{3, 3}, Shot{Firer: line, Distance: 3}, false},
		{[]int{4, 3}, Shot{Firer: line, Distance: 3}, true},
		{[]int{3, 3}, Shot{Firer: Firer{Type: BritishCloseOrder, Strength: 6}, Distance: 3}, true},
		{[]int{4, 3}, Shot{Firer: line, Distance: 3, Cover: Soft}, false},
		{[]int{6, 6}, Shot{Firer: line, Distance: 3, Cover: Solid}, true},
	} {
		src := dicetest.Script(t, tt.faces...)
		r, out, err := Fire(src, "A", tt.shot, Target{Name: "B", Strength: 5, HasStrength: true})
		if err != nil || out.Lost != tt.lost {
			t.Errorf("Fire(%v, %+v) lost %v (%v), want %v", tt.faces, tt.shot, out.Lost, err, tt.lost)
		}
		if tt.lost && !strings.Contains(r.Result, "B loses 1 strength point (5 → 4)") {
			t.Errorf("result %q", r.Result)
		}
	}
}

// The same score tests the target's morale: shaken when it exceeds the basic
// morale, even with no strength point lost (F4).
func TestFireMorale(t *testing.T) {
	tests := []struct {
		faces  []int
		morale int
		lost   bool
		shaken bool
		result string
	}{
		{[]int{3, 2}, 4, false, true, "B loses no strength and is shaken (score 5 beats basic morale 4)."},
		{[]int{3, 2}, 5, false, false, "B loses no strength and its morale holds (score 5, basic morale 5)."},
		{[]int{5, 4}, 8, true, true, "B loses 1 strength point (4 → 3) and is shaken (score 9 beats basic morale 8)."},
		{[]int{5, 4}, 9, true, false, "B loses 1 strength point (4 → 3) and its morale holds (score 9, basic morale 9)."},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.faces...)
		r, out, err := Fire(src, "A", Shot{Firer: line, Distance: 5},
			Target{Name: "B", Strength: 4, HasStrength: true, Morale: tt.morale, HasMorale: true})
		if err != nil {
			t.Fatal(err)
		}
		if out.Lost != tt.lost || out.Shaken != tt.shaken || r.Result != tt.result {
			t.Errorf("Fire(%v vs morale %d) = lost %v shaken %v %q, want %v %v %q",
				tt.faces, tt.morale, out.Lost, out.Shaken, r.Result, tt.lost, tt.shaken, tt.result)
		}
		if want := ShakeChance(0, tt.morale); r.Odds[2].Outcome != "shaken" || r.Odds[2].P != want {
			t.Errorf("odds %v, want shaken %v", r.Odds, want)
		}
	}
	// A quick ruling without the target's morale says what would shake it.
	src := dicetest.Script(t, 4, 4)
	r, _, _ := Fire(src, "line infantry", Shot{Firer: line, Distance: 5}, Target{})
	if want := "The target loses 1 strength point and it is shaken if its basic morale is less than 8."; r.Result != want {
		t.Errorf("result %q, want %q", r.Result, want)
	}
}

// The odds of losing a strength point for every factor total agree with the 2d6
// arithmetic: P(2d6 ≥ 7 − f), counted over the 36 throws.
func TestLossChanceArithmetic(t *testing.T) {
	for f := -10; f <= 2; f++ {
		n := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if a+b+f >= 7 {
					n++
				}
			}
		}
		if got, want := LossChance(f), float64(n)/36; math.Abs(got-want) > 1e-12 {
			t.Errorf("LossChance(%+d) = %v, want %d/36 = %v", f, got, n, want)
		}
	}
	// The printed benchmarks: no factors 21/36, −5 only a double six, −6 never.
	for _, tt := range []struct {
		f    int
		want float64
	}{{0, 21.0 / 36}, {-5, 1.0 / 36}, {-6, 0}, {+1, 26.0 / 36}, {+2, 30.0 / 36}} {
		if got := LossChance(tt.f); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("LossChance(%+d) = %v, want %v", tt.f, got, tt.want)
		}
	}
	for m := 2; m <= 12; m++ {
		for f := -3; f <= 1; f++ {
			n := 0
			for a := 1; a <= 6; a++ {
				for b := 1; b <= 6; b++ {
					if a+b+f > m {
						n++
					}
				}
			}
			if got, want := ShakeChance(f, m), float64(n)/36; math.Abs(got-want) > 1e-12 {
				t.Errorf("ShakeChance(%+d, %d) = %v, want %v", f, m, got, want)
			}
		}
	}
}

// Note (a): canister only with no friendly unit in the arc of fire. A friend in
// the arc forbids canister, not fire: a gun at short range fires ball, without
// the canister +1 and with no other short-range factor (F3a). Scripted dice
// [3, 3]: the score is 6 plus the factors.
func TestFireFriendInArc(t *testing.T) {
	gun := Firer{Type: LightGun, Strength: 6}
	how := Firer{Type: HowitzerUnit, Strength: 6}
	tests := []struct {
		name     string
		shot     Shot
		want     []rules.Modifier
		readsF3a bool
	}{
		{"light gun at short, no friend: canister +1", Shot{Firer: gun, Distance: 10},
			[]rules.Modifier{factor(FGunsShort)}, false},
		{"light gun at short, friend in arc: ball, no +1", Shot{Firer: gun, Distance: 10, FriendlyInArc: true}, nil, true},
		{"howitzer at short, friend in arc: ball, no +1", Shot{Firer: how, Distance: 9, FriendlyInArc: true}, nil, true},
		{"light gun at medium, friend in arc: −1 as ever", Shot{Firer: gun, Distance: 20, FriendlyInArc: true},
			[]rules.Modifier{factor(FGunsMedium)}, false},
		{"muskets, friend in arc: no factor", Shot{Firer: line, Distance: 5, FriendlyInArc: true}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, 3, 3)
			r, out, err := Fire(src, "A", tt.shot, Target{Name: "B"})
			if err != nil {
				t.Fatalf("Fire error %v", err)
			}
			src.Done()
			if diff := cmp.Diff(tt.want, r.Steps[0].Modifiers, cmpopts.IgnoreFields(rules.Modifier{}, "Short")); diff != "" {
				t.Errorf("modifiers (-want +got):\n%s", diff)
			}
			if want := 6 + rules.Sum(tt.want); out.Score != want {
				t.Errorf("score %d, want %d", out.Score, want)
			}
			if got := hasReading(r.Readings, ReadingNoCanister); got != tt.readsF3a {
				t.Errorf("F3a reading shown %v, want %v: %v", got, tt.readsF3a, r.Readings)
			}
		})
	}
}

// Note (b): overhead fire only for guns firing to or from higher ground and
// howitzers, with any friendly unit in between at least 12" from the firer and
// at least 12" from the target, checked from the distances given (F3b).
func TestFireOverhead(t *testing.T) {
	gun := Firer{Type: LightGun, Strength: 6}
	how := Firer{Type: HowitzerUnit, Strength: 6}
	tests := []struct {
		name   string
		shot   Shot
		refuse string // "" when allowed
	}{
		{"howitzer on the flat, friend 12\" from both", Shot{Firer: how, Distance: 24, Overhead: true, Clearance: 12}, ""},
		{"howitzer on the flat, friend 12\" and 18\"", Shot{Firer: how, Distance: 30, Overhead: true, Clearance: 12}, ""},
		{"gun from higher ground", Shot{Firer: gun, Distance: 30, Overhead: true, Clearance: 14, HigherGround: true}, ""},
		{"gun on the flat", Shot{Firer: gun, Distance: 30, Overhead: true, Clearance: 14}, "not firing to or from higher ground"},
		{"muskets", Shot{Firer: line, Distance: 5, Overhead: true, Clearance: 12}, "line infantry cannot fire over"},
		{"rifles", Shot{Firer: Firer{Type: RifleUnit, Strength: 6}, Distance: 10, Overhead: true, Clearance: 12}, "rifles cannot fire over"},
		{"friend 6\" from the nearer", Shot{Firer: how, Distance: 30, Overhead: true, Clearance: 6}, "it is 6\" from one and 24\" from the other"},
		{"friend 11.5\" from the nearer", Shot{Firer: gun, Distance: 30, Overhead: true, Clearance: 11.5, HigherGround: true}, "it is 11.5\" from one and 18.5\" from the other"},
		{"friend 13\" from one end of 20\": 7\" from the other", Shot{Firer: how, Distance: 20, Overhead: true, Clearance: 13}, "it is 7\" from one and 13\" from the other"},
		{"friend 12\" from one end of 8\": not in between", Shot{Firer: how, Distance: 8, Overhead: true, Clearance: 12}, "stands between the firer and the target"},
		{"firer with no strength", Shot{Firer: Firer{Type: LineInfantry}, Distance: 3}, "no strength points left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faces := []int{}
			if tt.refuse == "" {
				faces = []int{2, 2}
			}
			src := dicetest.Script(t, faces...)
			r, _, err := Fire(src, "A", tt.shot, Target{Name: "B"})
			switch {
			case tt.refuse == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.refuse == "" && !hasReading(r.Readings, ReadingOverhead):
				t.Errorf("readings %v lack F3b", r.Readings)
			case tt.refuse != "" && !isBreach(err, tt.refuse):
				t.Errorf("error %v, want a breach saying %q", err, tt.refuse)
			}
			src.Done()
		})
	}
}

// F6: cavalry fire as muskets by default (reading shown), at −1 or not at all by
// house rule.
func TestFireCavalry(t *testing.T) {
	cav := Shot{Firer: Firer{Type: Cavalry, Strength: 6}, Distance: 6}
	src := dicetest.Script(t, 3, 4)
	r, out, err := Fire(src, "Dragoons", cav, Target{Name: "B"})
	if err != nil || out.Score != 7 || !hasReading(r.Readings, ReadingCavalry) {
		t.Errorf("default cavalry fire = %d %v %v", out.Score, r.Readings, err)
	}
	if _, err := Ranged(Muskets, 7, GapMedium); err == nil {
		t.Errorf("cavalry (muskets) reach beyond 6\"")
	}
	cav.House.Cavalry = CavalryMinus1
	src = dicetest.Script(t, 3, 4)
	r, out, _ = Fire(src, "Dragoons", cav, Target{Name: "B"})
	if out.Score != 6 || hasReading(r.Readings, ReadingCavalry) || r.Readings[0].ID != "house rule" {
		t.Errorf("cavalry-fire=-1: score %d readings %v", out.Score, r.Readings)
	}
	cav.House.Cavalry = CavalryForbidden
	if _, _, err := Fire(dicetest.Script(t), "Dragoons", cav, Target{Name: "B"}); !isBreach(err, "Cavalry may not fire") {
		t.Errorf("cavalry-fire=forbidden: %v", err)
	}
}

// The ruling shows the dice, the chart row, the factors, what was needed, the
// result and the readings.
func TestFireRuling(t *testing.T) {
	src := dicetest.Script(t, 5, 3)
	r, _, err := Fire(src, "Royal Artillery", Shot{Firer: Firer{Type: HowitzerUnit, Strength: 4}, Distance: 12, Cover: Hard},
		Target{Name: "Fort Carillon", Strength: 3, HasStrength: true, Morale: 7, HasMorale: true})
	if err != nil {
		t.Fatal(err)
	}
	want := rules.Ruling{
		Ruleset: ID,
		Title:   `Fire: Royal Artillery at Fort Carillon, 12"`,
		Steps: []rules.Step{{
			What: "Royal Artillery fires",
			Roll: rules.Roll{Notation: "2d6", Faces: []int{5, 3}, Total: 8},
			Row:  `howitzers, medium range 9–24"`,
			Modifiers: []rules.Modifier{
				{Value: -1, Reason: "firing unit has 3 or 4 strength points", Short: "3–4 strength points"},
				{Value: -1, Reason: "guns at medium range", Short: "guns, medium range"},
				{Value: -2, Reason: "target is in hard cover or buildings", Short: "hard cover"},
			},
			Need:   "7+ to remove a strength point, more than 7 (basic morale) to shake",
			Result: "score 4: no loss, morale holds",
		}},
		Result:   "Fort Carillon loses no strength and its morale holds (score 4, basic morale 7).",
		Odds:     []rules.Chance{{Outcome: "loses 1 strength point", P: 3.0 / 36}, {Outcome: "no loss", P: 33.0 / 36}, {Outcome: "shaken", P: 1.0 / 36}},
		Readings: []rules.Reading{ReadingGap, ReadingHowitzerGuns},
	}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("ruling (-want +got):\n%s", diff)
	}
}

// A general with a unit that loses strength rolls on the risk chart in the same
// ruling; with no loss nothing is rolled for him (F5).
func TestFireRiskToGenerals(t *testing.T) {
	target := Target{Name: "42nd", Strength: 5, HasStrength: true, Morale: 12, HasMorale: true,
		Generals: []General{{Name: "Abercromby"}, {Name: "Howe", LightWounds: 1}}}
	src := dicetest.Script(t, 2, 3)
	r, out, _ := Fire(src, "A", Shot{Firer: line, Distance: 4}, target)
	src.Done()
	if out.Lost || len(out.Generals) != 0 || len(r.Steps) != 1 {
		t.Errorf("no loss, yet generals rolled: %+v", out)
	}
	src = dicetest.Script(t, 6, 6, 5, 4, 6, 5)
	r, out, _ = Fire(src, "A", Shot{Firer: line, Distance: 4}, target)
	src.Done()
	want := []GeneralOutcome{{Name: "Abercromby", Fate: LightWound, LightWounds: 1}, {Name: "Howe", Fate: Killed, LightWounds: 1}}
	if diff := cmp.Diff(want, out.Generals); diff != "" {
		t.Errorf("generals (-want +got):\n%s", diff)
	}
	if len(r.Steps) != 3 || r.Steps[1].Row != "9–10" || r.Steps[2].Row != "11–12" {
		t.Errorf("steps %+v", r.Steps)
	}
	if !strings.Contains(r.Result, "General Abercromby suffers a light wound") || !strings.Contains(r.Result, "General Howe is killed") {
		t.Errorf("result %q", r.Result)
	}
	if !hasReading(r.Readings, ReadingChain) {
		t.Errorf("readings %v lack the chain reading", r.Readings)
	}
	// Odds: each fate is the chance of a loss times the chart's chance.
	loss := LossChance(0)
	wantOdds := map[string]float64{
		"General Abercromby: light wound, moves at ½ speed":                  loss * 7 / 36,
		"General Abercromby: dead":                                           loss * 3 / 36,
		"General Howe: second light wound: incapacitated, removed from play": loss * 7 / 36,
		"General Howe: dead":                                                 loss * 3 / 36,
	}
	for _, c := range r.Odds[3:] {
		if w, ok := wantOdds[c.Outcome]; !ok || math.Abs(w-c.P) > 1e-12 {
			t.Errorf("odds %q = %v, want %v", c.Outcome, c.P, w)
		}
		delete(wantOdds, c.Outcome)
	}
	if len(wantOdds) != 0 {
		t.Errorf("odds lack %v", wantOdds)
	}
}

// The risk chart, one case per throw: 2–8 no effect, 9–10 light wound, 11–12 dead;
// a second light wound incapacitates.
func TestRiskChart(t *testing.T) {
	for total := 2; total <= 12; total++ {
		a := min(total-1, 6)
		b := total - a
		for wounds := 0; wounds <= 1; wounds++ {
			src := dicetest.Script(t, a, b)
			r, out := Risk(src, General{Name: "Wolfe", LightWounds: wounds})
			src.Done()
			want := Unhurt
			switch {
			case total >= 11:
				want = Killed
			case total >= 9 && wounds == 1:
				want = Incapacitated
			case total >= 9:
				want = LightWound
			}
			if out.Fate != want {
				t.Errorf("Risk(%d, %d wounds) = %v, want %v", total, wounds, out.Fate, want)
			}
			if r.Steps[0].Roll.Total != total {
				t.Errorf("Risk(%d) rolled %v", total, r.Steps[0].Roll)
			}
			wantWounds := wounds
			if total == 9 || total == 10 {
				wantWounds++
			}
			if out.LightWounds != wantWounds {
				t.Errorf("Risk(%d, %d wounds) leaves %d wounds, want %d", total, wounds, out.LightWounds, wantWounds)
			}
		}
	}
	got := RiskChances(0)
	want := []rules.Chance{{Outcome: "no effect", P: 26.0 / 36}, {Outcome: "light wound, moves at ½ speed", P: 7.0 / 36}, {Outcome: "dead", P: 3.0 / 36}}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y float64) bool { return math.Abs(x-y) < 1e-12 })); diff != "" {
		t.Errorf("RiskChances(0) (-want +got):\n%s", diff)
	}
	if got := RiskChances(1)[1].Outcome; got != Incapacitated.String() {
		t.Errorf("RiskChances(1) second fate %q", got)
	}
}

func TestFactorTable(t *testing.T) {
	got := FactorTable()
	if n := strings.Count(got, "\n"); n != 14 {
		t.Errorf("FactorTable has %d lines, want the chart's 14:\n%s", n, got)
	}
	for _, f := range FiringFactors {
		if !strings.Contains(got, fmt.Sprintf("%+d  %s", f.Value, f.Text)) {
			t.Errorf("FactorTable lacks %v", f)
		}
	}
}

// The exact odds agree with the frequencies of the real roll path.
func TestFireOddsMonteCarlo(t *testing.T) {
	shot := Shot{Firer: Firer{Type: RifleUnit, Strength: 4}, Distance: 8, Cover: Soft}
	target := Target{Name: "B", Morale: 6, HasMorale: true, Generals: []General{{Name: "G"}}}
	const n = 40000
	src := dice.NewStream([]byte("firing2007 monte carlo"), 1)
	var lost, shaken, killed int
	var odds []rules.Chance
	for range n {
		r, out, err := Fire(src, "A", shot, target)
		if err != nil {
			t.Fatal(err)
		}
		odds = r.Odds
		if out.Lost {
			lost++
		}
		if out.Shaken {
			shaken++
		}
		if len(out.Generals) == 1 && out.Generals[0].Fate == Killed {
			killed++
		}
	}
	for _, tt := range []struct {
		outcome string
		count   int
	}{{"loses 1 strength point", lost}, {"shaken", shaken}, {"General G: dead", killed}} {
		var p float64
		for _, c := range odds {
			if c.Outcome == tt.outcome {
				p = c.P
			}
		}
		freq := float64(tt.count) / n
		if sd := math.Sqrt(p * (1 - p) / n); math.Abs(freq-p) > 5*sd+1e-9 {
			t.Errorf("%s: frequency %.4f, exact %.4f", tt.outcome, freq, p)
		}
	}
}

// TestFactorsShort: every factor of the chart has its reason in two or
// three words, for a short ruling's arithmetic ("−1 shaken").
func TestFactorsShort(t *testing.T) {
	for _, f := range FiringFactors {
		if n := len(strings.Fields(f.Short)); n < 1 || n > 3 {
			t.Errorf("factor %q: short %q has %d words, want 1 to 3", f.Text, f.Short, n)
		}
	}
}
