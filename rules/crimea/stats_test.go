package crimea

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules/dice"
)

// TestOddsAgreeWithTheRealRollPath draws calibres, fires and combats through the
// production dice stream and checks the frequencies against the exact odds.
func TestOddsAgreeWithTheRealRollPath(t *testing.T) {
	const n = 10000
	src := dice.NewStream([]byte("crimea statistics"), 1)
	tolerance := func(p float64) float64 { return 5 * math.Sqrt(p*(1-p)/n) }

	calibres := map[Calibre]int{}
	var calOdds map[string]float64
	for range n {
		r, c := RollCalibre(src, "x")
		calibres[c]++
		if calOdds == nil {
			calOdds = map[string]float64{}
			for _, o := range r.Odds {
				calOdds[o.Outcome] = o.P
			}
		}
	}
	for c, k := range calibres {
		if p := calOdds[string(c)]; math.Abs(float64(k)/n-p) > tolerance(p) {
			t.Errorf("calibre %s drawn %d/%d, odds %v", c, k, n, p)
		}
	}

	in := FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 3}}, TargetColumn: true}
	hits := map[string]int{}
	var fireOdds []float64
	var fireNames []string
	for range n {
		r, out, err := Fire(src, in)
		if err != nil {
			t.Fatal(err)
		}
		hits[standsText(out.Hits)]++
		if fireOdds == nil {
			for _, o := range r.Odds {
				fireOdds = append(fireOdds, o.P)
				fireNames = append(fireNames, o.Outcome)
			}
		}
	}
	for i, name := range fireNames {
		if got := float64(hits[name]) / n; math.Abs(got-fireOdds[i]) > tolerance(fireOdds[i]) {
			t.Errorf("fire %s: %v drawn, odds %v", name, got, fireOdds[i])
		}
	}

	cin := CombatInput{Attacker: Combatant{Name: "a", Type: LightCavalry, Morale: 60}, Defender: Combatant{Name: "d", Type: HeavyInfantry, Morale: 40},
		Facing: Front, Morale: MoraleHigh, Tie: TieHold, Casualties: CasualtiesBoth}
	wins := 0
	r, _, _ := CloseCombat(src, cin)
	for range n {
		_, out, err := closeCombat(src, cin)
		if err != nil {
			t.Fatal(err)
		}
		if out.Winner == "attacker" {
			wins++
		}
	}
	if p := r.Odds[2].P; math.Abs(float64(wins)/n-p) > tolerance(p) {
		t.Errorf("attacker won %d/%d, odds %v", wins, n, p)
	}
}

func BenchmarkD100(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	for b.Loop() {
		D100(src)
	}
}

func BenchmarkFire(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	in := FireInput{Firers: []FireGroup{{Name: "a", Nationality: British, Type: HeavyInfantry, Stands: 4}}, TargetColumn: true}
	for b.Loop() {
		Fire(src, in)
	}
}

func BenchmarkCloseCombat(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	in := CombatInput{Attacker: Combatant{Name: "a", Type: LightCavalry, Morale: 60}, Defender: Combatant{Name: "d", Type: HeavyInfantry, Morale: 40},
		Facing: Front, Morale: MoraleHigh, Tie: TieHold, Casualties: CasualtiesBoth}
	for b.Loop() {
		CloseCombat(src, in)
	}
}

func BenchmarkMovementModifier(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	for b.Loop() {
		MovementModifier(src, "brigade", nil, GapNone)
	}
}

func BenchmarkShuffle(b *testing.B) {
	src := dice.NewStream([]byte("bench"), 1)
	for b.Loop() {
		Shuffle(src)
	}
}
