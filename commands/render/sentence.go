package render

import (
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Sentence makes s, a phrase or an error's text, a sentence: its first
// letter a capital, a full stop at its end.
func Sentence(s string) string {
	s = Capital(strings.TrimSpace(s))
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// Capital is s with its first letter a capital (rules.Capital).
func Capital(s string) string { return rules.Capital(s) }
