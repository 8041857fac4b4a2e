package crimea

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

func infantry(name string) Combatant {
	return Combatant{Name: name, Type: HeavyInfantry, Formation: Line, Morale: 50}
}

func TestAttackerModifiers(t *testing.T) {
	tests := []struct {
		name string
		in   CombatInput
		want []rules.Modifier
	}{
		{"none", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, nil},
		{"officer attached", CombatInput{Attacker: Combatant{Type: HeavyInfantry, Officer: "Campbell"}, Defender: infantry("d")},
			[]rules.Modifier{{Value: 10, Reason: "officer attached (Campbell)"}}},
		{"cavalry at infantry in line", CombatInput{Attacker: Combatant{Type: LightCavalry}, Defender: infantry("d")},
			[]rules.Modifier{{Value: 10, Reason: "cavalry attacking infantry not in square or works"}}},
		{"cavalry at a square", CombatInput{Attacker: Combatant{Type: HeavyCavalry}, Defender: Combatant{Type: HeavyInfantry, Formation: Square}}, nil},
		{"cavalry at works", CombatInput{Attacker: Combatant{Type: HeavyCavalry}, Defender: Combatant{Type: LightInfantry, Formation: Works}}, nil},
		{"from the rear", CombatInput{Attacker: infantry("a"), Defender: infantry("d"), Facing: Rear},
			[]rules.Modifier{{Value: 10, Reason: "attacking from the rear"}}},
		{"uphill", CombatInput{Attacker: infantry("a"), Defender: infantry("d"), Uphill: true},
			[]rules.Modifier{{Value: -10, Reason: "attacking uphill"}}},
		{"two stands lost to fire", CombatInput{Attacker: Combatant{Type: HeavyInfantry, LostToFire: 2}, Defender: infantry("d")},
			[]rules.Modifier{{Value: -20, Reason: "2 stands lost to fire this turn"}}},
		{"artillery frontally", CombatInput{Attacker: infantry("a"), Defender: Combatant{Type: FootArtillery}, Facing: Front},
			[]rules.Modifier{{Value: -10, Reason: "attacking artillery frontally"}}},
		{"artillery from the flank", CombatInput{Attacker: infantry("a"), Defender: Combatant{Type: FootArtillery}, Facing: Flank}, nil},
	}
	for _, tt := range tests {
		if tt.in.Facing == "" {
			tt.in.Facing = Front
		}
		if diff := cmp.Diff(tt.want, AttackerModifiers(tt.in), briefLeftOut); diff != "" {
			t.Errorf("%s: AttackerModifiers (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestDefenderModifiers(t *testing.T) {
	tests := []struct {
		name string
		d    Combatant
		want []rules.Modifier
	}{
		{"none", infantry("d"), nil},
		{"officer attached", Combatant{Officer: "Gorchakov"}, []rules.Modifier{{Value: 10, Reason: "officer attached (Gorchakov)"}}},
		{"works", Combatant{Formation: Works}, []rules.Modifier{{Value: 10, Reason: "defending works"}}},
		{"one stand lost to fire", Combatant{LostToFire: 1}, []rules.Modifier{{Value: -10, Reason: "1 stand lost to fire this turn"}}},
		{"disordered", Combatant{Disordered: true}, []rules.Modifier{{Value: -10, Reason: "disordered"}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, DefenderModifiers(CombatInput{Attacker: infantry("a"), Defender: tt.d}), briefLeftOut); diff != "" {
			t.Errorf("%s: DefenderModifiers (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestCasualties(t *testing.T) {
	tests := []struct {
		own, enemy int
		rule       CasualtyRule
		want       int
	}{
		{50, 59, CasualtiesBoth, 0},
		{50, 60, CasualtiesBoth, 1},
		{30, 49, CasualtiesBoth, 0},
		{30, 50, CasualtiesBoth, 1},
		{40, 60, CasualtiesBoth, 2},
		{40, 60, CasualtiesOne, 1},
		{90, 70, CasualtiesBoth, 1},
	}
	for _, tt := range tests {
		if got, _ := Casualties(tt.own, tt.enemy, tt.rule); got != tt.want {
			t.Errorf("Casualties(%d, %d, %s) = %d, want %d", tt.own, tt.enemy, tt.rule, got, tt.want)
		}
	}
}

func TestCloseCombat(t *testing.T) {
	tests := []struct {
		name  string
		in    CombatInput
		faces []int
		want  CombatOutcome
	}{
		{"attacker fails morale", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, d(50),
			CombatOutcome{}},
		{"defender fails morale", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, rolls(60, 20),
			CombatOutcome{AttackerPassed: true}},
		{"attacker wins, both casualty rules on the defender", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, rolls(90, 55),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 90, DefenderTotal: 55, Winner: "attacker", DefenderLost: 2}},
		{"winner loses a stand too when the loser makes 60", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, rolls(75, 62),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 75, DefenderTotal: 62, Winner: "attacker", AttackerLost: 1, DefenderLost: 1}},
		{"defender wins with works and officer", CombatInput{Attacker: infantry("a"), Defender: Combatant{Name: "d", Type: HeavyInfantry, Formation: Works, Morale: 50, Officer: "Todleben"}},
			rolls(80, 65, 10),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 80, DefenderTotal: 85, Winner: "defender", AttackerLost: 1, DefenderLost: 1}},
		{"tie holds", CombatInput{Attacker: infantry("a"), Defender: infantry("d")}, rolls(57, 57),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 57, DefenderTotal: 57}},
		{"tie to the defender by house rule", CombatInput{Attacker: infantry("a"), Defender: infantry("d"), Tie: TieDefender}, rolls(57, 57),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 57, DefenderTotal: 57, Winner: "defender"}},
		{"officer killed on 95", CombatInput{Attacker: Combatant{Name: "a", Type: LightCavalry, Morale: 50, Officer: "Nolan"}, Defender: Combatant{Name: "d", Type: FootArtillery, Morale: 50}},
			rolls(60, 90, 95),
			// attacker 60 +10 officer −10 artillery frontally = 60; defender 90: attacker loses 2, officer rolls 95
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 60, DefenderTotal: 90, Winner: "defender", AttackerLost: 2, AttackerOfficerKilled: true, DefenderLost: 1}},
		{"officer unhurt on 94", CombatInput{Attacker: Combatant{Name: "a", Type: LightCavalry, Morale: 50, Officer: "Nolan"}, Defender: Combatant{Name: "d", Type: FootArtillery, Morale: 50}},
			rolls(60, 90, 94),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 60, DefenderTotal: 90, Winner: "defender", AttackerLost: 2, DefenderLost: 1}},
		{"house rule: one stand at most", CombatInput{Attacker: infantry("a"), Defender: infantry("d"), Casualties: CasualtiesOne}, rolls(90, 55),
			CombatOutcome{AttackerPassed: true, DefenderPassed: true, AttackerTotal: 90, DefenderTotal: 55, Winner: "attacker", DefenderLost: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.in.Morale == "" {
				tt.in.Morale = MoraleHigh
			}
			if tt.in.Tie == "" {
				tt.in.Tie = TieHold
			}
			if tt.in.Casualties == "" {
				tt.in.Casualties = CasualtiesBoth
			}
			src := dicetest.Script(t, tt.faces...)
			r, out, err := CloseCombat(src, tt.in)
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("CloseCombat (-want +got):\n%s\n%s", diff, r.Result)
			}
		})
	}
}

