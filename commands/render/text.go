package render

import (
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
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

// Clip cuts s to at most n bytes between words, marking the cut with "…"
// (interaction.Shorten).
func Clip(s string, n int) string { return interaction.Shorten(s, n) }
