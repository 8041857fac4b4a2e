package rules

import "testing"

func TestArg(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Voltigeurs", "Voltigeurs"},
		{"Chosen Men", `"Chosen Men"`},
		{"Lt Sharpe", `"Lt Sharpe"`},
		{`The "Die-Hards"`, `"The \"Die-Hards\""`},
		{`a\b`, `"a\\b"`},
		{"two\nlines", `"two lines"`},
		{"", `""`},
	} {
		if got := Arg(tc.in); got != tc.want {
			t.Errorf("Arg(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
