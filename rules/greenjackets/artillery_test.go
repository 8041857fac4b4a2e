package greenjackets

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestRoundshotChartEveryBand(t *testing.T) {
	// The first figure has +2: faces 2, 4, 11, 12 read 4, 6, 13, 14.
	tests := []struct {
		face int
		want Effect
		hit  bool
	}{{2, NoEffect, false}, {3, Stunned, true}, {4, Stunned, true}, {5, Serious, true}, {11, Serious, true}, {12, Dead, true}, {20, Dead, true}}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.face)
		_, hits, err := RoundshotFire(src, "the 6-pounder", 40, []LineFigure{{Name: "Dubois"}})
		src.Done()
		if err != nil || hits[0].Struck != tt.hit || (tt.hit && hits[0].Hit.Effect != tt.want) {
			t.Errorf("roundshot face %d (+2) = %+v, %v; want %s", tt.face, hits[0], err, tt.want)
		}
	}
}

func TestRoundshotCumulativeAfterTheFirstHit(t *testing.T) {
	// Figure 1 (+2): 1 → 3 missed. Figure 2: 10 hit (first hit). Figure 3: 5 −1 → 4 missed.
	// Figure 4: 8 −2 → 6 stunned. Figure 5 soft cover: 12 −3 −2 → 7 seriously wounded.
	src := dicetest.Script(t, 1, 10, 5, 8, 12)
	r, hits, err := RoundshotFire(src, "gun", 60, []LineFigure{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}, {Name: "e", Cover: Soft}})
	src.Done()
	if err != nil {
		t.Fatal(err)
	}
	want := []Effect{"", Serious, "", Stunned, Serious}
	for i, h := range hits {
		got := Effect("")
		if h.Struck {
			got = h.Hit.Effect
		}
		if got != want[i] {
			t.Errorf("figure %d = %q, want %q (%s)", i+1, got, want[i], r.Steps[i].Result)
		}
	}
	if got := rules.Sum(r.Steps[4].Modifiers); got != -5 {
		t.Errorf("figure 5 modifiers %v, want −3 −2", r.Steps[4].Modifiers)
	}
}

func TestRoundshotHardCoverHalvesWithAD6(t *testing.T) {
	src := dicetest.Script(t, 15, 4)
	_, hits, _ := RoundshotFire(src, "gun", 30, []LineFigure{{Cover: Hard}})
	src.Done()
	if hits[0].Struck {
		t.Errorf("hard cover, d6 4: %+v, want the cover to take it", hits[0])
	}
	src = dicetest.Script(t, 15, 3)
	_, hits, _ = RoundshotFire(src, "gun", 30, []LineFigure{{Cover: Hard}})
	src.Done()
	if !hits[0].Struck || hits[0].Hit.Effect != Dead {
		t.Errorf("hard cover, d6 3: %+v, want the hit to stand", hits[0])
	}
}

func TestRoundshotOnCavalryEvenHitsTheHorse(t *testing.T) {
	_, hits, _ := RoundshotFire(dicetest.Script(t, 12), "gun", 30, []LineFigure{{Mounted: true}})
	if !hits[0].Thrown || !hits[0].Hit.OnHorse {
		t.Errorf("even roll on cavalry: %+v, want horse hit and rider thrown", hits[0])
	}
	_, hits, _ = RoundshotFire(dicetest.Script(t, 13), "gun", 30, []LineFigure{{Mounted: true}})
	if hits[0].Thrown || hits[0].Hit.Effect != Dead {
		t.Errorf("odd roll on cavalry: %+v, want rider dead", hits[0])
	}
}

