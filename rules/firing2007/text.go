package firing2007

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// markdown escapes what Discord would read as markdown or a mention in a name
// the umpire typed: a breach or a view is shown as markdown, and a name in one
// must read as written (the same escapes as commands/render.Inert).
var markdown = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"[", `\[`, "]", `\]`, "<", `\<`, "#", `\#`, ">", `\>`, "@", "@\u200b",
)

// inert is a name as a breach or a view shows it: as typed, on one line,
// without control characters or the bidirectional controls with which a name
// could pass for another, and with no markdown taking effect.
func inert(name string) string {
	return markdown.Replace(strings.Map(func(r rune) rune {
		switch {
		case r == '\n', r == '\r', r == '\t', r == '\u2028', r == '\u2029':
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
			return -1
		}
		return r
	}, name))
}

// bold is a name as a breach shows it, in bold.
func bold(name string) string { return "**" + inert(name) + "**" }

// inches renders a distance without trailing zeros: 6, 7.5.
func inches(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }

// joinSentence joins clauses as one sentence: "a, b and c.".
func joinSentence(parts []string) string {
	s := parts[0]
	if len(parts) > 1 {
		s = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return capital(s) + "."
}

// capital puts a sentence's first letter in upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
