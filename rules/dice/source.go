package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"math/rand/v2"
)

// A Source yields die faces. Every rule function takes one as an argument, so that
// production rolls come from a keyed Stream and tests from a script.
type Source interface {
	// Roll returns a face of a fair die with the given number of sides, in 1..sides.
	// sides is at least 1.
	Roll(sides int) int
}

// SeedSize is the length of a game seed in bytes.
const SeedSize = 32

// A Stream is the production Source: a ChaCha8 stream keyed from a secret seed and a
// roll number with HMAC-SHA256, so that anyone holding the revealed seed can recompute
// every roll of a game from its numbered log. Faces are drawn without modulo bias.
type Stream struct {
	cc rand.ChaCha8
}

// NewStream keys the stream for roll number n of the game with the given seed.
func NewStream(seed []byte, n uint64) *Stream {
	s := new(Stream)
	s.Key(seed, n)
	return s
}

// Key re-keys s in place for roll number n. The key is HMAC-SHA256(seed, n as 8
// big-endian bytes) (RFC 2104).
func (s *Stream) Key(seed []byte, n uint64) {
	var num [8]byte
	binary.BigEndian.PutUint64(num[:], n)
	mac := hmac.New(sha256.New, seed)
	mac.Write(num[:])
	var key [32]byte
	mac.Sum(key[:0])
	s.cc.Seed(key)
}

// Roll returns a uniform face in 1..sides (Lemire's unbiased bounded draw).
// The common path is small enough to inline; the rare rejection loop is apart.
func (s *Stream) Roll(sides int) int {
	n := uint64(sides)
	hi, lo := bits.Mul64(s.cc.Uint64(), n)
	if lo < n {
		hi = s.reject(n, hi, lo)
	}
	return int(hi) + 1
}

// reject finishes a draw whose low half fell below n: it draws again while the
// low half is under (2^64 - n) mod n, the surplus that would bias the faces.
// It stays out of line, so that the draw inlined in a loop stays small.
//
//go:noinline
func (s *Stream) reject(n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(s.cc.Uint64(), n)
	}
	return hi
}

// Commitment is the published SHA-256 of a seed, in hex as it is shown to
// players (published at the start of a game).
func Commitment(seed []byte) string {
	c := sha256.Sum256(seed)
	return hex.EncodeToString(c[:])
}
