package greenjackets

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
)

// fought is the bridge after the fight: Cooper dead, Harris seriously
// wounded, Lt Sharpe with a light wound, the Voltigeurs routing, a hussar's
// horse down.
func fought() *Board {
	b := bridge()
	_, cooper := b.Figure("Cooper")
	cooper.Dead = true
	_, harris := b.Figure("Harris")
	harris.Serious, harris.Loaded, harris.Aimed = 1, false, true
	b.Character("Lt Sharpe").Light = 1
	b.Squad("Voltigeurs").Morale = Routing
	_, h := b.Figure("Hussar A")
	h.Horse = HorseDown
	return b
}

// TestCarryBack: K1–K4 as docs/readings.md reads them, and each switched.
func TestCarryBack(t *testing.T) {
	tests := []struct {
		name    string
		k       rules.Campaign
		changes []string
		// figures of the Chosen Men afterwards; Sharpe's light wounds; the Voltigeurs' morale.
		men    []string
		light  int
		morale Morale
	}{
		{"the readings", rules.Campaign{},
			[]string{"Lt Sharpe: 1 light wound healed K2", "Harris: seriously wounded: misses the next battle, then returns K2 out",
				"Cooper: dead: gone from the campaign K1 gone", "Voltigeurs: routing: returns steady K3"},
			[]string{"Harris", "Hagman"}, 0, Steady},
		{"K1 switched: the dead count as seriously wounded", rules.Campaign{DeadWounded: true},
			[]string{"Lt Sharpe: 1 light wound healed K2", "Harris: seriously wounded: misses the next battle, then returns K2 out",
				"Cooper: dead, counted seriously wounded: misses the next battle, then returns K1 out", "Voltigeurs: routing: returns steady K3"},
			[]string{"Harris", "Hagman", "Cooper"}, 0, Steady},
		{"K2 switched: fit, and light wounds kept", rules.Campaign{SeriousFit: true, LightKept: true},
			[]string{"Lt Sharpe: keeps 1 light wound K2", "Harris: seriously wounded: fit for the next battle K2",
				"Cooper: dead: gone from the campaign K1 gone", "Voltigeurs: routing: returns steady K3"},
			[]string{"Harris", "Hagman"}, 1, Steady},
		{"K3 switched: morale kept", rules.Campaign{MoraleKept: true},
			[]string{"Lt Sharpe: 1 light wound healed K2", "Harris: seriously wounded: misses the next battle, then returns K2 out",
				"Cooper: dead: gone from the campaign K1 gone"},
			[]string{"Harris", "Hagman"}, 0, Routing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			forces := bridge().Forces(rules.Campaign{})
			before := forces.Clone()
			next, changes := CarryBack(forces, fought(), tt.k)
			var got []string
			for _, c := range changes {
				s := c.Name + ": " + c.What + " " + c.Reading
				if c.Out {
					s += " out"
				}
				if c.Gone {
					s += " gone"
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.changes, got); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
			var men []string
			for _, f := range next.Squad("Chosen Men").Figures {
				men = append(men, f.Name)
			}
			if diff := cmp.Diff(tt.men, men); diff != "" {
				t.Errorf("Chosen Men afterwards (-want +got):\n%s", diff)
			}
			if l := next.Character("Lt Sharpe").Light; l != tt.light {
				t.Errorf("Lt Sharpe's light wounds afterwards = %d, want %d", l, tt.light)
			}
			if m := next.Squad("Voltigeurs").Morale; m != tt.morale {
				t.Errorf("Voltigeurs afterwards %s, want %s", m, tt.morale)
			}
			_, harris := next.Figure("Harris")
			_, hussar := next.Figure("Hussar A")
			switch {
			case harris.Serious != 0 || !harris.Loaded || harris.Aimed:
				t.Errorf("Harris afterwards %+v: a man comes back fit, loaded, not aiming", harris)
			case hussar.Horse != "":
				t.Errorf("Hussar A's horse afterwards %q: a new horse", hussar.Horse)
			case next.Turn.Number != 0 || next.Character("Lt Sharpe").Card != nil:
				t.Errorf("the forces keep a turn or a card: %+v", next.Turn)
			}
			if err := next.Validate(); err != nil {
				t.Errorf("the forces afterwards do not validate: %v", err)
			}
			if diff := cmp.Diff(before, forces); diff != "" {
				t.Errorf("CarryBack changed the forces it was given (-before +after):\n%s", diff)
			}
		})
	}
}

