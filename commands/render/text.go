package render

import (
	"strings"
	"unicode/utf8"
)

var markdown = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"[", `\[`, "]", `\]`, "<", `\<`, "#", `\#`, ">", `\>`,
	"@", "@\u200b", // break @everyone and @here even where allowed_mentions would not
	"\n", " ", "\r", " ",
)

// Inert makes user-supplied text safe to show: no markdown takes effect and no
// mention pings (messages are also sent with mentions disabled).
func Inert(s string) string { return markdown.Replace(s) }

// Clip cuts s to at most n bytes on a rune boundary, marking the cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
