package dice

import (
	"crypto/rand"
	"math"
	"testing"
)

// chiSquare is Pearson's statistic of observed face counts (index 1..sides)
// against a uniform die.
func chiSquare(counts []int, draws int) float64 {
	sides := len(counts) - 1
	want := float64(draws) / float64(sides)
	x := 0.0
	for _, c := range counts[1:] {
		x += (float64(c) - want) * (float64(c) - want) / want
	}
	return x
}

// critical001 are the upper 0.001 points of the chi-square law with sides-1 degrees
// of freedom, from the tables.
var critical001 = map[int]float64{6: 20.515, 10: 27.877, 20: 43.820, 100: 148.230}

// faceCounts draws n faces of a d(sides) from src; a d100 is read from a red and a
// white d10 as every d100 of the referee is.
func faceCounts(src Source, sides, n int) []int {
	counts := make([]int, sides+1)
	for range n {
		f := 0
		if sides == 100 {
			_, _, f = RollPercent(src)
		} else {
			f = src.Roll(sides)
		}
		counts[f]++
	}
	return counts
}

// TestChiSquareFixedSeed tests the faces of a Stream with a fixed seed at α = 0.001,
// both along one stream and across the first draw of successive roll numbers (the
// common case: a command keys a fresh stream and rolls one die).
func TestChiSquareFixedSeed(t *testing.T) {
	seed := []byte("chi-square seed, fixed for tests")
	for _, sides := range []int{6, 10, 20, 100} {
		n := 500 * sides
		counts := faceCounts(NewStream(seed, uint64(sides)), sides, n)
		if x := chiSquare(counts, n); x > critical001[sides] {
			t.Errorf("d%d along one stream: χ² = %.2f over %d draws, above the 0.001 point %.3f", sides, x, n, critical001[sides])
		}
		counts = make([]int, sides+1)
		var s Stream
		for i := range uint64(n) {
			counts[firstFace(&s, seed, 1_000_000+i, sides)]++
		}
		if x := chiSquare(counts, n); x > critical001[sides] {
			t.Errorf("d%d across roll numbers: χ² = %.2f over %d streams, above the 0.001 point %.3f", sides, x, n, critical001[sides])
		}
	}
}

// firstFace is the first face of a d(sides) from the stream for roll number n.
func firstFace(s *Stream, seed []byte, n uint64, sides int) int {
	s.Key(seed, n)
	if sides == 100 {
		_, _, f := RollPercent(s)
		return f
	}
	return s.Roll(sides)
}

// TestChiSquareLiveSeed is a smoke test on a fresh seed from crypto/rand. So that it
// never fails by chance in CI, its threshold is the 10⁻⁶ point (Wilson–Hilferty).
func TestChiSquareLiveSeed(t *testing.T) {
	seed := make([]byte, SeedSize)
	if _, err := rand.Read(seed); err != nil {
		t.Fatal(err)
	}
	for _, sides := range []int{6, 10, 20, 100} {
		n := 200 * sides
		counts := faceCounts(NewStream(seed, 1), sides, n)
		k := float64(sides - 1)
		const z = 4.7534 // the upper 10⁻⁶ point of the standard normal
		limit := k * math.Pow(1-2/(9*k)+z*math.Sqrt(2/(9*k)), 3)
		if x := chiSquare(counts, n); x > limit {
			t.Errorf("d%d on a live seed: χ² = %.2f over %d draws, above the 10⁻⁶ point %.1f", sides, x, n, limit)
		}
	}
}
