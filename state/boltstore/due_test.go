package boltstore_test

import (
	"testing"

	"github.com/referee-bot/referee/state/boltstore"
	"github.com/referee-bot/referee/state/statetest"
)

func TestDueConformance(t *testing.T) {
	dir := t.TempDir()
	statetest.RunDue(t, func(t *testing.T) statetest.DueStore {
		s, err := boltstore.Open(dir, boltstore.Options{})
		if err != nil {
			t.Fatalf("Open(%q): %v", dir, err)
		}
		return s
	})
}

func TestRoundsConformance(t *testing.T) {
	dir := t.TempDir()
	statetest.RunRounds(t, func(t *testing.T) statetest.RoundsStore {
		s, err := boltstore.Open(dir, boltstore.Options{})
		if err != nil {
			t.Fatalf("Open(%q): %v", dir, err)
		}
		return s
	})
}
