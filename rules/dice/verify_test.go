package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// verifyFaces follows VERIFY.md step by step, written apart from Stream so that
// the test checks the document and the code against each other: it returns the
// raw draws (1..size) for the given sequence of die sizes of roll number n.
func verifyFaces(seed []byte, n uint64, sizes []int) []int {
	// Step 1: key = HMAC-SHA256(seed, roll number as 8 big-endian bytes).
	mac := hmac.New(sha256.New, seed)
	var num [8]byte
	binary.BigEndian.PutUint64(num[:], n)
	mac.Write(num[:])
	var key [32]byte
	copy(key[:], mac.Sum(nil))
	// Step 2: a ChaCha8 generator (C2SP chacha8rand) seeded with the key.
	g := rand.NewChaCha8(key)
	// Step 3: each die of size s: draw x (uint64); (hi, lo) = the 128-bit x*s;
	// if lo < (2^64 - s) mod s, draw again; the face is hi+1.
	var faces []int
	for _, size := range sizes {
		s := uint64(size)
		threshold := (-s) % s
		for {
			hi, lo := bits.Mul64(g.Uint64(), s)
			if lo >= threshold {
				faces = append(faces, int(hi)+1)
				break
			}
		}
	}
	return faces
}

// exampleSeed is the seed of the worked example in VERIFY.md: the bytes 0x00..0x1f.
func exampleSeed() []byte {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	return seed
}

// TestVerifyExample pins the worked example of VERIFY.md, so that an implementation
// in any language can check itself against the same numbers.
func TestVerifyExample(t *testing.T) {
	seed := exampleSeed()
	if got, want := Commitment(seed), "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"; got != want {
		t.Errorf("Commitment = %s, want %s", got, want)
	}
	mac := hmac.New(sha256.New, seed)
	mac.Write([]byte{0, 0, 0, 0, 0, 0, 0, 9})
	if got, want := hex.EncodeToString(mac.Sum(nil)), "28534af81066e6b8fefce269fcfd7ffc40ed4e63952d8b4f4c7c7771f5d236b2"; got != want {
		t.Errorf("key of roll 9 = %s, want %s", got, want)
	}
	sizes := []int{20, 6, 6, 10, 10}
	want := []int{3, 2, 5, 5, 8}
	if diff := cmp.Diff(want, verifyFaces(seed, 9, sizes)); diff != "" {
		t.Errorf("example faces (-VERIFY.md +procedure):\n%s", diff)
	}
	r := mustParse(t, "d20+2d6+d100").Roll(NewStream(seed, 9))
	if got, want := r.String(), "d20 [3] + 2d6 [2, 5] + d100 [red 5, white 8 → 58] = 68"; got != want {
		t.Errorf("example roll = %q, want %q", got, want)
	}
	s := NewStream(seed, 9)
	var got []int
	for _, size := range sizes {
		got = append(got, s.Roll(size))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("example faces (-VERIFY.md +Stream):\n%s", diff)
	}
}

// TestVerifyLog recomputes a game's roll log from its revealed seed by the
// documented procedure: for each entry, the die sizes follow from the dice shown
// (a d100 is two d10 draws, red then white, 10 reading 0), and the faces from
// seed and roll number.
func TestVerifyLog(t *testing.T) {
	seed := []byte("a game seed revealed at the end!")
	notations := []string{"d20", "2d6+3", "d100", "4d6kh3", "10d6>=5", "2d6r1!", "3#d%", "1d20+1d6+4", "d6ro<3kh1"}
	type entry struct {
		n    uint64
		dice []RolledDie
	}
	var log []entry
	for i, s := range notations {
		n := uint64(100 + 3*i) // gaps: discarded roll numbers
		r := mustParse(t, s).Roll(NewStream(seed, n))
		log = append(log, entry{n, r.Dice})
	}
	for i, e := range log {
		var sizes []int
		for _, d := range e.dice {
			if d.Percent() {
				sizes = append(sizes, 10, 10)
			} else {
				sizes = append(sizes, int(d.Sides))
			}
		}
		draws := verifyFaces(seed, e.n, sizes)
		var got []int
		for _, d := range e.dice {
			if d.Percent() {
				f := draws[0]%10*10 + draws[1]%10
				if f == 0 {
					f = 100
				}
				got, draws = append(got, f), draws[2:]
			} else {
				got, draws = append(got, draws[0]), draws[1:]
			}
		}
		var want []int
		for _, d := range e.dice {
			want = append(want, int(d.Face))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("roll %d (%s) does not verify (-logged +recomputed):\n%s", e.n, notations[i], diff)
		}
	}
}
