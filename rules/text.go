package rules

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var markdown = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"[", `\[`, "]", `\]`, "<", `\<`, "#", `\#`, ">", `\>`,
	"@", "@\u200b", // break @everyone and @here even where allowed_mentions would not
)

// Inert is a name someone typed as a breach, a view or a message shows it:
// Plain, and no markdown takes effect and no mention pings.
func Inert(s string) string { return markdown.Replace(Plain(s)) }

// Plain is typed text as shown where markdown does not apply (autocomplete
// choices, button labels): on one line, without control characters, and
// without the bidirectional controls (U+202E and its kin) that would show the
// text after them reversed or reordered, so that a name could pass for
// another.
func Plain(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case ' ' <= r && r < 0x7f: // printable ASCII, most of what is typed: no table to look up
			return r
		case r == '\n', r == '\r', r == '\t', r == '\u2028', r == '\u2029':
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
			return -1
		}
		return r
	}, s)
}

// Capital is s with its first letter a capital, for a sentence that starts
// with a name or a phrase.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Arg is a value as a command line takes it after its option's name, for a
// hint that names a command to type (squad:"Chosen Men"): Plain, and in double
// quotes when it holds a space or a quote, a quote or backslash inside escaped
// with a backslash, as the console reads it; Discord takes the quotes as typed.
func Arg(s string) string {
	s = Plain(s)
	if s != "" && !strings.ContainsAny(s, " \"\\") {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// Or lists words as a sentence offers a choice of them: "a, b or c".
func Or[T ~string](words []T) string {
	s := make([]string, len(words))
	for i, w := range words {
		s[i] = string(w)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Plural is a count with its noun: "1 stand", "3 stands".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
