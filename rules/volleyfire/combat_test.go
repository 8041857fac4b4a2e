package volleyfire

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules/dice"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func cav(bases int) Unit {
	return Unit{Name: "Light Dragoons", Kind: Cavalry, Bases: bases, Formation: Line, Weapon: Pistol}
}

func inf(bases int) Unit {
	return Unit{Name: "Line", Kind: Infantry, Bases: bases, Formation: Line, Weapon: Musket}
}

func TestRout(t *testing.T) {
	tests := []struct {
		nation      Nation
		bases, lose int
		routed      bool
	}{
		{"", 5, 2, false}, {"", 5, 3, true}, // at 2 bases or fewer
		{British, 5, 3, false}, {British, 5, 4, true}, // British only at one
		{Spanish, 5, 1, false}, {Spanish, 5, 2, true}, // Spanish already at three
	}
	for _, tt := range tests {
		u := inf(tt.bases)
		u.Nation = tt.nation
		if got := TakeLosses(u, tt.lose); got.Routed != tt.routed {
			t.Errorf("TakeLosses(%s %d bases, %d) routed = %v, want %v", tt.nation, tt.bases, tt.lose, got.Routed, tt.routed)
		}
	}
	// The command base is the last base removed.
	u := inf(3)
	u.Command = true
	if l := TakeLosses(u, 3); l.CommandLost || l.Destroyed != 3 {
		t.Errorf("3 losses on 3 bases + command = %+v, want the command base kept", l)
	}
	if l := TakeLosses(u, 4); !l.CommandLost || l.Destroyed != 4 {
		t.Errorf("4 losses on 3 bases + command = %+v, want the command base lost", l)
	}
}

// Each side rolls a d6 a base, 5+ hits; the charger counts one extra base; the
// difference is rolled to wound at 5+. No rerolls: artillery against artillery.
func TestCombatBasics(t *testing.T) {
	gunA := Unit{Name: "A", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}
	gunB := gunA
	gunB.Name = "B"
	src := dicetest.Script(t, 5, 6, 2, 5, 1)
	r, out, err := Combat(src, Fight{Chargers: []Fighter{{gunA, true}}, Defenders: []Fighter{{gunB, false}}})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	// A: 1 base + 1 charging = 2 dice (5, 6) = 2 hits; B: 1 die (2) = 0 hits;
	// 2 wound rolls (5, 1): the gun is destroyed.
	if out.ChargerHits != 2 || out.DefenderHits != 0 || out.Loser != -1 || !out.Loss.Routed {
		t.Fatalf("combat = %+v\n%s", out, r.Result)
	}
}

func TestCombatDice(t *testing.T) {
	ul := cav(3)
	ul.Special = Ulhans
	ul.Arms = NoArms
	gun := Unit{Name: "Gun", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}
	plain := inf(4)
	plain.Arms = NoArms
	tests := []struct {
		name     string
		f        Fight
		att, def int
	}{
		{"charger one extra base", Fight{Chargers: []Fighter{{plain, true}}, Defenders: []Fighter{{plain, false}}}, 5, 4},
		{"ulhans five extra when charging", Fight{Chargers: []Fighter{{ul, true}}, Defenders: []Fighter{{gun, false}}}, 8, 1},
		{"ulhans not charging", Fight{Chargers: []Fighter{{plain, true}}, Defenders: []Fighter{{ul, false}}}, 5, 3},
		{"artillery one infantry base", Fight{Chargers: []Fighter{{plain, true}}, Defenders: []Fighter{{gun, false}}}, 5, 1},
		{"allies add", Fight{Chargers: []Fighter{{plain, true}, {plain, true}}, Defenders: []Fighter{{plain, false}}}, 10, 4},
		{"flank: line two bases", Fight{Chargers: []Fighter{{plain, true}}, Defenders: []Fighter{{plain, false}}, Facing: Flank}, 5, 2},
		{"flank: umpire's side bases", Fight{Chargers: []Fighter{{plain, true}}, Defenders: []Fighter{{plain, false}}, Facing: Flank, SideBases: 1}, 5, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _, err := Combat(&counter{}, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			var dice []int
			for _, s := range r.Steps {
				if s.Table == "combat" {
					dice = append(dice, len(s.Roll.Faces))
				}
			}
			att := 0
			for _, n := range dice[:len(tt.f.Chargers)] {
				att += n
			}
			if def := dice[len(dice)-1]; att != tt.att || def != tt.def {
				t.Errorf("dice = %d against %d, want %d against %d", att, def, tt.att, tt.def)
			}
		})
	}
}

// counter rolls 1s: every die misses, every combat is drawn.
type counter struct{}

func (c *counter) Roll(int) int { return 1 }

