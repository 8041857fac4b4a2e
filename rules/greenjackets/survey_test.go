package greenjackets

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules/dice/dicetest"
	"github.com/referee-bot/referee/rules/tabletop"
	"github.com/referee-bot/referee/rules/tabletop/tabletoptest"
)

// What Lt Sharpe, a 1" square at (10,5), glimpses on a table with a copse
// from (20,20) to (30,30) of Capt Dubois's hidden section: the nearest
// member he sees, the range between the nearest edges (centres apart less
// 1"), the cover of the ground it stands in.
func TestGlimpses(t *testing.T) {
	at := func(name string, x, y float64) tabletop.Unit {
		return tabletop.Unit{Name: name, At: tabletop.Point{x, y}, Width: 1, Depth: 1}
	}
	sharpe := at("Lt Sharpe", 10, 5)
	for _, tt := range []struct {
		name  string
		units []tabletop.Unit
		want  []Glimpse
	}{{
		name:  "the Voltigeurs 19\" off in the open are nearer than their captain",
		units: []tabletop.Unit{at("Voltigeurs", 10, 25), at("Capt Dubois", 10, 40)},
		want:  []Glimpse{{Section: "Capt Dubois", Member: "Voltigeurs", Range: 19, Cover: Open}},
	}, {
		name: "the Voltigeurs behind the copse are out of sight: their captain, 29\" off, is what he glimpses",
		// from (10,5) to (25,35) the line runs through the copse from (20,25) to (22.5,30)
		units: []tabletop.Unit{at("Voltigeurs", 25, 35), at("Capt Dubois", 40, 5)},
		want:  []Glimpse{{Section: "Capt Dubois", Member: "Capt Dubois", Range: 29, Cover: Open}},
	}, {
		name:  "the Voltigeurs in the copse are out of sight, and none of the section else is on the table",
		units: []tabletop.Unit{at("Voltigeurs", 25, 25)},
		want:  nil,
	}, {
		name: "nothing of the section on the table",
		want: nil,
	}} {
		t.Run(tt.name, func(t *testing.T) {
			table := tabletop.Table{Width: 72, Depth: 48, Units: append([]tabletop.Unit{sharpe}, tt.units...),
				Terrain: []tabletop.Feature{{Kind: "wood", Name: "Copse", Area: tabletoptest.Square(20, 20, 30, 30)}}}
			got := Glimpses(table, sharpe, hiddenBridge().UnseenSections("British"))
			for i := range got {
				got[i].Range = tabletop.Tenth(got[i].Range)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Glimpses (-want +got):\n%s", diff)
			}
		})
	}
}

// G6 on the table: Lt Sharpe's one roll is read for what he glimpses of
// the hidden French section; what he spots is revealed to the British and
// named, what he does not spot is nowhere in the ruling, and the roll is
// made whatever he glimpses.
func TestSurveySpotsOnlyWhatTheRollAllows(t *testing.T) {
	voltigeurs := func(r float64, c Cover) []Glimpse {
		return []Glimpse{{Section: "Capt Dubois", Member: "Voltigeurs", Range: r, Cover: c}}
	}
	for _, tt := range []struct {
		name     string
		glimpses []Glimpse
		speed    Speed
		face     int
		spotted  bool
	}{
		{"19\" in the open needs 15: a 15 spots", voltigeurs(19, Open), "", 15, true},
		{"19\" in the open needs 15: a 16 does not", voltigeurs(19, Open), "", 16, false},
		{"jogging, 19\" in the open needs 14: a 15 does not", voltigeurs(19, Open), Jog, 15, false},
		{"4\" in the open is automatic: a 20 spots", voltigeurs(4, Open), "", 20, true},
		{"35\" in hard cover needs 6: a 6 spots", voltigeurs(35, Hard), "", 6, true},
		{"nothing glimpsed: the roll is made, nothing spotted", nil, "", 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := hiddenBridge()
			src := dicetest.Script(t, tt.face)
			out, err := b.Survey(src, SurveyOrder{Actor: alice, Officer: "Lt Sharpe", Speed: tt.speed, Glimpses: tt.glimpses})
			src.Done()
			if err != nil {
				t.Fatal(err)
			}
			if seen := len(b.Unseen("British")) == 0; seen != tt.spotted {
				t.Errorf("the British see Capt Dubois's section: %v, want %v", seen, tt.spotted)
			}
			if got := len(b.Unseen("")); got != len(dubois) {
				t.Errorf("the main channel sees %d of the section's names, want none", len(dubois)-got)
			}
			ruling := fmt.Sprintf("%+v %v", out.Ruling, out.Notes)
			for _, n := range []string{"Capt Dubois", "Voltigeurs"} {
				if got := strings.Contains(ruling, n); got != tt.spotted {
					t.Errorf("the ruling names %s: %v, want %v: %s", n, got, tt.spotted, ruling)
				}
			}
		})
	}
}