func TestRoundshotOnAGun(t *testing.T) {
	tests := []struct {
		face  int
		cover Cover
		want  GunDamage
	}{{1, Open, GunDestroyed}, {2, Open, GunDestroyed}, {3, Open, WheelOff}, {4, Open, WheelOff}, {5, Open, GunUnhurt},
		{1, Hard, GunDestroyed}, {2, Hard, WheelOff}, {3, Hard, GunUnhurt}}
	for _, tt := range tests {
		_, hits, _ := RoundshotFire(dicetest.Script(t, tt.face), "gun", 30, []LineFigure{{Gun: true, Cover: tt.cover}})
		if hits[0].Gun != tt.want {
			t.Errorf("roundshot on a gun (%s) face %d = %q, want %q", tt.cover, tt.face, hits[0].Gun, tt.want)
		}
	}
}

func TestRoundshotRange(t *testing.T) {
	r, _, err := RoundshotFire(dicetest.Script(t, 1), "gun", 80, []LineFigure{{}})
	if err != nil || !strings.HasPrefix(r.Result, "1°") {
		t.Errorf("roundshot at 80\": %q, %v; want 1° elevation", r.Result, err)
	}
	var b *rules.Breach
	if _, _, err := RoundshotFire(dicetest.Script(t), "gun", 101, []LineFigure{{}}); !errors.As(err, &b) {
		t.Errorf("roundshot at 101\": err %v, want a breach", err)
	}
}

func TestRoundshotOddsAgreeWithTheArithmetic(t *testing.T) {
	// Two figures in the open: the first hits on a natural 3+ (18/20); the second on
	// 6+ after a first hit (−1: 15/20) and on 5+ when the first was missed (16/20).
	r, _, _ := RoundshotFire(dicetest.Script(t, 1, 1), "gun", 30, []LineFigure{{}, {}})
	p1 := 18.0 / 20
	want := map[string]float64{
		"0 figures hit": (1 - p1) * (1 - 16.0/20),
		"1 figure hit":  p1*(1-15.0/20) + (1-p1)*16.0/20,
		"2 figures hit": p1 * 15.0 / 20,
	}
	for _, c := range r.Odds {
		if math.Abs(c.P-want[c.Outcome]) > 1e-12 {
			t.Errorf("odds %s = %v, want %v", c.Outcome, c.P, want[c.Outcome])
		}
	}
}

func TestCanisterZonesEveryBand(t *testing.T) {
	for d, want := range map[float64]int{0: 1, 4: 1, 4.5: 2, 10: 2, 16: 3, 22: 4, 22.5: 0} {
		if got := CanisterZone(d); got != want {
			t.Errorf("CanisterZone(%v) = %d, want %d", d, got, want)
		}
	}
	tests := []struct {
		zone, rolls, chance int
	}{{1, 5, 10}, {2, 4, 8}, {3, 3, 6}, {4, 2, 4}}
	for _, tt := range tests {
		faces := make([]int, tt.rolls)
		faces[0] = tt.chance // at the chance: a hit (G15), then an effect roll
		for i := 1; i < tt.rolls; i++ {
			faces[i] = tt.chance + 1
		}
		faces = append(faces[:1], append([]int{3}, faces[1:]...)...)
		src := dicetest.Script(t, faces...)
		r, hits, err := CanisterFire(src, "gun", []TemplateFigure{{Name: "x", Zone: tt.zone}}, false)
		src.Done()
		if err != nil || len(hits[0]) != 1 || hits[0][0].Effect != Stunned {
			t.Errorf("canister zone %d: %v, %v (%v)", tt.zone, hits, err, r.Steps)
		}
	}
}

func TestCanisterCoverAndHouseRule(t *testing.T) {
	tests := []struct {
		name  string
		cover Cover
		under bool
		face  int
		hit   bool
	}{
		{"soft cover: 10 − 2 = 8, roll 8", Soft, false, 8, true},
		{"soft cover: roll 9", Soft, false, 9, false},
		{"hard cover: half of 10 = 5, roll 5", Hard, false, 5, true},
		{"hard cover: roll 6", Hard, false, 6, false},
		{"house rule under: roll 10 misses", Open, true, 10, false},
		{"house rule under: roll 9 hits", Open, true, 9, true},
	}
	for _, tt := range tests {
		faces := []int{tt.face}
		if tt.hit {
			faces = append(faces, 1)
		}
		faces = append(faces, 20, 20, 20, 20)
		src := dicetest.Script(t, faces...)
		_, hits, _ := CanisterFire(src, "gun", []TemplateFigure{{Zone: 1, Cover: tt.cover}}, tt.under)
		src.Done()
		if (len(hits[0]) > 0) != tt.hit {
			t.Errorf("%s: hits %v, want hit %v", tt.name, hits[0], tt.hit)
		}
	}
}

