package crimea

import (
	"fmt"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// ReadingC1 is how every roll is read.
var ReadingC1 = rules.Reading{ID: "C1", Text: "every roll is d100 from a red and a white d10: red tens, white units, a 10 reads 0, and 0-0 reads 100"}

// D100 rolls the red and the white d10 (C1: "All die rolls in this game are made
// by rolling two D10 dice, one red and one white"). A face of 10 reads 0; the red
// die gives the tens, the white the units, and 0-0 reads 100. Faces are the two
// digits as read, red first.
func D100(src dice.Source) rules.Roll {
	red := src.Roll(10) % 10
	white := src.Roll(10) % 10
	return d100Of(red, white)
}

// d100Of is the roll of a red and a white die as read, each 0–9.
func d100Of(red, white int) rules.Roll {
	n := red*10 + white
	if n == 0 {
		n = 100
	}
	return rules.Roll{
		Notation: "d100",
		Faces:    []int{red, white},
		Total:    n,
		Shown:    fmt.Sprintf("red %d, white %d → %d", red, white, n),
	}
}

// chance is the probability that a d100 reads lo..hi.
func chance(lo, hi int) float64 {
	lo, hi = max(lo, 1), min(hi, 100)
	if hi < lo {
		return 0
	}
	return float64(hi-lo+1) / 100
}

// Band renders a d100 band as the chart prints it: "01–10", "91–100".
func Band(lo, hi int) string { return fmt.Sprintf("%02d–%02d", lo, hi) }

func intp(v int) *int { return &v }

// inches renders a movement modifier: "lose 3\"", "add 2\"", "no modifier".
func inches(v int) string {
	switch {
	case v < 0:
		return fmt.Sprintf("lose %d\"", -v)
	case v > 0:
		return fmt.Sprintf("add %d\"", v)
	}
	return "no modifier"
}
