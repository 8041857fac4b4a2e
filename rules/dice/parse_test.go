package dice

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseBounds(t *testing.T) {
	tests := []struct {
		notation string
		lo, hi   int64
		dice     int // worst case
		pool     bool
	}{
		{"d20", 1, 20, 1, false},
		{"3d6", 3, 18, 3, false},
		{"2d6+3", 5, 15, 2, false},
		{"2d6-3", -1, 9, 2, false},
		{"d100", 1, 100, 1, false},
		{"d%", 1, 100, 1, false},
		{"4d6kh3", 3, 18, 4, false},
		{"4d6dl1", 3, 18, 4, false},
		{"10d6>=5", 0, 10, 10, true},
		{"(1d4+1)*2", 4, 10, 1, false},
		{"-d6", -6, -1, 1, false},
		{"d6*-d6", -36, -1, 2, false},
		{"2d6r1", 2, 12, 22, false},
		{"2d6ro1", 2, 12, 4, false},
		{"d6!", 1, 66, 11, false},
		{"3d6!>=5kh1", 1, 66, 33, false},
		{"1d20+1d6+4", 6, 30, 2, false},
		{" 2 d6 ", 0, 0, 0, false}, // refused: "2 d6" is not a term
	}
	for _, tt := range tests {
		e, err := Parse(tt.notation)
		if tt.dice == 0 {
			if err == nil {
				t.Errorf("Parse(%q) succeeded, want an error", tt.notation)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q) = %v", tt.notation, err)
			continue
		}
		if lo, hi := e.Bounds(); lo != tt.lo || hi != tt.hi {
			t.Errorf("Parse(%q).Bounds() = %d, %d; want %d, %d", tt.notation, lo, hi, tt.lo, tt.hi)
		}
		if got := e.MaxDiceRolled(); got != tt.dice {
			t.Errorf("Parse(%q).MaxDiceRolled() = %d, want %d", tt.notation, got, tt.dice)
		}
		if got := e.Pool(); got != tt.pool {
			t.Errorf("Parse(%q).Pool() = %v, want %v", tt.notation, got, tt.pool)
		}
		if got := e.String(); got != tt.notation {
			t.Errorf("Parse(%q).String() = %q", tt.notation, got)
		}
	}
}