func TestRerollSources(t *testing.T) {
	sq := inf(4)
	sq.Formation = Square
	sk := inf(4)
	sk.Formation = Skirmish
	drag := cav(4)
	drag.Special = Dragoons
	drag.Weapon = Musket
	pol := inf(4)
	pol.Nation = Polish
	elite := inf(4)
	elite.Elite, elite.Command = true, true
	gun := Unit{Name: "Gun", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}
	tests := []struct {
		name string
		u, e Unit
		h    House
		want int
	}{
		{"mounted against infantry 2 + swords 2", cav(4), inf(4), House{}, 4},
		{"mounted against artillery (one infantry base)", cav(4), gun, House{}, 4},
		{"mounted against dragoons (fight as infantry)", cav(4), drag, House{}, 4},
		{"cavalry against cavalry: swords 2", cav(4), cav(4), House{}, 2},
		{"square: no mounted rerolls", cav(4), sq, House{}, 2},
		{"square, house as-infantry: one reroll", cav(4), sq, House{SquareAsInfantry: true}, 1},
		{"cavalry against skirmishers 2 more", cav(4), sk, House{}, 6},
		{"bayonets 1", inf(4), inf(4), House{}, 1},
		{"dragoons fight as infantry: bayonets 1", drag, inf(4), House{}, 1},
		{"elite 1 and command 1", elite, inf(4), House{}, 3},
		{"Polish infantry 1", pol, inf(4), House{}, 2},
		{"artillery: none", gun, inf(4), House{}, 0},
	}
	for _, tt := range tests {
		mods, _ := Rerolls(tt.u, tt.e, tt.h)
		got := 0
		for _, m := range mods {
			got += m.Value
		}
		if got != tt.want {
			t.Errorf("%s: Rerolls = %d (%v), want %d", tt.name, got, mods, tt.want)
		}
	}
}

func TestWoundNeed(t *testing.T) {
	cu := cav(4)
	cu.Special = Cuirassiers
	ru := inf(4)
	ru.Nation = Russian
	for _, tt := range []struct {
		u    Unit
		want int
	}{{inf(4), 5}, {cu, 6}, {ru, 6}} {
		if got, _ := WoundNeed(tt.u); got != tt.want {
			t.Errorf("WoundNeed(%s) = %d, want %d", tt.u.Label(), got, tt.want)
		}
	}
	// In a fight: 2 hits to 0 against Russians, wound rolls 5 and 6: one base.
	a, d := inf(3), inf(5)
	a.Arms, d.Arms, d.Nation = NoArms, NoArms, Russian
	src := dicetest.Script(t, 5, 6, 1, 1, 1, 1, 1, 1, 5, 6)
	_, out, err := Combat(src, Fight{Chargers: []Fighter{{a, true}}, Defenders: []Fighter{{d, false}}})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	if out.Loss.Destroyed != 1 {
		t.Errorf("against Russians 5,6 destroyed %d, want 1", out.Loss.Destroyed)
	}
}

// The referee rerolls misses and says which.
func TestCombatRerolls(t *testing.T) {
	a := inf(2) // 3 dice charging, bayonets 1 reroll
	d := inf(4)
	d.Arms = NoArms
	// a rolls 1, 5, 2 and d 1, 1, 1, 1; then a rerolls die 1 → 6: 2 hits to 0; wounds 5, 4.
	src := dicetest.Script(t, 1, 5, 2, 1, 1, 1, 1, 6, 5, 4)
	r, out, err := Combat(src, Fight{Chargers: []Fighter{{a, true}}, Defenders: []Fighter{{d, false}}})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	if out.ChargerHits != 2 || out.Loss.Destroyed != 1 {
		t.Errorf("combat = %+v", out)
	}
	if got := r.Steps[2].What; got != "Line: 1 miss rerolled (die 1: 1→6)" {
		t.Errorf("reroll step = %q", got)
	}
	// House rule reroll-same-die=again: with 2 rerolls one die may be rerolled twice.
	c := cav(1) // 2 dice charging, swords 2 (+ mounted 2 against infantry)
	src = dicetest.Script(t, 1, 5, 1, 1, 1, 1, 2, 2, 2, 6, 5, 1)
	_, out, err = Combat(src, Fight{Chargers: []Fighter{{c, true}}, Defenders: []Fighter{{d, false}}, House: House{RerollAgain: true}})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	if out.ChargerHits != 2 {
		t.Errorf("again: charger hits = %d, want 2", out.ChargerHits)
	}
}

func TestRearCharge(t *testing.T) {
	d := inf(6)
	d.Command = true
	r, out, err := Combat(dicetest.Script(t), Fight{Chargers: []Fighter{{cav(2), true}}, Defenders: []Fighter{{d, false}}, Facing: Rear})
	if err != nil || !out.RearDestroyed || out.Loss.Left != 0 || !out.Loss.CommandLost {
		t.Errorf("rear charge = %+v, %v (%s)", out, err, r.Result)
	}
}