func TestCloseCombatWording(t *testing.T) {
	in := CombatInput{Attacker: infantry("Alma Zouaves"), Defender: infantry("Minsk Regiment"), Morale: MoraleHigh, Tie: TieHold, Casualties: CasualtiesBoth}
	src := dicetest.Script(t, rolls(57, 57)...)
	r, _, _ := CloseCombat(src, in)
	if !strings.HasPrefix(r.Result, "A tie at 57: both hold.") {
		t.Errorf("Result = %q", r.Result)
	}
	found := false
	for _, rd := range r.Readings {
		if rd.ID == "C8" && strings.Contains(rd.Text, "tie") {
			found = true
		}
	}
	if !found {
		t.Errorf("readings %v lack the tie reading", r.Readings)
	}
}

// TestCombatOdds checks the computed odds against a count over every pair of rolls.
func TestCombatOdds(t *testing.T) {
	ins := []CombatInput{
		{Attacker: infantry("a"), Defender: infantry("d"), Morale: MoraleHigh, Tie: TieHold, Casualties: CasualtiesBoth},
		{Attacker: Combatant{Name: "a", Type: HeavyCavalry, Morale: 70, Officer: "Scarlett"}, Defender: Combatant{Name: "d", Type: LightInfantry, Morale: 30, Disordered: true},
			Facing: Rear, Morale: MoraleHigh, Tie: TieDefender, Casualties: CasualtiesOne},
		{Attacker: infantry("a"), Defender: Combatant{Name: "d", Type: HeavyInfantry, Formation: Works, Morale: 80}, Morale: MoraleLow, Tie: TieHold, Casualties: CasualtiesBoth},
	}
	for _, in := range ins {
		counts := map[string]int{}
		for ra := 1; ra <= 100; ra++ {
			for rd := 1; rd <= 100; rd++ {
				_, out, err := closeCombat(&fixed{faces: append(d(ra), append(d(rd), 1, 1)...)}, in)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case !out.AttackerPassed:
					counts["attacker fails morale"]++
				case !out.DefenderPassed:
					counts["defender falls back"]++
				case out.Winner == "attacker":
					counts["attacker wins"]++
				case out.Winner == "defender":
					counts["defender wins"]++
				default:
					counts["tie, both hold"]++
				}
				if out.AttackerLost > 0 {
					counts["attacker loses a stand or more"]++
				}
				if out.DefenderLost > 0 {
					counts["defender loses a stand or more"]++
				}
			}
		}
		r, _, _ := CloseCombat(&fixed{faces: []int{10}}, in)
		for _, c := range r.Odds {
			if strings.HasSuffix(c.Outcome, "killed") {
				continue
			}
			if !near(c.P, float64(counts[c.Outcome])/10000) {
				t.Errorf("odds %q = %v, count %d/10000", c.Outcome, c.P, counts[c.Outcome])
			}
		}
		sumOdds(t, r.Odds, 4+map[bool]int{true: 1}[in.Tie == TieHold])
	}
}

