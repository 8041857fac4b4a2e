package volleyfire

import (
	"math"
	"strconv"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// pNeed is the chance that a d6 with modifier mod makes need or more.
func pNeed(need, mod int) float64 {
	n := 0
	for f := 1; f <= 6; f++ {
		if f+mod >= need {
			n++
		}
	}
	return float64(n) / 6
}

// binomial is the number of successes of n tries at p.
func binomial(n int, p float64) dice.Dist { return dice.Bernoulli(p).Times(n) }

// capped is d with every value above hi read as hi.
func capped(d dice.Dist, hi int) dice.Dist {
	return d.Map(func(x int) int { return min(x, hi) })
}

// rerolledHits is the distribution of hits of n dice hitting at p each, with k
// rerolls of missed dice. With again unset each reroll is on a different missed
// die (at most one reroll a die); with again set a missed reroll may be rerolled
// while rerolls last. Either way the referee rerolls misses, which is the best use.
func rerolledHits(n, k int, p float64, again bool) dice.Dist {
	first := binomial(n, p)
	w := make([]float64, n+1)
	if again {
		first.Values(func(x int, px float64) { w[x] += px })
		for range k {
			next := make([]float64, n+1)
			for h, ph := range w {
				if h == n {
					next[h] += ph
					continue
				}
				next[h+1] += ph * p
				next[h] += ph * (1 - p)
			}
			w = next
		}
	} else {
		first.Values(func(x int, px float64) {
			binomial(min(k, n-x), p).Values(func(y int, py float64) { w[x+y] += px * py })
		})
	}
	return dice.FromWeights(0, w)
}

// countOdds lists the chances of each count of losses, "no loss", "1 base", ...,
// folding counts past five into "6+ bases".
func countOdds(d dice.Dist, what string) []rules.Chance {
	var out []rules.Chance
	for x := d.Min(); x <= d.Max(); x++ {
		p := d.P(x)
		name := plural(x, what)
		if x == 0 {
			name = "no " + what + " lost"
		}
		if x >= 6 {
			out = append(out, rules.Chance{Outcome: strconv.Itoa(x) + "+ " + what + "s", P: d.AtLeast(x)})
			break
		}
		if p > 0 {
			out = append(out, rules.Chance{Outcome: name, P: p})
		}
	}
	return out
}

// round6 keeps odds tidy in JSON without changing what is shown.
func round6(p float64) float64 { return math.Round(p*1e9) / 1e9 }
