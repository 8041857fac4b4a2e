package rules

import "testing"

func TestAReaderSees(t *testing.T) {
	hidden := Sight{Hidden: true}
	tests := []struct {
		name   string
		reader Reader
		sight  Sight
		want   bool
	}{
		{"the umpire sees a hidden unit", Umpire, hidden, true},
		{"the main channel does not see a hidden unit", Main, hidden, false},
		{"its own side sees a hidden unit", SideReader("Allied"), hidden, true},
		{"the enemy does not see a hidden unit", SideReader("Russian"), hidden, false},
		{"the main channel sees a unit in plain sight", Main, Sight{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.reader.Sees(tt.sight, "Allied"); got != tt.want {
				t.Errorf("%v.Sees(%+v, Allied) = %v, want %v", tt.reader, tt.sight, got, tt.want)
			}
		})
	}
	for r, want := range map[Reader]string{Umpire: "umpire", Main: "main channel", SideReader("Allied"): "Allied"} {
		if got := r.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", r, got, want)
		}
	}
}
