package greenjackets

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestFireChartEveryBand(t *testing.T) {
	ranges := []float64{3, 8, 15, 25, 35}
	want := map[Weapon][5]int{
		Rifle:       {16, 14, 12, 8, 4},
		Musket:      {12, 10, 6, 2, 0},
		Carbine:     {12, 8, 4, 0, 0},
		VolleyGun:   {12, 8, 4, 0, 0},
		Blunderbuss: {10, 5, 0, 0, 0},
		Pistol:      {10, 2, 0, 0, 0},
	}
	chances := map[Weapon]int{Rifle: 1, Musket: 1, Carbine: 1, VolleyGun: 6, Blunderbuss: 3, Pistol: 1}
	for w, vals := range want {
		for i, d := range ranges {
			fn, err := FireNeed(Firer{Weapon: w, Range: d}, FireTarget{}, "")
			need, base, mods, n, ok := fn.Value, fn.Base, fn.Modifiers, fn.Chances, fn.InRange
			if err != nil {
				t.Fatal(err)
			}
			if vals[i] == 0 {
				if ok {
					t.Errorf("%s at %v\": in range, want out of range", w, d)
				}
				continue
			}
			if !ok || base != vals[i] || need != vals[i] || len(mods) != 0 || n != chances[w] {
				t.Errorf("%s at %v\" = need %d base %d ×%d ok %v; want %d ×%d", w, d, need, base, n, ok, vals[i], chances[w])
			}
		}
		if n, _ := FireNeed(Firer{Weapon: w, Range: 41}, FireTarget{}, ""); n.InRange {
			t.Errorf("%s at 41\": in range", w)
		}
	}
	// Band edges: 5 is 0-5, 5.5 and 6 are 6-10, 10 is 6-10, 10.5 is 11-20.
	for d, want := range map[float64]int{5: 16, 5.5: 14, 6: 14, 10: 14, 10.5: 12, 20: 12, 30: 8, 40: 4} {
		if n, _ := FireNeed(Firer{Weapon: Rifle, Range: d}, FireTarget{}, ""); n.Value != want {
			t.Errorf("rifle at %v\" = %d, want %d", d, n.Value, want)
		}
	}
}

func TestFireModifiersEachOne(t *testing.T) {
	tests := []struct {
		name string
		f    Firer
		t    FireTarget
		want int
	}{
		{"hard cover -4", Firer{}, FireTarget{Cover: Hard}, -4},
		{"soft cover -2", Firer{}, FireTarget{Cover: Soft}, -2},
		{"target running -2", Firer{}, FireTarget{Running: true}, -2},
		{"target charging -4", Firer{}, FireTarget{Charging: true}, -4},
		{"target prone -2", Firer{}, FireTarget{Prone: true}, -2},
		{"firer seriously wounded -4", Firer{SeriouslyWounded: true}, FireTarget{}, -4},
		{"firer jogging -2", Firer{Speed: Jog}, FireTarget{}, -2},
		{"firer charging -6", Firer{Speed: Run}, FireTarget{}, -6},
		{"firer crawling 0", Firer{Speed: Crawl}, FireTarget{}, 0},
		{"veteran +1", Firer{Quality: Veteran}, FireTarget{}, 1},
		{"sharpshooter +1", Firer{Sharpshooter: true}, FireTarget{}, 1},
		{"novice -1", Firer{Quality: Raw}, FireTarget{}, -1},
		{"aimed +2", Firer{Aimed: true}, FireTarget{}, 2},
		{"European rifle -2", Firer{European: true}, FireTarget{}, -2},
		{"light wounds without house rule", Firer{LightWounds: 2}, FireTarget{}, 0},
	}
	for _, tt := range tests {
		tt.f.Weapon, tt.f.Range = Rifle, 15
		n, _ := FireNeed(tt.f, tt.t, "")
		need, mods := n.Value, n.Modifiers
		if need != 12+tt.want || rules.Sum(mods) != tt.want {
			t.Errorf("%s: need %d (%v), want %d", tt.name, need, mods, 12+tt.want)
		}
	}
	n, _ := FireNeed(Firer{Weapon: Rifle, Range: 15, LightWounds: 2}, FireTarget{}, "minus1")
	if n.Value != 10 {
		t.Errorf("light wounds with house rule minus1: need %d, want 10", n.Value)
	}
	// European −2 applies to rifles only.
	if n, _ := FireNeed(Firer{Weapon: Musket, Range: 3, European: true}, FireTarget{}, ""); n.Value != 12 {
		t.Errorf("European musket: need %d, want 12", n.Value)
	}
}

func TestTapLoadedRifleFiresAtTheCarbineColumn(t *testing.T) {
	n, _ := FireNeed(Firer{Weapon: Rifle, TapLoaded: true, Range: 15}, FireTarget{}, "")
	need, row := n.Value, n.Row
	if !n.InRange || need != 4 || row != "carbine, 11-20\"" {
		t.Errorf("tap-loaded rifle at 15\" = %d %q, want 4 at the carbine column", need, row)
	}
	if n, _ := FireNeed(Firer{Weapon: Rifle, TapLoaded: true, Range: 25}, FireTarget{}, ""); n.InRange {
		t.Error("tap-loaded rifle at 25\" is in range; the carbine column stops at 20\"")
	}
}

