package rules

import (
	"strings"
	"testing"
	"unicode"
)

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

// BenchmarkPlain holds Plain's first case, printable ASCII taken as it is,
// against the same mapping without it (each rune looked up in the control
// and bidirectional tables), on a ruling's line as the referee renders it.
func BenchmarkPlain(b *testing.B) {
	const line = "Chosen Men fire at Voltigeurs: 6 muskets, range 12, trained, need 11 (soft cover, aimed)"
	tables := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r == '\n', r == '\r', r == '\t', r == '\u2028', r == '\u2029':
				return ' '
			case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
				return -1
			}
			return r
		}, s)
	}
	if tables(line) != Plain(line) {
		b.Fatal("the two mappings differ")
	}
	b.Run("ascii-first", func(b *testing.B) {
		for b.Loop() {
			Plain(line)
		}
	})
	b.Run("tables", func(b *testing.B) {
		for b.Loop() {
			tables(line)
		}
	})
}