// rerolledHits agrees with enumeration of every way the dice can fall.
func TestRerolledHitsExact(t *testing.T) {
	for _, again := range []bool{false, true} {
		for n := 0; n <= 3; n++ {
			for k := 0; k <= 3; k++ {
				want := enumerate(n, k, again)
				got := rerolledHits(n, k, 1.0/3, again)
				for h := 0; h <= n; h++ {
					if math.Abs(got.P(h)-want[h]) > 1e-12 {
						t.Errorf("rerolledHits(%d, %d, again=%v).P(%d) = %v, want %v", n, k, again, h, got.P(h), want[h])
					}
				}
			}
		}
	}
	// One die, k rerolls of the same die: 1−(2/3)^(k+1).
	for k := 0; k <= 3; k++ {
		if got, want := rerolledHits(1, k, 1.0/3, true).P(1), 1-math.Pow(2.0/3, float64(k+1)); math.Abs(got-want) > 1e-12 {
			t.Errorf("one die, %d rerolls again: %v, want %v", k, got, want)
		}
	}
	// Once: two dice and two rerolls, each die rerolled at most once: 1−(2/3)^2 each.
	q := 1 - 4.0/9
	if got := rerolledHits(2, 2, 1.0/3, false).P(2); math.Abs(got-q*q) > 1e-12 {
		t.Errorf("two dice two rerolls once: %v, want %v", got, q*q)
	}
}

// enumerate walks every sequence of faces through the real reroll procedure.
func enumerate(n, k int, again bool) []float64 {
	out := make([]float64, n+1)
	var walk func(seq []int, p float64)
	walk = func(seq []int, p float64) {
		src := &seqSource{faces: seq}
		faces, _ := pool(src, n, CombatHit, 0)
		after := reroll(src, faces, CombatHit, k, again).After
		if src.short {
			for f := 1; f <= 6; f++ {
				walk(append(append([]int(nil), seq...), f), p/6)
			}
			return
		}
		out[count(after, CombatHit)] += p
	}
	walk(nil, 1)
	return out
}

type seqSource struct {
	faces []int
	i     int
	short bool
}

func (s *seqSource) Roll(int) int {
	if s.i >= len(s.faces) {
		s.short = true
		return 1
	}
	s.i++
	return s.faces[s.i-1]
}

// The exact odds of a combat agree with Monte-Carlo frequencies of the real roll
// path (a keyed dice.Stream per trial, fixed seed).
func TestCombatOddsMonteCarlo(t *testing.T) {
	c := cav(3)
	c.Elite = true
	d := inf(5)
	d.Nation = Russian
	fight := Fight{Chargers: []Fighter{{c, true}}, Defenders: []Fighter{{d, false}}}
	r, _, err := Combat(dicetest.Script(t, repeat(1, 40)...), fight)
	if err != nil {
		t.Fatal(err)
	}
	const trials = 20000
	seed := []byte("volleyfire monte carlo seed.....")
	freq := map[string]int{}
	for i := range trials {
		_, out, err := Combat(dice.NewStream(seed, uint64(i)), fight)
		if err != nil {
			t.Fatal(err)
		}
		switch out.Loser {
		case -1:
			freq[c.Label()+" wins"]++
			if out.Loss.Destroyed > 0 {
				freq[d.Label()+" loses a base"]++
			}
			if out.Loss.Routed {
				freq[d.Label()+" routs"]++
			}
		case 1:
			freq[d.Label()+" wins"]++
			if out.Loss.Destroyed > 0 {
				freq[c.Label()+" loses a base"]++
			}
			if out.Loss.Routed {
				freq[c.Label()+" routs"]++
			}
		default:
			freq["drawn"]++
		}
	}
	for _, ch := range r.Odds {
		got := float64(freq[ch.Outcome]) / trials
		sd := math.Sqrt(ch.P * (1 - ch.P) / trials)
		if math.Abs(got-ch.P) > 5*sd+1e-3 {
			t.Errorf("%s: Monte-Carlo %.4f, exact %.4f", ch.Outcome, got, ch.P)
		}
	}
}

func repeat(f, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = f
	}
	return s
}

// Flank: only the defender's bases on that side fight (ReadingFlank).
func TestFlankBases(t *testing.T) {
	col, sq, sk := inf(6), inf(6), inf(6)
	col.Formation, sq.Formation, sk.Formation = Column, Square, Skirmish
	gun := Unit{Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}
	for _, tt := range []struct {
		u    Unit
		want int
	}{{inf(6), 2}, {inf(1), 1}, {col, 6}, {sq, 6}, {sk, 1}, {gun, 1}} {
		if got := FlankBases(tt.u); got != tt.want {
			t.Errorf("FlankBases(%s) = %d, want %d", tt.u.Formation, got, tt.want)
		}
	}
}
