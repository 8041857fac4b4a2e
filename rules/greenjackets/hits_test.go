package greenjackets

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestEffectOfHitsEveryBand(t *testing.T) {
	tests := []struct {
		face int
		want Effect
	}{{1, Stunned}, {6, Stunned}, {7, Serious}, {13, Serious}, {14, Dead}, {20, Dead}}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.face)
		_, h := EffectOfHit(src, HitTarget{Name: "Harris"})
		src.Done()
		if h.Effect != tt.want || h.OnHorse {
			t.Errorf("effect of %d = %+v, want %s", tt.face, h, tt.want)
		}
	}
}

func TestSecondSeriousWoundKills(t *testing.T) {
	_, h := EffectOfHit(dicetest.Script(t, 10), HitTarget{SeriouslyWounded: true})
	if h.Effect != Dead {
		t.Errorf("second serious wound = %s, want dead", h.Effect)
	}
	r, hits := Hits(dicetest.Script(t, 8, 9), HitTarget{Name: "Harris"}, 3)
	if len(hits) != 2 || hits[1].Effect != Dead {
		t.Errorf("Hits(3) = %v (%s), want serious then dead and no third roll", hits, r.Result)
	}
}

func TestCavalryRiderEvenHorseOdd(t *testing.T) {
	tests := []struct {
		face    int
		choose  string
		onHorse bool
	}{{4, "", false}, {5, "", true}, {14, "", false}, {15, "", true}, {4, "horse", true}, {5, "rider", false}}
	for _, tt := range tests {
		_, h := EffectOfHit(dicetest.Script(t, tt.face), HitTarget{Mounted: true, Choose: tt.choose})
		if h.OnHorse != tt.onHorse {
			t.Errorf("cavalry hit %d (choose %q): on horse %v, want %v", tt.face, tt.choose, h.OnHorse, tt.onHorse)
		}
	}
}

func TestCharacterChartEveryScore(t *testing.T) {
	want := map[int]Effect{2: Dead, 3: Serious, 4: LightWound, 5: LightWound, 6: LightWound, 7: NoEffect,
		8: Stunned, 9: LightWound, 10: Serious, 11: Serious, 12: Dead}
	for score, e := range want {
		a := max(1, score-6)
		src := dicetest.Script(t, a, score-a)
		_, h := EffectOfHit(src, HitTarget{Character: true})
		src.Done()
		if h.Effect != e {
			t.Errorf("character hit %d = %s, want %s", score, h.Effect, e)
		}
	}
}

func TestEffectOddsAgreeWithTheCharts(t *testing.T) {
	got := map[string]float64{}
	for _, c := range EffectOdds(HitTarget{}) {
		got[c.Outcome] = c.P
	}
	if got["stunned"] != 0.3 || got["seriously wounded"] != 0.35 || got["dead"] != 0.35 {
		t.Errorf("effect odds %v", got)
	}
	got = map[string]float64{}
	for _, c := range EffectOdds(HitTarget{Character: true}) {
		got[c.Outcome] = c.P
	}
	want := map[string]float64{"dead": 2.0 / 36, "seriously wounded": (2 + 3 + 2) / 36.0, "light wound": (3 + 4 + 5 + 4) / 36.0, "no effect": 6.0 / 36, "stunned": 5.0 / 36}
	for k, v := range want {
		if math.Abs(got[k]-v) > 1e-12 {
			t.Errorf("character odds %s = %v, want %v", k, got[k], v)
		}
	}
	total := 0.0
	for _, c := range EffectOdds(HitTarget{Mounted: true}) {
		total += c.P
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("cavalry odds sum to %v", total)
	}
}