func TestFireFigureHitMissAndMisfires(t *testing.T) {
	tests := []struct {
		name    string
		faces   []int
		hits    int
		misfire Misfire
	}{
		{"at the need hits", []int{12}, 1, NoMisfire},
		{"over the need misses", []int{13}, 0, NoMisfire},
		{"natural 20, 1-5 phut", []int{20, 5}, 0, Phut},
		{"natural 20, 6-15 stunned", []int{20, 6}, 0, MisfireStunned},
		{"natural 20, 15 stunned", []int{20, 15}, 0, MisfireStunned},
		{"natural 20, 16-20 seriously wounded", []int{20, 16}, 0, MisfireWounded},
	}
	for _, tt := range tests {
		src := dicetest.Script(t, tt.faces...)
		_, s, err := FireFigure(src, Firer{Name: "Harris", Weapon: Rifle, Range: 15}, FireTarget{}, "")
		src.Done()
		if err != nil || s.Hits != tt.hits || s.Misfire != tt.misfire || !s.Fired {
			t.Errorf("%s: %+v, %v; want %d hits, misfire %q", tt.name, s, err, tt.hits, tt.misfire)
		}
	}
	// A natural 20 misfires even when the need is 20 or more.
	src := dicetest.Script(t, 20, 1)
	_, s, _ := FireFigure(src, Firer{Weapon: Rifle, Range: 1, Aimed: true, Quality: Veteran, Sharpshooter: true}, FireTarget{}, "")
	src.Done()
	if s.Hits != 0 || s.Misfire != Phut {
		t.Errorf("natural 20 at need 20: %+v, want a misfire", s)
	}
}

func TestVolleyGunSixChancesBlunderbussThree(t *testing.T) {
	src := dicetest.Script(t, 1, 12, 13, 5, 19, 2)
	_, s, _ := FireFigure(src, Firer{Weapon: VolleyGun, Range: 3}, FireTarget{}, "")
	src.Done()
	if s.Hits != 4 || s.Misses != 2 {
		t.Errorf("volley gun: %+v, want 4 hits 2 misses", s)
	}
	src = dicetest.Script(t, 10, 11, 3)
	_, s, _ = FireFigure(src, Firer{Weapon: Blunderbuss, Range: 3}, FireTarget{}, "")
	src.Done()
	if s.Hits != 2 {
		t.Errorf("blunderbuss: %+v, want 2 hits", s)
	}
	// Misses rolled against the next figure: chances:3.
	src = dicetest.Script(t, 1, 1, 1)
	_, s, _ = FireFigure(src, Firer{Weapon: VolleyGun, Range: 3, Chances: 3}, FireTarget{}, "")
	src.Done()
	if s.Hits != 3 {
		t.Errorf("volley gun misses against the next figure: %+v", s)
	}
}

func TestFireOddsAgreeWithTheChart(t *testing.T) {
	v := Volley{Firers: []Firer{{Weapon: Rifle, Range: 15}, {Weapon: Musket, Range: 8, Aimed: true}}}
	src := dicetest.Script(t, 1, 1)
	r, shots, err := Fire(src, v)
	src.Done()
	if err != nil || len(shots) != 2 || shots[0].Hits+shots[1].Hits != 2 {
		t.Fatalf("Fire = %v, %v", shots, err)
	}
	p1, p2 := 12.0/20, 12.0/20
	want := map[string]float64{
		"0 hits":      (1 - p1) * (1 - p2),
		"1 hit":       p1*(1-p2) + p2*(1-p1),
		"2 hits":      p1 * p2,
		"any misfire": 1 - 0.95*0.95,
	}
	for _, c := range r.Odds {
		if math.Abs(c.P-want[c.Outcome]) > 1e-12 {
			t.Errorf("odds %s = %v, want %v", c.Outcome, c.P, want[c.Outcome])
		}
	}
	if len(r.Odds) != len(want) {
		t.Errorf("odds %v, want %v", r.Odds, want)
	}
}

func TestHitChanceNeverCountsTheTwenty(t *testing.T) {
	for need, want := range map[int]float64{-3: 0, 0: 0, 1: 0.05, 12: 0.6, 19: 0.95, 20: 0.95, 25: 0.95} {
		if got := HitChance(need); math.Abs(got-want) > 1e-12 {
			t.Errorf("HitChance(%d) = %v, want %v", need, got, want)
		}
	}
}

func TestFireOutOfRangeHoldsFire(t *testing.T) {
	r, shots, err := Fire(dicetest.Script(t), Volley{Firers: []Firer{{Weapon: Pistol, Range: 15}}})
	if err != nil || shots[0].Fired || r.Odds[0].P != 1 {
		t.Errorf("pistol at 15\": %+v, %v", shots, err)
	}
}
