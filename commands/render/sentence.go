package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
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

// Capital is s with its first letter a capital.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
