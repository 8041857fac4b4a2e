package crimea

import (
	"strings"
	"testing"

	"github.com/referee-bot/referee/rules"
)

// Every word a player types for one of the rule set's lists is read from
// that list, in any case and with spaces around it; "none" is no wing; any
// other word is refused with the whole list.
func TestParsers(t *testing.T) {
	for _, tt := range []struct {
		what  string
		parse func(string) (string, error)
		typed string
		want  string
	}{
		{"side", as(ParseSide), " russian ", "Russian"},
		{"nationality", as(ParseNationality), "FRENCH", "French"},
		{"unit type", as(ParseUnitType), "Horse Artillery", "horse artillery"},
		{"formation", as(ParseFormation), "square", "square"},
		{"ammunition", as(ParseAmmo), "Canister", "canister"},
		{"calibre", as(ParseCalibre), " Cautious ", "cautious"},
		{"rank", as(ParseRank), "Commander-in-Chief", "commander-in-chief"},
		{"wing", as(ParseWing), "Left Wing", "left wing"},
		{"no wing", as(ParseWing), "None", ""},
		{"facing", as(ParseFacing), "flank", "flank"},
		{"movement row", as(ParseMoveRow), "russian artillery", "Russian artillery"},
	} {
		if got, err := tt.parse(tt.typed); err != nil || got != tt.want {
			t.Errorf("%s %q = %q, %v; want %q", tt.what, tt.typed, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		what  string
		parse func(string) (string, error)
		want  string
	}{
		{"side", as(ParseSide), "A side is Allied or Russian."},
		{"nationality", as(ParseNationality), "A nationality is British, French or Russian."},
		{"formation", as(ParseFormation), "A formation is line, column, square or works."},
		{"ammunition", as(ParseAmmo), "Artillery's ammunition is ball or canister."},
		{"calibre", as(ParseCalibre), "An officer's calibre is " + rules.Or(Calibres) + "."},
		{"wing", as(ParseWing), "A wing is right wing, left wing, cavalry or none."},
		{"facing", as(ParseFacing), "A facing is front, flank or rear."},
	} {
		for _, typed := range []string{"", "brave"} {
			if _, err := tt.parse(typed); err == nil || err.Error() != tt.want {
				t.Errorf("%s %q refused with %v, want %q", tt.what, typed, err, tt.want)
			}
		}
	}
	if _, err := ParseUnitType("dragoons"); err == nil || !strings.HasPrefix(err.Error(), "A unit type is light infantry, ") {
		t.Errorf("unit type dragoons refused with %v", err)
	}
}

// as reads a parser's value as text.
func as[T ~string](parse func(string) (T, error)) func(string) (string, error) {
	return func(s string) (string, error) {
		v, err := parse(s)
		return string(v), err
	}
}