// TestParseErrors checks the exact sentence of the common mistakes.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		notation string
		want     string
	}{
		{"", `column 1: expected dice notation such as 2d6+3, found nothing`},
		{"2d", `column 3: expected a number of sides or % after "d", found the end`},
		{"2dx", `column 3: expected a number of sides or % after "d", found 'x'`},
		{"2d6+", `column 5: expected a number, dice or "(" after '+', found the end`},
		{"2d6 + * 3", `column 7: expected a number, dice or "(" after '+', found '*'`},
		{"(2d6", `column 5: expected ")" to close the "(" at column 1, found the end`},
		{"2d6)", `column 4: found ')' with no "(" to close`},
		{"d6/2", `column 3: division is not supported; expected +, -, * or the end`},
		{"2d6d6", `column 5: expected "h" or "l" after "d" (drop highest or lowest), found '6'`},
		{"d0", `column 2: a die needs at least 2 sides`},
		{"d1", `column 2: a die needs at least 2 sides`},
		{"0d6", `column 1: a dice term needs at least 1 die`},
		{"201d6", `column 1: 201 dice in one term; at most 200 are allowed`},
		{"d1001", `column 2: a d1001 has too many sides; at most 1000 are allowed`},
		{"d6!>0", `column 1: d6!>0 explodes on every face of a d6, so it would never stop`},
		{"d2r=1r=2", `column 1: d2r=1r=2 rerolls every face of a d2, so it would never settle`},
		{"d6r1!>=2", `column 1: d6r1!>=2 rerolls or explodes on every face of a d6, so it would never stop`},
		{"4d6kh5", `column 4: cannot keep 5 of 4 dice`},
		{"4d6dl4", `column 4: at least one die must be kept`},
		{"4d6kh0", `column 4: at least one die must be kept`},
		{"4d6dl5", `column 4: cannot drop 5 of 4 dice`},
		{"d6\ufffd", `column 3: expected +, -, * or the end, found '�'`},
		{"4d6kh1kl1", `column 7: a term may keep or drop only once`},
		{"d6r1ro2", `column 5: a term may not mix rerolls while (r) and once (ro)`},
		{"d6!!", `column 4: a term may explode only once`},
		{"d6>=5>=4", `column 6: a term may count successes only once`},
		{"d6r", `column 4: expected a face to reroll after "r", found the end`},
		{"d6>", `column 4: expected a target number, found the end`},
		{"21#d6", `column 1: 21 repetitions; at most 20 are allowed`},
		{"0#d6", `column 1: the repeat count must be at least 1`},
		{"3#", `column 3: expected a number, dice or "(" after '#', found the end`},
		{"2#3#d6", `column 4: expected +, -, * or the end, found '#'`},
		{"0x10d6", `column 2: expected +, -, * or the end, found 'x'`},
		{"２d6", `column 1: expected a number, dice or "(", found '２' (only the digits 0-9 are read)`},
		{"d٦", `column 2: expected a number of sides or % after "d", found '٦' (only the digits 0-9 are read)`},
		{"3d6 + ４", `column 7: expected a number, dice or "(" after '+', found '４' (only the digits 0-9 are read)`},
		{"d6\x00", `column 3: expected +, -, * or the end, found '\x00'`},
		{"d6\xff", `column 3: expected +, -, * or the end, found the byte 0xff`},
		{"1d20 <@123>", `column 6: expected +, -, * or the end, found '<'`},
		{"9999999999999999", `column 1: the number is too large; at most 1000000000000000 is allowed`},
		{"100000000000000000000d6", `column 1: 100000000000000000000 dice in one term; at most 200 are allowed`},
		{"4d6kh99999999999999999999", `column 4: cannot keep 99999999999999999999 of 4 dice`},
		{"1000000000000000*2", `column 17: the result could pass 1000000000000000 in size; at most 1000000000000000 is allowed`},
		{"200d6!", `column 1: the roll could need 2200 dice counting rerolls, explosions and repetitions; at most 2000 are allowed`},
		{"20#200d6", `column 4: the roll could need 4000 dice counting rerolls, explosions and repetitions; at most 2000 are allowed`},
		{"d6r1r2r3r4r5", `column 11: at most 4 reroll clauses are allowed in one term`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.notation)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want %q", tt.notation, tt.want)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("Parse(%q) = %q\n\twant %q", tt.notation, got, tt.want)
		}
	}
}

func nested(n int) string {
	return strings.Repeat("(", n) + "d6" + strings.Repeat(")", n)
}

// hostile are inputs meant to knock the parser over; each must be refused with a
// clear *Error, quickly and without a panic. The limit, when one applies, is named.
var hostile = []struct {
	notation string
	limit    string
}{
	{"999999999d999999999", "MaxCount"},
	{"2147483647d2147483647", "MaxCount"},
	{"9223372036854775807d6", "MaxCount"},
	{"99999999999999999999999999d6", "MaxCount"},
	{"d99999999999999999999", "MaxSides"},
	{"d999999999", "MaxSides"},
	{"1d2147483648", "MaxSides"},
	{"d0", "MinSides"},
	{"d1", "MinSides"},
	{"d-6", ""},
	{"-1d6d-6", ""},
	{"0d6", ""},
	{"d1!", "MinSides"},
	{"d6!>0", ""},
	{"d6!<7", ""},
	{"d6!>=1", ""},
	{"d2r=1r=2", ""},
	{"d6r<=6", ""},
	{"d20r<21", ""},
	{"d6r1r2r3r4r5", "MaxRerollClauses"},
	{"d2r1!2", ""},
	{"200d1000!r<500", "MaxDice"},
	{"200d6+200d6+200d6+200d6+200d6+200d6+200d6+200d6+200d6+200d6+200d6", "MaxDice"},
	{"20#200d6", "MaxDice"},
	{"1000000#d6", "MaxRepeat"},
	{"999999999999999999#d6", "MaxRepeat"},
	{"10d6>=99999999999999999999", "MaxValue"},
	{nested(10000), "MaxInputLen"},
	{nested(17), "MaxDepth"},
	{strings.Repeat("-", 17) + "d6", "MaxDepth"},
	{strings.Repeat("d6+", 34000), "MaxInputLen"},
	{strings.Repeat("9", 100*1024), "MaxInputLen"},
	{"1000000000000000*1000000000000000", "MaxValue"},
	{"999999999999999+999999999999999", "MaxValue"},
	{"(200d1000)*(200d1000)*(200d1000)*(200d1000)*(200d1000)", "MaxValue"},
	{"-1000000000000000-1", "MaxValue"},
	{"", ""},
	{"   ", ""},
	{"d", ""},
	{"d%%", ""},
	{"2d6+", ""},
	{"2d6-", ""},
	{"*2d6", ""},
	{"2d6**3", ""},
	{"2d6++3", ""},
	{"()", ""},
	{"(((", ""},
	{")))", ""},
	{"#d6", ""},
	{"3#", ""},
	{"0x10d6", ""},
	{"1e3d6", ""},
	{"1.5d6", ""},
	{"１d６", ""},
	{"٣d٦", ""},
	{"३d६", ""},
	{"d6\u200b", ""},
	{"d6\u202e", ""},
	{"\ufeffd6", ""},
	{"<@everyone> d20", ""},
	{"d20 **bold**", ""},
	{"d20 ; DROP TABLE", ""},
	{"d6\n+1", ""},
	{"\xff\xfe", ""},
	{"4d6kh5", ""},
	{"4d6dl4", ""},
	{"d6kh+", ""},
	{"d6>=", ""},
	{"d6r", ""},
	{"10d6>=5>=4", ""},
	{"d6/0", ""},
	{"2#3#d6", ""},
}

