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
