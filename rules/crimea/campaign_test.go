package crimea

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// alma is Raglan's wing before the Alma: the Light Division (6 stands) under
// Raglan, the 4th Division under Cathcart, Raglan's brigade officer.
func alma() *Board {
	return &Board{
		Officers: []Officer{
			{Name: "Raglan", Side: Allied, Rank: WingCommander, Wing: LeftWing, Calibre: Normal, Morale: 50},
			{Name: "Cathcart", Side: Allied, Rank: BrigadeOfficer, Superior: "Raglan", Calibre: Cautious, Morale: 50},
		},
		Units: []Unit{
			{Name: "Light Division", Side: Allied, Nationality: British, Type: HeavyInfantry, Formation: Line, Stands: 6, Start: 6, Morale: 50, Officer: "Raglan"},
			{Name: "4th Division", Side: Allied, Nationality: British, Type: HeavyInfantry, Formation: Line, Stands: 6, Start: 6, Morale: 50, Officer: "Cathcart"},
		},
	}
}

// TestCarryBack: K1–K4 as docs/readings.md reads them, and each switched, on a
// battle that killed Cathcart, wounded Raglan, cost the Light Division two
// stands and left it disordered, and destroyed the 4th Division.
func TestCarryBack(t *testing.T) {
	fought := func() *Board {
		b := alma()
		b.Turn, b.Units[0].Stands, b.Units[0].Disordered, b.Units[0].LostToFire, b.Units[1].Stands = 3, 4, true, 1, 0
		b.Officers[0].Wounded, b.Officers[0].Orders, b.Officers[1].Dead = true, 2, true
		return b
	}
	tests := []struct {
		name    string
		k       rules.Campaign
		changes []string
		units   []string
		offs    []string
	}{
		{"the readings", rules.Campaign{},
			[]string{"Raglan wounded: misses the next battle, then returns K2 out", "Cathcart dead: gone from the campaign K1 gone",
				"Light Division disordered: returns steady K3", "Light Division 2 stands lost: 4/6 stands until reinforced K4",
				"4th Division destroyed: gone from the campaign K4 gone"},
			[]string{"Light Division 4/6 disordered:false"}, []string{"Raglan wounded:false"}},
		{"K1 and K2 switched: the dead count as wounded, the wounded are fit", rules.Campaign{DeadWounded: true, SeriousFit: true},
			[]string{"Raglan wounded: fit for the next battle K2", "Cathcart dead, counted wounded: misses the next battle, then returns K1 out",
				"Light Division disordered: returns steady K3", "Light Division 2 stands lost: 4/6 stands until reinforced K4",
				"4th Division destroyed: gone from the campaign K4 gone"},
			[]string{"Light Division 4/6 disordered:false"}, []string{"Raglan wounded:false", "Cathcart wounded:false"}},
		{"K3 and K4 switched: disorder kept, losses made good", rules.Campaign{MoraleKept: true, LossesMadeGood: true},
			[]string{"Raglan wounded: misses the next battle, then returns K2 out", "Cathcart dead: gone from the campaign K1 gone",
				"Light Division 2 stands lost, made good: 6 stands K4", "4th Division 6 stands lost, made good: 6 stands K4"},
			[]string{"Light Division 6/6 disordered:true", "4th Division 6/6 disordered:false"}, []string{"Raglan wounded:false"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next, changes := CarryBack(alma(), fought(), tt.k)
			var got, units, offs []string
			for _, c := range changes {
				s := c.Name + " " + c.What + " " + c.Reading
				if c.Out {
					s += " out"
				}
				if c.Gone {
					s += " gone"
				}
				got = append(got, s)
			}
			for _, u := range next.Units {
				units = append(units, fmt.Sprintf("%s %d/%d disordered:%v", u.Name, u.Stands, u.Start, u.Disordered))
				if u.LostToFire != 0 || u.Moved {
					t.Errorf("%s keeps a battle's state: %+v", u.Name, u)
				}
			}
			for _, o := range next.Officers {
				offs = append(offs, fmt.Sprintf("%s wounded:%v", o.Name, o.Wounded || o.Dead))
				if o.Orders != 0 {
					t.Errorf("%s keeps his orders: %+v", o.Name, o)
				}
			}
			for what, d := range map[string]string{"changes": cmp.Diff(tt.changes, got), "units": cmp.Diff(tt.units, units), "officers": cmp.Diff(tt.offs, offs)} {
				if d != "" {
					t.Errorf("%s (-want +got):\n%s", what, d)
				}
			}
			if next.Turn != 0 {
				t.Errorf("the forces keep turn %d", next.Turn)
			}
			if err := next.Validate(); err != nil {
				t.Errorf("the forces afterwards do not validate: %v", err)
			}
		})
	}
}

// TestRemoveForces: a unit or an officer comes off the forces; the units an
// officer commanded are said to be under nobody; a name the forces do not
// hold is refused.
func TestRemoveForces(t *testing.T) {
	tests := []struct {
		name, want string
		refused    bool
	}{
		{"light division", "Light Division removed.", false},
		{"Cathcart", "Cathcart removed. Under nobody now: 4th Division.", false},
		{"Raglan", "Raglan removed. Under nobody now: Light Division, Cathcart.", false},
		{"Lucan", "", true},
	}
	for _, tt := range tests {
		got, err := alma().RemoveForces(tt.name)
		if (err != nil) != tt.refused || got != tt.want {
			t.Errorf("RemoveForces(%q) = %q, %v; want %q, refused %v", tt.name, got, err, tt.want, tt.refused)
		}
	}
}
