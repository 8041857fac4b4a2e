package rules

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestSightSeenBy(t *testing.T) {
	tests := []struct {
		name   string
		sight  Sight
		reader string
		want   bool
	}{
		{"a unit in plain sight is seen by the main channel", Sight{}, "", true},
		{"a unit in plain sight is seen by the enemy", Sight{}, "Russian", true},
		{"a hidden unit is not seen by the main channel", Sight{Hidden: true}, "", false},
		{"a hidden unit is seen by its own side", Sight{Hidden: true}, "Allied", true},
		{"a hidden unit is not seen by the enemy", Sight{Hidden: true}, "Russian", false},
		{"a hidden unit spotted by the enemy is seen by the enemy", Sight{Hidden: true, KnownTo: []string{"Russian"}}, "Russian", true},
		{"a hidden unit spotted by the enemy is still not seen by the main channel", Sight{Hidden: true, KnownTo: []string{"Russian"}}, "", false},
		{"a hidden unit spotted by one enemy is not seen by another", Sight{Hidden: true, KnownTo: []string{"Russian"}}, "Turkish", false},
		{"a hidden unit that fired is seen by the main channel", Sight{Hidden: true, Public: true}, "", true},
		{"a hidden unit that fired is seen by the enemy", Sight{Hidden: true, Public: true}, "Russian", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.sight.SeenBy(tt.reader, "Allied"); got != tt.want {
				t.Errorf("SeenBy(%q, Allied) = %v, want %v", tt.reader, got, tt.want)
			}
		})
	}
}

func TestSightReveal(t *testing.T) {
	tests := []struct {
		name    string
		reveals []string
		known   []string
		public  bool
	}{
		{"revealing to a side makes it known to that side", []string{"Russian"}, []string{"Russian"}, false},
		{"revealing to the same side twice records it once", []string{"Russian", "Russian"}, []string{"Russian"}, false},
		{"revealing to two sides records both in order", []string{"Russian", "Turkish"}, []string{"Russian", "Turkish"}, false},
		{"revealing to no side reveals to all", []string{""}, nil, true},
		{"revealing to all after a side keeps the side", []string{"Russian", ""}, []string{"Russian"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Sight{Hidden: true}
			for _, side := range tt.reveals {
				s.RevealTo(side)
			}
			if !slices.Equal(s.KnownTo, tt.known) || s.Public != tt.public || !s.Hidden {
				t.Errorf("after %q: %+v, want known to %q, public %v", tt.reveals, s, tt.known, tt.public)
			}
		})
	}
}

func TestSightPlace(t *testing.T) {
	s := Sight{Hidden: true, KnownTo: []string{"Russian"}, Public: true}
	if s.Place(nil); !s.Public {
		t.Errorf("placed with no option given, it is %+v, want it as it was", s)
	}
	yes, no := true, false
	if s.Place(&yes); s.SeenBy("Russian", "Allied") || s.SeenBy("", "Allied") || !s.SeenBy("Allied", "Allied") {
		t.Errorf("placed hidden again, it is %+v: seen by the enemy or the main channel", s)
	}
	if s.Place(&no); s.Hidden || s.Public || s.KnownTo != nil {
		t.Errorf("placed in plain sight, it is %+v, want the zero Sight", s)
	}
}

func TestSightNote(t *testing.T) {
	tests := []struct {
		sight Sight
		want  string
	}{
		{Sight{}, ""},
		{Sight{Hidden: true}, "hidden"},
		{Sight{Hidden: true, KnownTo: []string{"Russian"}}, "hidden, known to Russian"},
		{Sight{Hidden: true, KnownTo: []string{"Russian", "Turkish"}}, "hidden, known to Russian and Turkish"},
		{Sight{Hidden: true, KnownTo: []string{"Russian"}, Public: true}, ""},
	}
	for _, tt := range tests {
		if got := tt.sight.Note(); got != tt.want {
			t.Errorf("%+v.Note() = %q, want %q", tt.sight, got, tt.want)
		}
	}
}

func TestSightChangeSide(t *testing.T) {
	s := Sight{Hidden: true, KnownTo: []string{"Russian", "Turkish"}}
	c := s
	c.ChangeSide("russian")
	if !slices.Equal(c.KnownTo, []string{"Turkish"}) || !slices.Equal(s.KnownTo, []string{"Russian", "Turkish"}) {
		t.Errorf("gone over to the Russians it is known to %q (the original to %q), want Turkish (Russian and Turkish)", c.KnownTo, s.KnownTo)
	}
	if err := c.Check("Russian", []string{"Allied", "Russian", "Turkish"}); err != nil {
		t.Errorf("after the change of side Check = %v", err)
	}
}

func TestSightRevealLeavesCopiesAlone(t *testing.T) {
	known := make([]string, 1, 4)
	known[0] = "Russian"
	s := Sight{Hidden: true, KnownTo: known}
	c := s
	c.RevealTo("Turkish")
	if !slices.Equal(s.KnownTo, []string{"Russian"}) || !slices.Equal(known[:2], []string{"Russian", ""}) {
		t.Errorf("revealing a copy changed the original: %q (its array %q)", s.KnownTo, known[:2])
	}
	if !slices.Equal(c.KnownTo, []string{"Russian", "Turkish"}) {
		t.Errorf("the copy is known to %q, want Russian and Turkish", c.KnownTo)
	}
}

func TestSightCheck(t *testing.T) {
	sides := []string{"Allied", "Russian"}
	tests := []struct {
		name  string
		known []string
		want  string
	}{
		{"a unit in plain sight is valid", nil, ""},
		{"a unit known to the enemy is valid", []string{"Russian"}, ""},
		{"a unit known to its own side is not", []string{"Allied"}, `is known to its own side "Allied"`},
		{"a unit known to a side not in the battle is not", []string{"Turkish"}, `is known to "Turkish", not a side of this battle`},
		{"a unit known to a side twice is not", []string{"Russian", "Russian"}, `is known to "Russian" twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if err := (Sight{Hidden: true, KnownTo: tt.known}).Check("Allied", sides); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Check(known to %q) = %q, want %q", tt.known, got, tt.want)
			}
		})
	}
}

func TestSightZeroEncodesToNothing(t *testing.T) {
	type unit struct {
		Name string `json:"name"`
		Sight
	}
	tests := []struct {
		name string
		unit unit
		want string
	}{
		{"a unit in plain sight adds no field", unit{Name: "Rifles"}, `{"name":"Rifles"}`},
		{"a hidden unit says so", unit{Name: "Rifles", Sight: Sight{Hidden: true}}, `{"name":"Rifles","hidden":true}`},
		{"a spotted unit names who spotted it", unit{Name: "Rifles", Sight: Sight{Hidden: true, KnownTo: []string{"French"}}}, `{"name":"Rifles","hidden":true,"known_to":["French"]}`},
		{"a revealed unit says it is public", unit{Name: "Rifles", Sight: Sight{Hidden: true, Public: true}}, `{"name":"Rifles","hidden":true,"public":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.unit)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("got %s, want %s", b, tt.want)
			}
			var back unit
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(back)
			if string(again) != tt.want {
				t.Errorf("re-encoded %s, want %s", again, tt.want)
			}
		})
	}
}
