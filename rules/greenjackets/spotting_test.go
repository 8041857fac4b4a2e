package greenjackets

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestSpottingChartEveryBand(t *testing.T) {
	tests := []struct {
		cover Cover
		d     float64
		want  int
	}{
		{Open, 0, Automatic}, {Open, 5, Automatic}, {Open, 6, Automatic}, {Open, 15, Automatic}, {Open, 16, 15}, {Open, 30, 15}, {Open, 31, 12}, {Open, 45, 12}, {Open, 46, 9}, {Open, 100, 9},
		{Soft, 5, Automatic}, {Soft, 10, 15}, {Soft, 20, 12}, {Soft, 40, 9}, {Soft, 50, 6},
		{Hard, 5, 15}, {Hard, 10, 12}, {Hard, 20, 9}, {Hard, 40, 6}, {Hard, 50, 3},
	}
	for _, tt := range tests {
		got := SpottingChart[tt.cover][band(SpottingBands, tt.d)]
		if got != tt.want {
			t.Errorf("spotting chart %s at %v\" = %d, want %d", tt.cover, tt.d, got, tt.want)
		}
	}
}

func TestSpotAutomaticNeedsNoRoll(t *testing.T) {
	src := dicetest.Script(t)
	r, out, err := Spot(src, Spotting{Distance: 10, Cover: Open})
	if err != nil || !out.Spotted || len(r.Odds) != 1 || r.Odds[0].P != 1 {
		t.Errorf("Spot(10\" open) = %+v, %v, %v", r, out, err)
	}
	if _, out, _ := Spot(src, Spotting{Distance: 40, Cover: Hard, Contact: true}); !out.Spotted {
		t.Error("contact does not spot automatically")
	}
}

func TestSpotModifiers(t *testing.T) {
	tests := []struct {
		name string
		s    Spotting
		face int
		need int
		want bool
	}{
		{"base 15, roll 15", Spotting{Distance: 20}, 15, 15, true},
		{"base 15, roll 16", Spotting{Distance: 20}, 16, 15, false},
		{"officer jogging -1", Spotting{Distance: 20, Speed: Jog}, 15, 14, false},
		{"officer charging -3", Spotting{Distance: 20, Speed: Run}, 12, 12, true},
		{"enemy firing +5", Spotting{Distance: 50, Cover: Hard, EnemyFiring: true}, 8, 8, true},
		{"enemy prone -2", Spotting{Distance: 50, Cover: Hard, EnemyProne: true}, 2, 1, false},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.face)
		r, out, err := Spot(src, tt.s)
		src.Done()
		if err != nil || out.Spotted != tt.want {
			t.Errorf("%s: Spot = %v, %v; want spotted %v", tt.name, out, err, tt.want)
			continue
		}
		if got := r.Steps[0].Need; got != "≤ "+itoa(tt.need) {
			t.Errorf("%s: need %q, want ≤ %d", tt.name, got, tt.need)
		}
		if p := r.Odds[0].P; math.Abs(p-float64(max(tt.need, 0))/20) > 1e-12 {
			t.Errorf("%s: odds %v, want %v/20", tt.name, p, tt.need)
		}
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