func TestShuffle(t *testing.T) {
	// Fisher–Yates from the top: faces 8,7,...,2 each pick the card itself: no change.
	src := dicetest.Script(t, 8, 7, 6, 5, 4, 3, 2)
	got := Shuffle(src)
	src.Done()
	if diff := cmp.Diff(Deck, got); diff != "" {
		t.Errorf("Shuffle with identity faces (-want +got):\n%s", diff)
	}
	// Faces all 1 swap each card with the first in turn.
	got = Shuffle(dicetest.Script(t, 1, 1, 1, 1, 1, 1, 1))
	if got[0] != (Card{Allied, LeftWing}) || got[7] != (Card{Allied, RightWing}) || len(got) != 8 {
		t.Errorf("Shuffle(all 1s) = %v", got)
	}
	seen := map[Card]bool{}
	for _, c := range got {
		seen[c] = true
	}
	if len(seen) != 8 {
		t.Errorf("Shuffle lost cards: %v", got)
	}
}

func TestCardMoves(t *testing.T) {
	if got := (Card{Russian, FreeMove}).Moves(); got != "the Russian side moves any one command of its choice" {
		t.Errorf("Moves = %q", got)
	}
	if got := (Card{Allied, CavalryC}).Moves(); got != "the Allied cavalry moves" {
		t.Errorf("Moves = %q", got)
	}
}

// briefLeftOut compares modifiers by value and reason: their short reasons
// are for a short ruling's arithmetic.
var briefLeftOut = cmpopts.IgnoreFields(rules.Modifier{}, "Short")
