package volleyfire_test

import (
	"testing"

	vf "github.com/referee-bot/referee/rules/volleyfire"
)

// Each word is read from its own list in any case; nothing typed is the
// rule set's default where it has one; any other word is refused with the list.
func TestWords(t *testing.T) {
	for _, tt := range []struct {
		name string
		got  func() (string, error)
		want string
	}{
		{"a type", word(vf.ParseKind, " Cavalry "), "cavalry"},
		{"a command base may be shot at", word(vf.ParseKind, "command"), "command"},
		{"a formation", word(vf.ParseFormation, "SQUARE"), "square"},
		{"a stance", word(vf.ParseStance, "limbered"), "limbered"},
		{"a weapon", word(vf.ParseWeapon, "Rifle"), "rifle"},
		{"a nation", word(vf.ParseNation, "prussian"), "Prussian"},
		{"other is no nation", word(vf.ParseNation, "other"), ""},
		{"none is no special", word(vf.ParseSpecial, "None"), ""},
		{"arms", word(vf.ParseArms, "none"), "none"},
		{"a charge strikes the front unless told", word(vf.ParseFacing, ""), "front"},
		{"no type typed", word(vf.ParseKind, ""), `"" is not a type: infantry, cavalry, artillery or command.`},
		{"not a weapon", word(vf.ParseWeapon, "pike"), `"pike" is not a weapon: rifle, musket, pistol or cannon.`},
		{"not a nation", word(vf.ParseNation, "martian"), `"martian" is not a nationality the rules know: British, French, Prussian, Russian, Spanish, Polish or Portuguese.`},
	} {
		got, err := tt.got()
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// word is parse read from s, as its string.
func word[T ~string](parse func(string) (T, error), s string) func() (string, error) {
	return func() (string, error) {
		v, err := parse(s)
		return string(v), err
	}
}
