package volleyfire

import (
	"errors"
	"math"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func line(bases int) Unit {
	return Unit{Name: "1st Foot", Kind: Infantry, Bases: bases, Formation: Line, Weapon: Musket, Loaded: true}
}

func target(bases int) Unit {
	return Unit{Name: "4e Ligne", Kind: Infantry, Bases: bases, Formation: Line, Weapon: Musket, Nation: French}
}

// Ranges: "At ¼ or less of the weapons range shots are at point blank range, at ½
// or less ... close ..., at ¾ or less ... moderate ... and at the maximum range or
// less ... long range."
func TestBandFor(t *testing.T) {
	tests := []struct {
		w         Weapon
		rng, elev float64
		want      string
	}{
		{Musket, 0, 0, "point blank"}, {Musket, 5, 0, "point blank"}, {Musket, 5.5, 0, "close"},
		{Musket, 10, 0, "close"}, {Musket, 10.5, 0, "moderate"}, {Musket, 15, 0, "moderate"},
		{Musket, 15.5, 0, "long"}, {Musket, 20, 0, "long"}, {Musket, 20.5, 0, ""},
		{Rifle, 10, 0, "point blank"}, {Rifle, 20, 0, "close"}, {Rifle, 30, 0, "moderate"}, {Rifle, 40, 0, "long"}, {Rifle, 41, 0, ""},
		{Pistol, 2.5, 0, "point blank"}, {Pistol, 3, 0, "close"}, {Pistol, 7.5, 0, "moderate"}, {Pistol, 10, 0, "long"}, {Pistol, 11, 0, ""},
		{Cannon, 25, 0, "point blank"}, {Cannon, 50, 0, "close"}, {Cannon, 75, 0, "moderate"}, {Cannon, 100, 0, "long"},
		// Elevation: +1" of maximum range per inch of height; the other bands do not change.
		{Musket, 22, 2, "long"}, {Musket, 22.5, 2, ""}, {Musket, 5, 3, "point blank"}, {Musket, 6, 3, "close"},
	}
	for _, tt := range tests {
		b, _, ok := BandFor(tt.w, tt.rng, tt.elev)
		got := b.Name
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("BandFor(%s, %v, %v) = %q, want %q", tt.w, tt.rng, tt.elev, got, tt.want)
		}
	}
}

// One test per band: four muskets roll to hit, each hit rolls to destroy.
func TestShootBands(t *testing.T) {
	tests := []struct {
		name      string
		rng       float64
		nation    Nation
		faces     []int // four to hit, then one per hit
		hits, des int
	}{
		// Point blank 3+ to hit, +1 damage: a 4 destroys.
		{"point blank", 4, "", []int{3, 2, 6, 1, 4, 3}, 2, 1},
		// Close 4+.
		{"close", 8, "", []int{3, 4, 5, 6, 5, 4, 6}, 3, 2},
		// Moderate 5+.
		{"moderate", 12, "", []int{4, 5, 6, 4, 5, 1}, 2, 1},
		// Spanish troops need a 4+ at moderate range.
		{"moderate Spanish", 12, Spanish, []int{4, 5, 3, 3, 5, 4}, 2, 1},
		// Long 6+, −1 damage: a 5 does not destroy, a 6 does.
		{"long", 18, "", []int{6, 6, 5, 1, 5, 6}, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, tt.faces...)
			sh := line(4)
			sh.Nation = tt.nation
			r, out, err := Shoot(src, Shot{Shooter: sh, Target: target(6), Range: tt.rng})
			if err != nil {
				t.Fatal(err)
			}
			src.Done()
			if out.Hits != tt.hits || out.Loss.Destroyed != tt.des {
				t.Errorf("Shoot at %v\" = %d hits, %d destroyed, want %d, %d\n%+v", tt.rng, out.Hits, out.Loss.Destroyed, tt.hits, tt.des, r)
			}
		})
	}
}

func TestShootDamageModifiers(t *testing.T) {
	tests := []struct {
		name  string
		rng   float64
		cover bool
		dmg   int
		want  int
	}{
		{"open 5+: 4 fails", 8, false, 4, 0},
		{"open 5+: 5 destroys", 8, false, 5, 1},
		{"point blank +1: 4 destroys", 3, false, 4, 1},
		{"point blank +1: 3 fails", 3, false, 3, 0},
		{"long −1: 5 fails", 18, false, 5, 0},
		{"long −1: 6 destroys", 18, false, 6, 1},
		{"cover needs 6: 5 fails", 8, true, 5, 0},
		{"cover needs 6: 6 destroys", 8, true, 6, 1},
		{"cover at point blank: 5 destroys", 3, true, 5, 1},
		{"cover at long range: even a 6 fails", 18, true, 6, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, 6, tt.dmg)
			_, out, err := Shoot(src, Shot{Shooter: line(1), Target: target(6), Range: tt.rng, Cover: tt.cover})
			if err != nil {
				t.Fatal(err)
			}
			src.Done()
			if out.Loss.Destroyed != tt.want {
				t.Errorf("destroyed = %d, want %d", out.Loss.Destroyed, tt.want)
			}
		})
	}
}

