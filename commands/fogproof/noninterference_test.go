package fogproof_test

import (
	"fmt"
	"strings"
	"testing"
)

// rulesets are the four rule sets' generated battles.
var rulesets = []*ruleset{greenJackets, crimea, volleyfire, firing2007}

// seeds are the battles of each rule set the test plays, and fuzzSeed
// FuzzNoninterference's first: between them each rule set's battles are
// played with move deadlines (seeds 0 to 3) and without (4 and on). The
// fuzz target plays more.
var seeds = []uint64{4, 2, 0}

// replayed is the seed whose battles TestNoninterference plays last, which
// the other tests play again while their pictures of the table are still
// kept (pictures): all but side A's and the umpire's are not drawn again.
var replayed = seeds[len(seeds)-1]

const fuzzSeed = 6

// TestNoninterference is the proof that fog of war cannot leak: for each
// rule set, battles generated from seeds are played twice, once as
// generated and once with side A's hidden units renamed, re-ranked and
// given other orders; side B and the main channel are sent the same bytes
// in both plays until a rule reveals the unit, and told apart after it.
func TestNoninterference(t *testing.T) {
	for _, rs := range rulesets {
		t.Run(rs.id, func(t *testing.T) {
			t.Parallel()
			for _, seed := range seeds {
				if d := leak(t, rs, seed); d != "" {
					t.Error(d)
				}
			}
		})
	}
}

// FuzzNoninterference plays the battles of more seeds (go test -fuzz).
func FuzzNoninterference(f *testing.F) {
	for i := range rulesets {
		f.Add(uint8(i), uint64(fuzzSeed))
	}
	f.Fuzz(func(t *testing.T, r uint8, seed uint64) {
		rs := rulesets[int(r)%len(rulesets)]
		if d := leak(t, rs, seed); d != "" {
			t.Error(d)
		}
	})
}

// leak plays rs's battle of seed both ways and says where the compared
// audiences first tell them apart ("" where they cannot); it fails t if,
// once a rule revealed the hidden unit, side B still cannot.
func leak(t *testing.T, rs *ruleset, seed uint64) string {
	t.Helper()
	one, other := newPlay(t, rs, seed, false), newPlay(t, rs, seed, true)
	cutOne, cutOther := one.battle(), other.battle()
	for _, a := range compared {
		x, y := one.heard[a].String(), other.heard[a].String()
		if d := divergence(x[:cutOne[a]], y[:cutOther[a]]); d != "" {
			return fmt.Sprintf("%s, seed %d: %s is told side A's hidden units apart before they are revealed:\n%s", rs.id, seed, a, d)
		}
	}
	if one.heard[sideB].String() == other.heard[sideB].String() {
		t.Errorf("%s, seed %d: once revealed, side A's hidden units read the same to side B in both plays: the test tells nothing apart", rs.id, seed)
	}
	return ""
}

// divergence is where two transcripts first differ, with the step marks
// and lines before it; "" when they are the same.
func divergence(x, y string) string {
	if x == y {
		return ""
	}
	xs, ys := strings.Split(x, "\n"), strings.Split(y, "\n")
	i := 0
	for i < len(xs) && i < len(ys) && xs[i] == ys[i] {
		i++
	}
	var b strings.Builder
	from := i
	for from > 0 && i-from < 12 {
		from--
		if strings.HasPrefix(xs[from], "» ") && i-from > 2 {
			break
		}
	}
	for _, l := range xs[from:i] {
		fmt.Fprintf(&b, "    %s\n", l)
	}
	// the differing lines from a little before their first differing byte
	j := 0
	for i < len(xs) && i < len(ys) && j < len(xs[i]) && j < len(ys[i]) && xs[i][j] == ys[i][j] {
		j++
	}
	at := func(ls []string) string {
		if i >= len(ls) {
			return "(nothing more)"
		}
		l := ls[i]
		if j > 160 {
			l = "…" + l[j-120:]
		}
		if len(l) > 400 {
			l = l[:400] + "…"
		}
		return l
	}
	fmt.Fprintf(&b, "one play:   %s\nthe other:  %s\n", at(xs), at(ys))
	return b.String()
}
