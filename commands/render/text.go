package render

import (
	"strings"
	"unicode"

	"github.com/referee-bot/referee/commands/interaction"
)

var markdown = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"[", `\[`, "]", `\]`, "<", `\<`, "#", `\#`, ">", `\>`,
	"@", "@\u200b", // break @everyone and @here even where allowed_mentions would not
)

// Inert makes user-supplied text safe to show in a message: Plain, and no
// markdown takes effect and no mention pings (messages are also sent with
// mentions disabled).
func Inert(s string) string { return markdown.Replace(Plain(s)) }

// Plain makes user-supplied text safe to show where markdown does not apply
// (autocomplete choices, button labels): on one line, without control
// characters, and without the bidirectional controls (U+202E and its kin)
// that would show the text after them reversed or reordered, so that a
// name could pass for another.
func Plain(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n', r == '\r', r == '\t', r == '\u2028', r == '\u2029':
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
			return -1
		}
		return r
	}, s)
}

// Clip cuts s to at most n bytes between words, marking the cut with "…"
// (interaction.Shorten).
func Clip(s string, n int) string { return interaction.Shorten(s, n) }
