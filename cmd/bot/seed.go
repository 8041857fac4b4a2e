package main

import (
	"crypto/sha256"
	"math/rand/v2"
	"strconv"
	"sync"
)

// seeded is a deterministic entropy stream for -seed: the same N gives every
// new game the same secret seed and every stateless roll the same dice.
type seeded struct {
	mu sync.Mutex
	c  *rand.ChaCha8
}

func newSeeded(n int64) *seeded {
	key := sha256.Sum256([]byte("referee console seed " + strconv.FormatInt(n, 10)))
	return &seeded{c: rand.NewChaCha8(key)}
}

func (s *seeded) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Read(p)
}
