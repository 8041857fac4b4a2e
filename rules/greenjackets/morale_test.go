package greenjackets

import (
	"errors"
	"math"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestMoraleChartEveryBand(t *testing.T) {
	tests := []struct {
		face int
		want Morale
	}{{1, Steady}, {12, Steady}, {13, Pinned}, {16, Pinned}, {17, Running}, {18, Running}, {19, Routing}, {20, Routing}}
	for _, tt := range tests {
		_, got := Test(dicetest.Script(t, tt.face), MoraleTest{Quality: Trained})
		if got != tt.want {
			t.Errorf("morale %d = %s, want %s", tt.face, got, tt.want)
		}
	}
}

func TestMoraleModifiers(t *testing.T) {
	tests := []struct {
		name string
		m    MoraleTest
		face int
		want Morale
	}{
		{"veteran -2: 14 reads 12", MoraleTest{Quality: Veteran}, 14, Steady},
		{"raw +2: 11 reads 13", MoraleTest{Quality: Raw}, 11, Pinned},
		{"reading: +1 per dead figure, 2 dead: 15 reads 17", MoraleTest{Dead: 2}, 15, Running},
		{"house rule literal: −1 per dead, 2 dead: 14 reads 12", MoraleTest{Dead: 2, Literal: true}, 14, Steady},
	}
	for _, tt := range tests {
		r, got := Test(dicetest.Script(t, tt.face), tt.m)
		if got != tt.want {
			t.Errorf("%s: %s, want %s (%s)", tt.name, got, tt.want, r.Steps[0].Result)
		}
		if tt.m.Dead > 0 && r.Readings[0].ID != map[bool]string{false: "G21", true: "house rule"}[tt.m.Literal] {
			t.Errorf("%s: reading %v", tt.name, r.Readings[0])
		}
	}
}

func TestMoraleOddsAgreeWithTheChart(t *testing.T) {
	r, _ := Test(dicetest.Script(t, 1), MoraleTest{Quality: Raw, Dead: 1})
	// +3: carry on on 1–9, pinned 10–13, run 14–15, rout 16–20.
	want := []float64{9.0 / 20, 4.0 / 20, 2.0 / 20, 5.0 / 20}
	for i, c := range r.Odds {
		if math.Abs(c.P-want[i]) > 1e-12 {
			t.Errorf("odds %s = %v, want %v", c.Outcome, c.P, want[i])
		}
	}
}

func TestRally(t *testing.T) {
	for _, s := range []Morale{Pinned, Running} {
		_, got, err := RallySquad(dicetest.Script(t), Rally{State: s})
		if err != nil || got != Steady {
			t.Errorf("rally %s = %s, %v; want steady with no roll", s, got, err)
		}
	}
	var b *rules.Breach
	if _, _, err := RallySquad(dicetest.Script(t), Rally{State: Routing}); !errors.As(err, &b) {
		t.Errorf("routing without officer: err %v, want a breach", err)
	}
	if _, _, err := RallySquad(dicetest.Script(t), Rally{State: Steady}); !errors.As(err, &b) {
		t.Errorf("steady: err %v, want a breach", err)
	}
	for face, want := range map[int]Morale{15: Routing, 16: Steady, 20: Steady} {
		_, got, _ := RallySquad(dicetest.Script(t, face), Rally{State: Routing, OfficerNear: true})
		if got != want {
			t.Errorf("rally routing %d = %s, want %s", face, got, want)
		}
	}
}
