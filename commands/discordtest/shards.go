package discordtest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// shardLog is what the double knows of sharding; guarded by Server.mu.
type shardLog struct {
	// concurrency is the max_concurrency GET /gateway/bot reports (1 when 0).
	concurrency int
	identifies  []Identify
}

// An Identify is one IDENTIFY the double accepted.
type Identify struct {
	// Shard is the IDENTIFY's shard array [shard_id, num_shards]; nil when it
	// carried none (an unsharded bot).
	Shard []int
	At    time.Time
}

// SetMaxConcurrency sets the max_concurrency GET /gateway/bot reports: how
// many shards may identify in each 5-second window, one per bucket
// shard_id % max_concurrency.
func (s *Server) SetMaxConcurrency(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shards.concurrency = n
}

func (s *Server) maxConcurrency() int { return max(1, s.shards.concurrency) }

// identified records an accepted IDENTIFY; the caller holds s.mu.
func (s *Server) identified(d json.RawMessage) {
	var id struct {
		Shard []int `json:"shard"`
	}
	json.Unmarshal(d, &id)
	s.shards.identifies = append(s.shards.identifies, Identify{Shard: id.Shard, At: time.Now()})
}

// Identifies lists the IDENTIFYs accepted so far, in order.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.shards.identifies...)
}

// WaitIdentifies waits until n IDENTIFYs have been accepted and returns them.
func (s *Server) WaitIdentifies(t testing.TB, n int) []Identify {
	t.Helper()
	s.Wait(t, fmt.Sprintf("%d IDENTIFYs", n), func() bool { return len(s.Identifies()) >= n })
	return s.Identifies()
}
