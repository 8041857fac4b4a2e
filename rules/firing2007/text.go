package firing2007

import (
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// bold is a name as a breach shows it, in bold.
func bold(name string) string { return "**" + rules.Inert(name) + "**" }

// inches renders a distance without trailing zeros: 6, 7.5.
func inches(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }

// joinSentence joins clauses as one sentence: "a, b and c.".
func joinSentence(parts []string) string {
	s := parts[0]
	if len(parts) > 1 {
		s = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return rules.Capital(s) + "."
}
