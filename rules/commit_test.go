package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
)

func TestHashed(t *testing.T) {
	for _, tc := range []struct{ form, shown string }{
		{"0123456789abcdef:Advance to the farm.", `"0123456789abcdef:Advance to the farm."`},
		{"s:line one\nline \"two\"", `"s:line one\nline \"two\""`},
		{"s:a `code` and a \\", `"s:a \x60code\x60 and a \\"`},
		{"greenjackets deal v1|turn 1|4♠|6♥|salt", `"greenjackets deal v1|turn 1|4♠|6♥|salt"`},
	} {
		sum := sha256.Sum256([]byte(tc.form))
		want := "sha256(" + tc.shown + ") = " + hex.EncodeToString(sum[:])
		if got := Hashed(tc.form); got != want {
			t.Errorf("Hashed(%q) = %s, want %s", tc.form, got, want)
		}
		if strings.Contains(Hashed(tc.form), "`") {
			t.Errorf("Hashed(%q) has a backquote, which would break its Markdown code", tc.form)
		}
		// The quoted form reads back to the exact bytes hashed.
		back, err := strconv.Unquote(strings.ReplaceAll(tc.shown, `\x60`, "`"))
		if err != nil || back != tc.form {
			t.Errorf("the form shown for %q reads back as %q, %v", tc.form, back, err)
		}
	}
	if got, want := Commit("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Errorf(`Commit("abc") = %s, want %s (FIPS 180-2's example)`, got, want)
	}
}

// faces is a Roller giving its faces in turn.
type faces []int

func (f *faces) Roll(sides int) int {
	v := (*f)[0]
	*f = (*f)[1:]
	return v
}

func TestSalt(t *testing.T) {
	f := faces{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	if got, want := Salt(&f), "0123456789abcdef"; got != want {
		t.Errorf("Salt(1..16) = %s, want %s", got, want)
	}
}
