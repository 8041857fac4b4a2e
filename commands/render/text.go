package render

import (
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Inert makes user-supplied text safe to show in a message (rules.Inert):
// Plain, and no markdown takes effect and no mention pings (messages are also
// sent with mentions disabled).
func Inert(s string) string { return rules.Inert(s) }

// Plain makes user-supplied text safe to show where markdown does not apply
// (rules.Plain): on one line, without control or bidirectional characters.
func Plain(s string) string { return rules.Plain(s) }

// Clip cuts s to at most n bytes between words, marking the cut with "…"
// (interaction.Shorten).
func Clip(s string, n int) string { return interaction.Shorten(s, n) }
