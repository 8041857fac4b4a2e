package render

import "testing"

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"move: `soon` is not a length of time": "Move: `soon` is not a length of time.",
		"écrit.":                               "Écrit.",
		"  ":                                   "",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