func TestShootFormations(t *testing.T) {
	for _, tt := range []struct {
		f    Formation
		dice int
	}{{Line, 5}, {Column, 1}, {Square, 5}, {Skirmish, 5}} {
		sh := line(5)
		sh.Formation = tt.f
		if got := FiringBases(sh); got != tt.dice {
			t.Errorf("FiringBases(%s) = %d, want %d", tt.f, got, tt.dice)
		}
	}
	// Only the front base of a column shoots: one die.
	sh := line(5)
	sh.Formation = Column
	src := dicetest.Script(t, 1)
	r, _, err := Shoot(src, Shot{Shooter: sh, Target: target(6), Range: 8})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	if !hasReading(r, "V2") {
		t.Errorf("column shot without reading V2: %+v", r.Readings)
	}
}

func TestShootLoading(t *testing.T) {
	sh := line(3)
	sh.Loaded = false
	_, _, err := Shoot(dicetest.Script(t), Shot{Shooter: sh, Target: target(6), Range: 8})
	var b *rules.Breach
	if !errors.As(err, &b) {
		t.Fatalf("unloaded musket: err = %v, want a breach", err)
	}
	// The pistol does not need to reload.
	p := Unit{Name: "Hussars", Kind: Cavalry, Bases: 3, Formation: Line, Weapon: Pistol, Special: Hussars}
	src := dicetest.Script(t, 1, 1, 1)
	if _, _, err := Shoot(src, Shot{Shooter: p, Target: target(6), Range: 4}); err != nil {
		t.Fatalf("pistol unloaded: %v", err)
	}
	src.Done()
	// Out of range: the shots are wasted, no dice, no base lost.
	r, out, err := Shoot(dicetest.Script(t), Shot{Shooter: line(3), Target: target(6), Range: 21})
	if err != nil || !out.OutOfRange || r.Odds[0].P != 1 || out.Loss != (Loss{Left: 6}) {
		t.Errorf("out of range = %+v, %v", out, err)
	}
	// Limbered artillery does not fire.
	gun := Unit{Name: "Battery", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon, Loaded: true, Limbered: true}
	if _, _, err := Shoot(dicetest.Script(t), Shot{Shooter: gun, Target: target(6), Range: 30}); !errors.As(err, &b) {
		t.Errorf("limbered gun fired: %v", err)
	}
}

// The Cannon: "If hits up to three bases may be wounded. 3+ Needed to Wound."
func TestCannon(t *testing.T) {
	gun := Unit{Name: "Battery", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon, Loaded: true}
	tests := []struct {
		name  string
		rng   float64
		tgt   Unit
		cover bool
		house House
		faces []int
		want  int
	}{
		{"close: three bases at 3+", 40, target(6), false, House{}, []int{4, 3, 2, 6}, 2},
		{"point blank +1: a 2 wounds", 20, target(6), false, House{}, []int{3, 2, 2, 1}, 2},
		{"long −1: a 3 fails", 90, target(6), false, House{}, []int{6, 3, 4, 6}, 2},
		{"skirmishers: one base", 40, func() Unit { u := target(6); u.Formation = Skirmish; return u }(), false, House{}, []int{5, 6}, 1},
		{"miss: no wound roll", 40, target(6), false, House{}, []int{3}, 0},
		{"cover: 6 needed", 40, target(6), true, House{}, []int{4, 5, 6, 3}, 1},
		{"cover house rule none: 3+ still", 40, target(6), true, House{CannonIgnoresCover: true}, []int{4, 5, 6, 3}, 3},
		{"a gun target: one base", 40, gun, false, House{}, []int{4, 3}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := dicetest.Script(t, tt.faces...)
			r, out, err := Shoot(src, Shot{Shooter: gun, Target: tt.tgt, Range: tt.rng, Cover: tt.cover, House: tt.house})
			if err != nil {
				t.Fatal(err)
			}
			src.Done()
			if out.Loss.Destroyed != tt.want {
				t.Errorf("destroyed = %d, want %d: %s", out.Loss.Destroyed, tt.want, r.Result)
			}
		})
	}
}

func TestShootElite(t *testing.T) {
	sh := line(1)
	sh.Elite = true
	// Default: no modifier (the text gives none); 4 misses at moderate.
	src := dicetest.Script(t, 4)
	r, out, _ := Shoot(src, Shot{Shooter: sh, Target: target(6), Range: 12})
	if out.Hits != 0 || !hasText(r, ReadingEliteFire.Text) {
		t.Errorf("elite default: %d hits, readings %v", out.Hits, r.Readings)
	}
	// House rule elite-fire=plus1: the 4 hits.
	src = dicetest.Script(t, 4, 6)
	_, out, _ = Shoot(src, Shot{Shooter: sh, Target: target(6), Range: 12, House: House{EliteFirePlus1: true}})
	if out.Hits != 1 {
		t.Errorf("elite +1: %d hits, want 1", out.Hits)
	}
}