func TestShellBurstEveryBand(t *testing.T) {
	tests := []struct {
		face    int
		effect  bool
		scatter string
	}{{1, false, ""}, {2, false, ""}, {3, true, "over"}, {6, true, "over"}, {7, true, "short"}, {10, true, "short"},
		{11, true, "left"}, {14, true, "left"}, {15, true, "right"}, {18, true, "right"}, {19, true, ""}, {20, true, ""}}
	for _, tt := range tests {
		faces := []int{tt.face}
		if tt.scatter != "" {
			faces = append(faces, 7)
		}
		src := dicetest.Script(t, faces...)
		so, err := ShellBurst(src, ShellFire{Ammo: Shell, Range: 40})
		b := so.Burst
		src.Done()
		if err != nil || b.Effect != tt.effect || b.Scatter != tt.scatter || (tt.scatter != "" && b.Inches != 7) {
			t.Errorf("burst %d = %+v, %v; want effect %v scatter %q", tt.face, b, err, tt.effect, tt.scatter)
		}
	}
}

func TestShellAndShrapnelRings(t *testing.T) {
	tests := []struct {
		ammo                Ammo
		ring, rolls, chance int
	}{{Shell, 1, 3, 10}, {Shell, 2, 2, 8}, {Shell, 3, 1, 6}, {Shrapnel, 1, 5, 12}, {Shrapnel, 2, 4, 10}, {Shrapnel, 3, 3, 8}}
	for _, tt := range tests {
		faces := []int{tt.chance, 14}
		for i := 1; i < tt.rolls; i++ {
			faces = append(faces, tt.chance+1)
		}
		src := dicetest.Script(t, faces...)
		so, err := ShellBurst(src, ShellFire{Ammo: tt.ammo, Range: 60, British: true, Placed: true, Figures: []TemplateFigure{{Zone: tt.ring}}})
		src.Done()
		hits := so.Hits
		if err != nil || len(hits[0]) != 1 || hits[0][0].Effect != Dead {
			t.Errorf("%s ring %d: %v, %v", tt.ammo, tt.ring, hits, err)
		}
	}
}

func TestShrapnelBritishOnlyBeyondFifty(t *testing.T) {
	var b *rules.Breach
	if _, err := ShellBurst(dicetest.Script(t), ShellFire{Ammo: Shrapnel, Range: 60}); !errors.As(err, &b) {
		t.Errorf("French shrapnel: err %v, want a breach", err)
	}
	if _, err := ShellBurst(dicetest.Script(t), ShellFire{Ammo: Shrapnel, Range: 50, British: true}); !errors.As(err, &b) {
		t.Errorf("shrapnel at 50\": err %v, want a breach", err)
	}
}

func TestTemplateOddsAgreeWithTheArithmetic(t *testing.T) {
	r, _, _ := CanisterFire(dicetest.Script(t, 20, 20), "gun", []TemplateFigure{{Zone: 4}}, false)
	p := 4.0 / 20
	want := map[string]float64{"0 hits": (1 - p) * (1 - p), "1 hit": 2 * p * (1 - p), "2 hits": p * p}
	for _, c := range r.Odds {
		if math.Abs(c.P-want[c.Outcome]) > 1e-12 {
			t.Errorf("odds %s = %v, want %v", c.Outcome, c.P, want[c.Outcome])
		}
	}
}