// TestMuster: the forces named, with their squads and officers, without
// who misses the battle; men who did not fight stay in the campaign.
func TestMuster(t *testing.T) {
	forces := bridge().Forces(rules.Campaign{})
	out := func(name string) bool { return name == "Harris" }
	b, err := Muster(forces, []string{"lt sharpe"}, out)
	if err != nil {
		t.Fatalf("Muster: %v", err)
	}
	if len(b.Characters) != 1 || len(b.Squads) != 1 || len(b.Squads[0].Figures) != 2 || b.Squads[0].Figures[0].Name != "Hagman" {
		t.Errorf("Muster(Lt Sharpe) without Harris = %+v", b.Squads)
	}
	// The battle kills Hagman; Harris, who was not there, stays.
	b.Squads[0].Figures[0].Dead = true
	next, _ := CarryBack(forces, b, rules.Campaign{})
	var men []string
	for _, f := range next.Squad("Chosen Men").Figures {
		men = append(men, f.Name)
	}
	if diff := cmp.Diff([]string{"Cooper", "Harris"}, men); diff != "" {
		t.Errorf("Chosen Men after a battle Harris missed (-want +got):\n%s", diff)
	}
	if next.Character("Capt Dubois") == nil || len(next.Squad("Hussars").Figures) != 2 {
		t.Errorf("the French, who did not fight, changed")
	}
	// The whole squad out: it stays home, its officer goes alone.
	b, err = Muster(forces, []string{"Chosen Men"}, func(n string) bool { return n != "Lt Sharpe" && n != "Hagman" })
	if err != nil || len(b.Squads) != 1 || len(b.Squads[0].Figures) != 1 || b.Character("Lt Sharpe") == nil {
		t.Errorf("Muster(Chosen Men) with only Hagman fit = %+v, %v", b, err)
	}
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{[]string{"Harris"}, "Harris is a figure; name his squad or its officer."},
		{[]string{"Napoleon"}, "There is no character or squad called Napoleon in the campaign's forces."},
	} {
		if _, err := Muster(forces, tt.names, func(string) bool { return false }); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Muster(%v) = %v, want %q", tt.names, err, tt.want)
		}
	}
	if _, err := Muster(forces, nil, func(string) bool { return true }); err == nil {
		t.Errorf("Muster with everyone out did not refuse")
	}
}

// TestEditForces: experience and reinforcements (K4) only by the umpire's edit.
func TestEditForces(t *testing.T) {
	f := bridge().Forces(rules.Campaign{})
	q := Veteran
	msg, err := f.EditForces(ForcesEdit{Name: "Voltigeurs", Quality: &q, Reinforce: []Entry{{Name: "Duval"}}})
	if err != nil || msg != "Voltigeurs is now veteran (was trained); Duval joined Voltigeurs." {
		t.Fatalf("EditForces = %q, %v", msg, err)
	}
	if _, d := f.Figure("Duval"); d == nil || d.Weapon != Musket || d.Quality != Veteran {
		t.Errorf("Duval = %+v, want a veteran musket", d)
	}
	before := f.Clone()
	for _, e := range []ForcesEdit{{Name: "Harris", Reinforce: []Entry{{Name: "Tongue"}}}, {Name: "Voltigeurs", Reinforce: []Entry{{Name: "Hagman"}}}, {Name: "Voltigeurs"}} {
		if _, err := f.EditForces(e); err == nil {
			t.Errorf("EditForces(%+v) did not refuse", e)
		}
	}
	if diff := cmp.Diff(before, f); diff != "" {
		t.Errorf("a refused edit changed the forces:\n%s", diff)
	}
}

// TestParseForcesEdit: /campaign edit's quality and reinforcements as the
// umpire types them; what does not read is refused.
func TestParseForcesEdit(t *testing.T) {
	q := Veteran
	tests := []struct {
		quality, reinforce string
		want               ForcesEdit
		refused            bool
	}{
		{"", "", ForcesEdit{Name: "Voltigeurs"}, false},
		{"veteran", "", ForcesEdit{Name: "Voltigeurs", Quality: &q}, false},
		{"", "Duval", ForcesEdit{Name: "Voltigeurs", Reinforce: []Entry{{Name: "Duval", Traits: map[string]bool{}}}}, false},
		{"brave", "", ForcesEdit{}, true},
	}
	for _, tt := range tests {
		got, err := ParseForcesEdit("Voltigeurs", tt.quality, tt.reinforce)
		if (err != nil) != tt.refused {
			t.Errorf("ParseForcesEdit(%q, %q) error = %v, refused %v", tt.quality, tt.reinforce, err, tt.refused)
			continue
		}
		if diff := cmp.Diff(tt.want, got); !tt.refused && diff != "" {
			t.Errorf("ParseForcesEdit(%q, %q):\n%s", tt.quality, tt.reinforce, diff)
		}
	}
}

// TestRemoveForces: a character comes off the forces in one sentence; a
// name they do not hold is refused and changes nothing.
func TestRemoveForces(t *testing.T) {
	f := bridge().Forces(rules.Campaign{})
	before := f.Clone()
	if _, err := f.RemoveForces("Nobody"); err == nil {
		t.Errorf("RemoveForces(Nobody) did not refuse")
	}
	if diff := cmp.Diff(before, f); diff != "" {
		t.Errorf("a refused removal changed the forces:\n%s", diff)
	}
	msg, err := f.RemoveForces("Capt Dubois")
	if err != nil || msg != "Capt Dubois removed; his squads have no officer until one is given." {
		t.Errorf("RemoveForces(Capt Dubois) = %q, %v", msg, err)
	}
}

// TestTraits: what sets a figure apart from his squad.
func TestTraits(t *testing.T) {
	s := &Squad{Quality: Trained}
	tests := []struct {
		f    Figure
		want string
	}{
		{Figure{Quality: Trained}, ""},
		{Figure{Quality: Trained, Sharpshooter: true}, "sharpshooter"},
		{Figure{Quality: Veteran, Strongman: true, European: true, Light: 2}, "strongman, european, veteran, 2 light wounds"},
	}
	for _, tt := range tests {
		if got := s.Traits(&tt.f); got != tt.want {
			t.Errorf("Traits(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}
