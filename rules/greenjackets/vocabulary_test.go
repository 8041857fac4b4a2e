package greenjackets

import (
	"strings"
	"testing"
)

// words is one vocabulary as the tests see it: its values, as the choices
// offer them, and how it reads a word.
type words struct {
	name   string
	values []string
	parse  func(string) (string, error)
}

func vocab[T ~string](name string, values []T, parse func(string) (T, error)) words {
	w := words{name: name, parse: func(s string) (string, error) { v, err := parse(s); return string(v), err }}
	for _, v := range values {
		w.values = append(w.values, string(v))
	}
	return w
}

var vocabularies = []words{
	vocab("quality", Qualities, ParseQuality),
	vocab("arm", Arms, ParseArm),
	vocab("cover", Covers, ParseCover),
	vocab("speed", AllSpeeds, ParseSpeed),
	vocab("weapon", FigureWeapons, ParseWeapon),
	vocab("melee weapon", MeleeWeapons, ParseMeleeWeapon),
	vocab("morale", Morales, ParseMorale),
	vocab("ammunition", Ammos, ParseAmmo),
	vocab("horse", HorseStates, ParseHorse),
}

// Every value offered as a choice reads as itself (a sound horse as ""), and
// a word that is none of them is refused with every value listed.
func TestVocabularies(t *testing.T) {
	for _, w := range vocabularies {
		t.Run(w.name, func(t *testing.T) {
			for _, v := range w.values {
				want := v
				if w.name == "horse" && v == "sound" {
					want = ""
				}
				if got, err := w.parse(" " + strings.ToUpper(v) + " "); got != want || err != nil {
					t.Errorf("parse(%q) = %q, %v; want %q", v, got, err, want)
				}
			}
			_, err := w.parse("pike")
			if err == nil {
				t.Fatalf("parse(pike) is not refused")
			}
			last := w.values[len(w.values)-1]
			list := strings.Join(w.values[:len(w.values)-1], ", ") + " or " + last
			if !strings.Contains(err.Error(), `"pike" is not a`) || !strings.HasSuffix(err.Error(), ": "+list+".") {
				t.Errorf("parse(pike) = %v; want the refusal to list %s", err, list)
			}
		})
	}
}

// The aliases the text uses still read: a novice is raw, a Baker a rifle,
// case canister, and nothing typed is the default.
func TestVocabularyAliases(t *testing.T) {
	for _, tt := range []struct {
		parse func(string) (string, error)
		in    string
		want  string
	}{
		{vocab("", Qualities, ParseQuality).parse, "novice", string(Raw)},
		{vocab("", Qualities, ParseQuality).parse, "", string(Trained)},
		{vocab("", FigureWeapons, ParseWeapon).parse, "baker", string(Rifle)},
		{vocab("", FigureWeapons, ParseWeapon).parse, "", string(Musket)},
		{vocab("", Ammos, ParseAmmo).parse, "case", string(Canister)},
		{vocab("", AllSpeeds, ParseSpeed).parse, Charge, string(Run)},
		{vocab("", Arms, ParseArm).parse, "cavalry", string(HeavyCavalry)},
		{vocab("", MeleeWeapons, ParseMeleeWeapon).parse, "sabre", string(Sword)},
	} {
		if got, err := tt.parse(tt.in); got != tt.want || err != nil {
			t.Errorf("parse(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
