package dice

import (
	"encoding/binary"
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParseRoll parses and rolls anything: it must never panic, a refusal must be
// an *Error with a column inside the input, and a roll must keep every invariant:
// every die in 1..sides, no more dice than the limits allow, totals within the
// bounds, and term values that agree with the dice and their marks.
func FuzzParseRoll(f *testing.F) {
	for i, s := range monteCarlo {
		f.Add(s, uint64(i))
	}
	for i, h := range hostile {
		if len(h.notation) <= 64 {
			f.Add(h.notation, uint64(i))
		}
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		e, err := Parse(s)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, not an *Error", s, err)
			}
			if pe.Col < 1 || pe.Col > utf8.RuneCountInString(s)+1 || pe.Msg == "" {
				t.Fatalf("Parse(%q) = %q: column %d outside the input", s, err, pe.Col)
			}
			return
		}
		if len(s) > MaxInputLen || e.MaxDiceRolled() > MaxDice {
			t.Fatalf("Parse(%q) accepted past the limits", s)
		}
		var key [SeedSize]byte
		binary.BigEndian.PutUint64(key[:], seed)
		r := e.Roll(NewStream(key[:], seed))
		checkResult(t, e, &r)

		var e2 Expr
		if err := ParseInto(&e2, s); err != nil {
			t.Fatalf("ParseInto(%q) = %v, but Parse accepted it", s, err)
		}
		var r2 Result
		e2.RollInto(NewStream(key[:], seed), &r2)
		if r2.String() != r.String() {
			t.Fatalf("the same roll of %q twice: %q, then %q", s, r.String(), r2.String())
		}

		lo, hi := e.Bounds()
		if hi-lo <= 2000 && e.MaxDiceRolled() <= 40 {
			d, err := e.Dist()
			var de *Error
			if errors.As(err, &de) && de.Limit != "" {
				return // a part of it is too wide (d70*1000*0); refused by a named limit
			}
			if err != nil {
				t.Fatalf("Dist(%q) = %v", s, err)
			}
			for _, v := range r.Totals {
				if d.P(int(v)) <= 0 {
					t.Fatalf("%q rolled %d, which Dist gives no chance: %s", s, v, r.String())
				}
			}
		}
	})
}

func checkResult(t *testing.T, e *Expr, r *Result) {
	t.Helper()
	if len(r.Dice) > e.MaxDiceRolled() {
		t.Fatalf("%q rolled %d dice, more than its worst case %d", e, len(r.Dice), e.MaxDiceRolled())
	}
	for _, d := range r.Dice {
		if d.Sides < MinSides || d.Sides > MaxSides || d.Face < 1 || d.Face > d.Sides {
			t.Fatalf("%q rolled %+v", e, d)
		}
		if d.D66() && (d.Tens() < 1 || d.Tens() > 6 || d.Units() < 1 || d.Units() > 6) {
			t.Fatalf("%q rolled a d66 whose digits are not both 1..6: %+v", e, d)
		}
	}
	if len(r.Totals) != e.Repeat() {
		t.Fatalf("%q has %d totals, want %d", e, len(r.Totals), e.Repeat())
	}
	lo, hi := e.Bounds()
	var sum int64
	for _, v := range r.Totals {
		if v < lo || v > hi {
			t.Fatalf("%q total %d outside %d..%d", e, v, lo, hi)
		}
		sum += v
	}
	if sum != r.Total {
		t.Fatalf("%q Total %d, want the sum of Totals %d", e, r.Total, sum)
	}
	n := 0
	for _, td := range r.Detail() {
		n += len(td.Dice)
		var v int64
		for _, d := range td.Dice {
			switch {
			case !d.Counted():
				if d.Mark&Success != 0 {
					t.Fatalf("%q: a die not counted is marked a success: %s", e, r.String())
				}
			case td.Pool && d.Mark&Success != 0:
				v++
			case !td.Pool:
				v += int64(d.Face)
			}
		}
		if v != td.Value {
			t.Fatalf("%q: term %s comes to %d, but its dice say %d: %s", e, td.Notation, td.Value, v, r.String())
		}
	}
	if n != len(r.Dice) {
		t.Fatalf("%q: Detail holds %d dice, the result %d", e, n, len(r.Dice))
	}
	_ = r.AsRoll()
}
