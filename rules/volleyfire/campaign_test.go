package volleyfire

import "testing"

// TestParseElite: a unit's quality between battles is elite or line; blank
// changes nothing; anything else is refused.
func TestParseElite(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		refused bool
	}{
		{"", "nil", false},
		{"  ", "nil", false},
		{"Elite", "true", false},
		{" line ", "false", false},
		{"veteran", "nil", true},
	}
	for _, tt := range tests {
		got, err := ParseElite(tt.in)
		s := "nil"
		if got != nil {
			s = map[bool]string{true: "true", false: "false"}[*got]
		}
		if s != tt.want || (err != nil) != tt.refused {
			t.Errorf("ParseElite(%q) = %s, %v; want %s, refused %v", tt.in, s, err, tt.want, tt.refused)
		}
	}
}
