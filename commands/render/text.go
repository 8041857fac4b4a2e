package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Inert makes user-supplied text safe to show in a message (rules.Inert):
// Plain, and no markdown takes effect and no mention pings (messages are also
// sent with mentions disabled).
func Inert(s string) string { return rules.Inert(s) }

// titleMarkdown escapes what an embed title renders: emphasis, code, spoilers
// and the escape itself. A title renders no block quote, heading, link or
// mention, and there an escape before > # < or [ would show as a backslash
// (/odds's "Odds of 10d6\>=5").
var titleMarkdown = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`,
	"@", "@\u200b")

// InertTitle makes user-supplied text safe in an embed's title: Plain, and no
// markdown a title renders takes effect (Inert is for descriptions and fields).
func InertTitle(s string) string { return titleMarkdown.Replace(rules.Plain(s)) }

// Slug is a name as a file name's part: lower-case ASCII letters and digits,
// anything else "-", at most 40 bytes, no dash at either end ("Talavera 1809" →
// "talavera-1809").
func Slug(name string) string {
	slug := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, name)
	return strings.Trim(Clip(slug, 40), "-…")
}

// Plain makes user-supplied text safe to show where markdown does not apply
// (rules.Plain): on one line, without control or bidirectional characters.
func Plain(s string) string { return rules.Plain(s) }

// Clip cuts s to at most n bytes between words, marking the cut with "…"
// (interaction.Shorten).
func Clip(s string, n int) string { return interaction.Shorten(s, n) }

// Quote shows text taken from a file or an error safely: clipped to 200
// bytes, with markdown and mentions neutralised.
func Quote(s string) string { return Inert(Clip(s, 200)) }

// Stamp is a moment as a Discord timestamp: "in 3 hours", in each reader's own zone.
func Stamp(t time.Time) string {
	return fmt.Sprintf("<t:%d:R> (<t:%d:f>)", t.Unix(), t.Unix())
}
