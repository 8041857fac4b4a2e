package greenjackets

import (
	"math"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func TestMeleeModifiersEachOne(t *testing.T) {
	tests := []struct {
		name  string
		f     Fighter
		first bool
		want  int
	}{
		{"stunned -3", Fighter{Stunned: true}, true, -3},
		{"pinned counts as stunned -3", Fighter{Pinned: true}, true, -3},
		{"seriously wounded -3", Fighter{SeriouslyWounded: true}, true, -3},
		{"novice -1", Fighter{Quality: Raw}, true, -1},
		{"veteran +1", Fighter{Quality: Veteran}, true, 1},
		{"strongman +1", Fighter{Strongman: true}, true, 1},
		{"hero +1", Fighter{Hero: true}, true, 1},
		{"bayonet +1", Fighter{Weapon: Bayonet}, true, 1},
		{"sword +2", Fighter{Weapon: Sword}, true, 2},
		{"axe +3", Fighter{Weapon: Axe}, true, 3},
		{"lance first round +3", Fighter{Weapon: Lance}, true, 3},
		{"lance later -2", Fighter{Weapon: Lance}, false, -2},
		{"charging +2", Fighter{Charging: true}, true, 2},
		{"mounted in the open +2", Fighter{Mounted: true}, false, 2},
		{"mounted in woods -2", Fighter{Mounted: true, Terrain: InWoods}, false, -2},
		{"horse: charging +2, impact +2", Fighter{Horse: true}, true, 4},
	}
	for _, tt := range tests {
		if got := rules.Sum(MeleeModifiers(tt.f, tt.first, "")); got != tt.want {
			t.Errorf("%s: %+d, want %+d", tt.name, got, tt.want)
		}
	}
}

func TestMeleeOneOnOneTiesRollAgain(t *testing.T) {
	// 10 v 10 tie, then 12 v 7: Harper wins; Dubois takes a hit, 14 dead.
	src := dicetest.Script(t, 10, 10, 12, 7, 14)
	r, out, err := Fight(src, Melee{A: []Fighter{{Name: "Harper"}}, B: []Fighter{{Name: "Dubois"}}, FirstRound: true})
	src.Done()
	if err != nil || len(out.Contests) != 1 || out.Contests[0].Winner != "Harper" || out.Contests[0].Hit.Effect != Dead {
		t.Fatalf("Fight = %+v, %v (%s)", out, err, r.Result)
	}
	if p := r.Odds[0].P; math.Abs(p-0.5) > 1e-12 {
		t.Errorf("even melee odds %v, want 0.5", p)
	}
}

func TestTwoOnOneParryAndNamedTarget(t *testing.T) {
	// Harper (lone) names Leclerc. Against Dubois: 15 v 5, a parry. Against Leclerc: 15 v 5, a wound (effect 8).
	src := dicetest.Script(t, 15, 5, 15, 5, 8)
	r, out, err := Fight(src, Melee{A: []Fighter{{Name: "Harper"}}, B: []Fighter{{Name: "Dubois"}, {Name: "Leclerc"}}, Target: "Leclerc"})
	src.Done()
	if err != nil || len(out.Contests) != 2 || !out.Contests[0].Parry || out.Contests[1].Hit.Effect != Serious {
		t.Fatalf("Fight = %+v, %v (%s)", out, err, r.Result)
	}
	// Beaten by Dubois, Harper takes the hit; naming no one, he wounds Leclerc,
	// the one he beat (G19a), once every roll is made (effect 10).
	src = dicetest.Script(t, 2, 18, 1, 19, 3, 10)
	_, out, _ = Fight(src, Melee{A: []Fighter{{Name: "Harper"}}, B: []Fighter{{Name: "Dubois"}, {Name: "Leclerc"}}})
	src.Done()
	if out.Contests[0].Loser != "Harper" || out.Contests[1].Winner != "Harper" || out.Contests[1].Parry || out.Contests[1].Hit.Effect != Serious {
		t.Errorf("Fight = %+v", out)
	}
}

func TestCavalryChargingFootAttacksTwice(t *testing.T) {
	m := Melee{A: []Fighter{{Name: "Dragoon", Mounted: true, Charging: true, Weapon: Sword}}, B: []Fighter{{Name: "Harris", Weapon: Bayonet}}, FirstRound: true}
	// Harris 10+1 against the rider 9+6: the rider wins (effect 1, stunned); Harris
	// 10+1 against the horse 9+4: the horse wins (effect 2).
	src := dicetest.Script(t, 10, 9, 1, 10, 9, 2)
	r, out, err := Fight(src, m)
	src.Done()
	if err != nil || len(out.Contests) != 2 || out.Contests[0].Loser != "Harris" || out.Contests[1].Winner != "Dragoon's horse" {
		t.Fatalf("Fight = %+v, %v (%v)", out, err, r.Steps)
	}
	// Harris +1 against rider +2 sword +2 charging +2 mounted = +6, and the horse +4.
	if got := rules.Sum(r.Steps[1].Modifiers); got != 6 {
		t.Errorf("rider modifiers %+d, want +6", got)
	}
	if got := rules.Sum(r.Steps[4].Modifiers); got != 4 {
		t.Errorf("horse modifiers %+d, want +4", got)
	}
	// Not the first round: one attack.
	m.FirstRound = false
	_, out, _ = Fight(dicetest.Script(t, 10, 1, 5), m)
	if len(out.Contests) != 1 {
		t.Errorf("later round: %d contests, want 1", len(out.Contests))
	}
}

func TestWinChanceAgreesWithTheArithmetic(t *testing.T) {
	// +3 against 0: of 400 pairs, ties are 17, wins 20*20 - ... count directly.
	win, tie := 0, 0
	for x := 1; x <= 20; x++ {
		for y := 1; y <= 20; y++ {
			if x+3 > y {
				win++
			} else if x+3 == y {
				tie++
			}
		}
	}
	if got, want := WinChance(3, 0), float64(win)/float64(400-tie); math.Abs(got-want) > 1e-12 || tie != 17 {
		t.Errorf("WinChance(3, 0) = %v, want %v", got, want)
	}
	if got := WinChance(2, 2); got != 0.5 {
		t.Errorf("WinChance(2, 2) = %v", got)
	}
}