func TestCuirassiersShot(t *testing.T) {
	cu := Unit{Name: "Cuirassiers", Kind: Cavalry, Bases: 4, Formation: Line, Weapon: Pistol, Special: Cuirassiers}
	src := dicetest.Script(t, 6, 5)
	_, out, _ := Shoot(src, Shot{Shooter: line(1), Target: cu, Range: 8})
	if out.Loss.Destroyed != 1 {
		t.Errorf("default (combat only): a 5 should destroy a cuirassier base when shot")
	}
	src = dicetest.Script(t, 6, 5)
	_, out, _ = Shoot(src, Shot{Shooter: line(1), Target: cu, Range: 8, House: House{CuirassierFire: true}})
	if out.Loss.Destroyed != 0 {
		t.Errorf("cuirassier-fire=fire: a 5 should not destroy")
	}
}

// Shooting odds agree with the arithmetic: per base P(hit)·P(destroy).
func TestShootOdds(t *testing.T) {
	src := dicetest.Script(t, 1, 1)
	r, _, _ := Shoot(src, Shot{Shooter: line(2), Target: target(6), Range: 8})
	q := 0.5 * (1.0 / 3) // close 4+, 5+ destroys
	want := map[string]float64{"no base lost": (1 - q) * (1 - q), "1 base": 2 * q * (1 - q), "2 bases": q * q}
	for _, c := range r.Odds {
		if w, ok := want[c.Outcome]; ok && math.Abs(c.P-w) > 1e-9 {
			t.Errorf("odds %s = %v, want %v", c.Outcome, c.P, w)
		}
	}
	// Cannon at close range against 6 bases: P(hit)=1/2, then 3 dice at 2/3.
	gun := Unit{Name: "Battery", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon, Loaded: true}
	src = dicetest.Script(t, 1)
	r, _, _ = Shoot(src, Shot{Shooter: gun, Target: target(6), Range: 40})
	p3 := 0.5 * math.Pow(2.0/3, 3)
	if got := chance(r, "3 bases"); math.Abs(got-p3) > 1e-9 {
		t.Errorf("cannon 3 bases = %v, want %v", got, p3)
	}
	if got := chance(r, "no base lost"); math.Abs(got-(0.5+0.5/27)) > 1e-9 {
		t.Errorf("cannon no loss = %v, want %v", got, 0.5+0.5/27)
	}
}

func chance(r rules.Ruling, outcome string) float64 {
	for _, c := range r.Odds {
		if c.Outcome == outcome {
			return c.P
		}
	}
	return -1
}

func hasReading(r rules.Ruling, id string) bool {
	for _, rd := range r.Readings {
		if rd.ID == id {
			return true
		}
	}
	return false
}

func hasText(r rules.Ruling, text string) bool {
	for _, rd := range r.Readings {
		if rd.Text == text {
			return true
		}
	}
	return false
}

// The exact odds of shooting agree with Monte-Carlo frequencies of the real roll
// path (a keyed dice.Stream per trial, fixed seed): muskets at point blank
// against a Spanish unit (rout at 3), and a cannon at long range.
func TestShootOddsMonteCarlo(t *testing.T) {
	gun := Unit{Name: "Battery", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon, Loaded: true}
	spanish := target(5)
	spanish.Nation = Spanish
	for _, s := range []Shot{
		{Shooter: line(4), Target: spanish, Range: 4},
		{Shooter: gun, Target: target(4), Range: 90},
	} {
		r, _, err := Shoot(dicetest.Script(t, repeat(1, 4)...), s)
		if err != nil {
			t.Fatal(err)
		}
		const trials = 20000
		seed := []byte("volleyfire shooting seed........")
		freq := map[string]int{}
		for i := range trials {
			_, out, err := Shoot(dice.NewStream(seed, uint64(i)), s)
			if err != nil {
				t.Fatal(err)
			}
			if out.Loss.Destroyed == 0 {
				freq["no base lost"]++
			} else {
				freq[plural(out.Loss.Destroyed, "base")]++
			}
			if out.Loss.Routed {
				freq[s.Target.Label()+" routs"]++
			}
		}
		for _, ch := range r.Odds {
			got := float64(freq[ch.Outcome]) / trials
			sd := math.Sqrt(ch.P * (1 - ch.P) / trials)
			if math.Abs(got-ch.P) > 5*sd+1e-3 {
				t.Errorf("%s, %s: Monte-Carlo %.4f, exact %.4f", r.Title, ch.Outcome, got, ch.P)
			}
		}
	}
}
