package commandstest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The two shapes of a short ruling's arithmetic (issue 25.2): a need worked
// from its base, "need ≤ 10 (10 −2 soft cover +2 aimed shot)", and a score
// worked from its dice, "2d6 [5, 5] 10 −1 shaken = 9".
var (
	needWorked  = regexp.MustCompile(`need [≤≥]? ?(\d+)\+? \((\d+)((?: [−+]\d+ [^−+()]+)+)\)`)
	scoreWorked = regexp.MustCompile(`\] (\d+)((?: [−+]\d+ [^−+=]+)+)= (\d+)`)
	modifier    = regexp.MustCompile(`([−+])(\d+) ([^−+()=]+)`)
)

// Arithmetic checks every worked line of a ruling's text (bold marks
// ignored): each modifier has a sign and a reason, and the base with its
// modifiers comes to the need or score shown. It returns how many lines it
// checked and the ones that do not add up.
func Arithmetic(text string) (checked int, wrong []string) {
	text = strings.ReplaceAll(text, "**", "")
	check := func(line, base, mods, result string) {
		checked++
		sum, _ := strconv.Atoi(base)
		for _, m := range modifier.FindAllStringSubmatch(mods, -1) {
			n, _ := strconv.Atoi(m[2])
			if strings.TrimSpace(m[3]) == "" {
				wrong = append(wrong, fmt.Sprintf("%s: a modifier without its reason", line))
			}
			if m[1] == "−" {
				n = -n
			}
			sum += n
		}
		if want, _ := strconv.Atoi(result); sum != want {
			wrong = append(wrong, fmt.Sprintf("%s: comes to %d, not %d", line, sum, want))
		}
	}
	for _, m := range needWorked.FindAllStringSubmatch(text, -1) {
		check(m[0], m[2], m[3], m[1])
	}
	for _, m := range scoreWorked.FindAllStringSubmatch(text, -1) {
		check(m[0], m[1], m[2], m[3])
	}
	return checked, wrong
}

// Odds is the odds of a ruling's text, bold marks ignored: what follows its
// "Odds" (a field in Discord, a line in the console) up to its readings or
// its footer.
func Odds(text string) string {
	text = strings.ReplaceAll(text, "**", "")
	at := oddsHeading.FindStringIndex(text)
	if at == nil {
		return ""
	}
	odds := text[at[1]:]
	for _, end := range []string{"Readings", "quick ruling", "— "} {
		odds, _, _ = strings.Cut(odds, end)
	}
	return odds
}

var oddsHeading = regexp.MustCompile(`Odds:?\s`)
