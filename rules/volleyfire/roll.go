package volleyfire

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// pool rolls n d6 and counts those making need with modifier mod.
func pool(src dice.Source, n, need, mod int) (faces []int, hits int) {
	faces = make([]int, n)
	for i := range faces {
		faces[i] = src.Roll(6)
		if faces[i]+mod >= need {
			hits++
		}
	}
	return faces, hits
}

// poolRoll is the rules.Roll of a pool of d6 read as its count of successes,
// shown as its faces: the count is the step's result, never a die's face.
// Marked, for Discord, shows each natural 6 and 1 bold, as dice bots do.
func poolRoll(faces []int, hits int) rules.Roll {
	shown, marked := make([]string, len(faces)), make([]string, len(faces))
	for i, f := range faces {
		shown[i] = strconv.Itoa(f)
		marked[i] = shown[i]
		if f == 1 || f == 6 {
			marked[i] = "**" + shown[i] + "**"
		}
	}
	return rules.Roll{Notation: fmt.Sprintf("%dd6", len(faces)), Faces: faces, Total: hits,
		Shown: "[" + strings.Join(shown, ", ") + "]", Marked: "[" + strings.Join(marked, ", ") + "]"}
}

// A rerolled pool is the faces after the rerolls (After), the rerolls' own
// faces (Faces), the rerolls used and which dice were rerolled and how they
// fell (Said: "die 2: 3→5").
type rerolled struct {
	After, Faces []int
	Used         int
	Said         string
}

// reroll rerolls up to k of the missed dice in faces (need n+, no modifier), in
// order. With again set a die that misses its reroll may be rerolled again
// while rerolls last.
func reroll(src dice.Source, faces []int, need, k int, again bool) rerolled {
	r := rerolled{After: append([]int(nil), faces...)}
	var parts []string
	for i := 0; i < len(r.After) && r.Used < k; i++ {
		for r.After[i] < need && r.Used < k {
			was := r.After[i]
			r.After[i] = src.Roll(6)
			r.Used++
			r.Faces = append(r.Faces, r.After[i])
			parts = append(parts, fmt.Sprintf("die %d: %d→%d", i+1, was, r.After[i]))
			if !again {
				break
			}
		}
	}
	r.Said = strings.Join(parts, ", ")
	return r
}

func count(faces []int, need int) int {
	n := 0
	for _, f := range faces {
		if f >= need {
			n++
		}
	}
	return n
}