func TestHostile(t *testing.T) {
	if len(hostile) < 40 {
		t.Fatalf("only %d hostile inputs, want at least 40", len(hostile))
	}
	for _, tt := range hostile {
		name := tt.notation
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		t.Run(name, func(t *testing.T) {
			// The work is bounded by the limits, not by this clock; the timing is a
			// generous guard (the 50 ms, against a few microseconds) against
			// a runaway, and BenchmarkHostile measures it properly. The best of five
			// runs is taken, so that a busy machine pausing the test cannot fail it.
			best := time.Hour
			for range 5 {
				start := time.Now()
				_, _ = Parse(tt.notation)
				best = min(best, time.Since(start))
			}
			if best > 50*time.Millisecond {
				t.Errorf("Parse took %v, want under 50ms", best)
			}
			_, err := Parse(tt.notation)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%.40q) = %v, want an *Error", tt.notation, err)
			}
			if pe.Col < 1 || pe.Col > len([]rune(tt.notation))+1 {
				t.Errorf("Parse(%.40q): column %d out of range", tt.notation, pe.Col)
			}
			if pe.Limit != tt.limit {
				t.Errorf("Parse(%.40q) = %q naming limit %q, want %q", tt.notation, pe.Error(), pe.Limit, tt.limit)
			}
			if pe.Msg == "" || strings.Contains(pe.Msg, "@") || strings.Contains(pe.Msg, "**") {
				t.Errorf("Parse(%.40q) = %q: want a plain sentence that repeats no markup", tt.notation, pe.Error())
			}
			if len(pe.Error()) > 200 {
				t.Errorf("Parse(%.40q): message of %d bytes, want a short sentence", tt.notation, len(pe.Error()))
			}
		})
	}
}

func BenchmarkHostile(b *testing.B) {
	for b.Loop() {
		for _, tt := range hostile {
			_, _ = Parse(tt.notation)
		}
	}
}

// TestParseInto checks that an Expr can be reused across notations and that an
// error leaves nothing behind that a later parse would see.
func TestParseInto(t *testing.T) {
	var e Expr
	for _, s := range []string{"1d20+1d6+4+1d8+1d10+(2d4*3)", "d6", "bad(", "4d6kh3", "3#d20"} {
		err := ParseInto(&e, s)
		f, ferr := Parse(s)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("ParseInto(%q) = %v, Parse = %v", s, err, ferr)
		}
		if err != nil {
			continue
		}
		elo, ehi := e.Bounds()
		flo, fhi := f.Bounds()
		if elo != flo || ehi != fhi || e.Repeat() != f.Repeat() || len(e.terms) != len(f.terms) || len(e.nodes) != len(f.nodes) {
			t.Errorf("ParseInto(%q) differs from Parse", s)
		}
	}
}
