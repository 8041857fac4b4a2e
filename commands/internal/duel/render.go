package duel

import (
	"fmt"
	"strings"
)

// shotLine says a shot: "Athos fires at Jussac: 5, needs 4, hit".
func shotLine(shooter, target string, s Shot) string {
	shooter, target = or(shooter, "The shooter"), or(target, "his man")
	came := "miss"
	if s.Hit {
		came = "hit"
	}
	return fmt.Sprintf("%s fires at %s: %d, needs %d, %s", shooter, target, s.Roll, s.Need, came)
}

// roll lists the duellists, the hit marked.
func roll(b *Board) string {
	if len(b.Duellists) == 0 {
		return "No one yet."
	}
	var lines []string
	for _, d := range b.Duellists {
		line := d.Name + " (" + d.Side + ")"
		if d.Hit {
			line += ": hit"
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// losses lists the duellists hit.
func losses(b *Board) string {
	var hit []string
	for _, d := range b.Duellists {
		if d.Hit {
			hit = append(hit, "- "+d.Name)
		}
	}
	if len(hit) == 0 {
		return "No one was hit."
	}
	return strings.Join(hit, "\n")
}

func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
