package redisstore_test

import (
	"context"
	"testing"

	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
	"github.com/referee-bot/referee/state/statetest"
)

func dueBackend(url string) func(t *testing.T) statetest.DueStore {
	return func(t *testing.T) statetest.DueStore {
		s, err := redisstore.Open(context.Background(), url, redisstore.Options{})
		if err != nil {
			t.Fatalf("Open(%q): %v", url, err)
		}
		return s
	}
}

func TestDueConformance(t *testing.T) {
	t.Parallel()
	statetest.RunDue(t, dueBackend(redistest.Start(t).URL()))
}

// TestDueConformanceCluster runs the due index through the Cluster client:
// each shard is a key of its own slot.
func TestDueConformanceCluster(t *testing.T) {
	t.Parallel()
	statetest.RunDue(t, dueBackend(redistest.StartLocal(t, redistest.Cluster()).URL()))
}

func roundsBackend(url string) func(t *testing.T) statetest.RoundsStore {
	return func(t *testing.T) statetest.RoundsStore {
		s, err := redisstore.Open(context.Background(), url, redisstore.Options{})
		if err != nil {
			t.Fatalf("Open(%q): %v", url, err)
		}
		return s
	}
}

func TestRoundsConformance(t *testing.T) {
	t.Parallel()
	statetest.RunRounds(t, roundsBackend(redistest.Start(t).URL()))
}

// TestRoundsConformanceCluster runs the rounds through a cluster of three
// masters: the set of a rounds and its due shard share a slot, so each
// script's keys are on one node.
func TestRoundsConformanceCluster(t *testing.T) {
	t.Parallel()
	statetest.RunRounds(t, roundsBackend(redistest.StartCluster(t, 3).URL()))
}
