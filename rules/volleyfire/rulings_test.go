package volleyfire

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice/dicetest"
)

// The charge bonus and the rerolls, as docs/readings.md reads V2a, V4a and V7: the
// dice each side rolls, the rerolls each may take, and the reading cited.
func TestChargeBonusAndRerolls(t *testing.T) {
	ulhans, dragoons, musketDragoons, cuirassiers := cav(4), cav(4), cav(4), cav(4)
	ulhans.Special, dragoons.Special, cuirassiers.Special = Ulhans, Dragoons, Cuirassiers
	musketDragoons.Special, musketDragoons.Weapon = Dragoons, Musket
	square, skirmishers := inf(6), inf(6)
	square.Formation, skirmishers.Formation = Square, Skirmish
	tests := []struct {
		rule             string
		charger, charged Unit
		dice, rerolls    int // the charger's
		reading          string
	}{
		{"V2a: Ulhans charging a square count the infantry bonus, one extra base, no mounted rerolls", ulhans, square, 4 + 1, 2, "V2a"},
		{"V2a: cavalry charging a square: one extra base, swords 2 but no mounted 2", cuirassiers, square, 4 + 1, 2, "V2a"},
		{"V7: Ulhans charging a line count five extra bases", ulhans, inf(6), 4 + 5, 4, "V7"},
		{"V4a: dragoons fight as infantry: no mounted rerolls, their swords 2", dragoons, inf(6), 4 + 1, 2, "V4a"},
		{"V4a: dragoons with muskets: bayonets 1", musketDragoons, inf(6), 4 + 1, 1, "V4a"},
		{"V4a: dragoons against skirmishers: no cavalry bonus, swords 2", dragoons, skirmishers, 4 + 1, 2, "V4a"},
		{"V2: cavalry against skirmishers: mounted 2, swords 2 and 2 more", cav(4), skirmishers, 4 + 1, 6, "V2"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r, _, err := Combat(&counter{}, Fight{Chargers: []Fighter{{tt.charger, true}}, Defenders: []Fighter{{tt.charged, false}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(r.Steps[0].Roll.Faces); got != tt.dice {
				t.Errorf("%s rolls %d dice, want %d (%s)", tt.charger.Label(), got, tt.dice, r.Steps[0].Worked)
			}
			mods, _ := Rerolls(tt.charger, tt.charged, House{})
			if got := rules.Sum(mods); got != tt.rerolls {
				t.Errorf("%s has %d rerolls (%v), want %d", tt.charger.Label(), got, mods, tt.rerolls)
			}
			if !hasReading(r, tt.reading) {
				t.Errorf("no reading %s in %v", tt.reading, r.Readings)
			}
		})
	}
}

// V7: "offensive purposes only" — each side rerolls only its own dice, to
// score hits, never the enemy's: a defender with bayonets rerolls one of its
// own misses.
func TestEachSideRerollsItsOwnDice(t *testing.T) {
	charger, defender := inf(2), inf(3)
	charger.Arms = NoArms // no rerolls
	// The charger's 3 dice 5, 6, 1: 2 hits; the defender's 1, 1, 5: 1 hit;
	// the defender rerolls its die 1: 1 → 6: 2 hits each.
	src := dicetest.Script(t, 5, 6, 1, 1, 1, 5, 6)
	r, out, err := Combat(src, Fight{Chargers: []Fighter{{charger, true}}, Defenders: []Fighter{{defender, false}}})
	if err != nil {
		t.Fatal(err)
	}
	src.Done()
	reroll := r.Steps[2]
	if reroll.Table != "rerolls" || reroll.What != "Line: 1 miss rerolled (die 1: 1→6)" || len(r.Steps) != 3 {
		t.Errorf("rerolls = %+v", r.Steps[2:])
	}
	if out.ChargerHits != 2 || out.DefenderHits != 2 || r.Result != "2 hits each: no wounds; the units stay in combat." {
		t.Errorf("combat = %+v, %q", out, r.Result)
	}
	if !strings.Contains(V7.Text, "each side rerolls only its own dice") {
		t.Errorf("V7 does not state it: %s", V7.Text)
	}
}

// Every die is shown with its face; the count of hits is the step's result.
func TestDiceShowTheirFaces(t *testing.T) {
	r, _, err := Shoot(dicetest.Script(t, 6, 6), Shot{Shooter: line(1), Target: target(4), Range: 8})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Steps {
		if s.Roll.Shown != "[6]" || s.Roll.Total != 1 {
			t.Errorf("%s: a single 6 shown as %q (total %d)", s.What, s.Roll.Shown, s.Roll.Total)
		}
	}
	r, _, err = Combat(dicetest.Script(t, 5, 1, 1, 1), Fight{Chargers: []Fighter{{Unit: Unit{Name: "A", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}, Charged: true}},
		Defenders: []Fighter{{Unit: Unit{Name: "B", Kind: Artillery, Bases: 1, Formation: Line, Weapon: Cannon}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Steps[2].What; !strings.HasPrefix(got, "1 hit to 0:") {
		t.Errorf("one hit to none reads %q", got)
	}
}
