package boltstore

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/referee-bot/referee/state"
)

// TestAdoptsInteractionsOfBefore: a file written before interactions were
// remembered by time (their ids in the game record, their replies in the ix
// bucket) opens with those interactions remembered, replies and all.
func TestAdoptsInteractionsOfBefore(t *testing.T) {
	dir := t.TempDir()
	db, err := bolt.Open(filepath.Join(dir, FileName), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	exp := time.Now().Add(time.Hour)
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketGames, bucketIx, bucketExpiry, bucketLog} {
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketIx).Put(ixKey("c", "old"), []byte("the old reply")); err != nil {
			return err
		}
		return save(tx, "c", game{doc: []byte("doc"), ver: 3, ids: []string{"old"}}, exp)
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, err := s.Update(context.Background(), "c", "old", func([]byte) ([]byte, []byte, error) { return []byte("again"), nil, nil })
	if err != nil || !a.Replayed || string(a.Reply) != "the old reply" || a.Version != 3 {
		t.Errorf("the interaction of before, delivered again = %+v, %v; want replayed %q at version 3", a, err, "the old reply")
	}
	err = s.db.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketIx) != nil {
			t.Error("the ix bucket of before is still there")
		}
		g, err := load(tx, "c", time.Now())
		if err != nil || len(g.ids) != 0 || string(g.doc) != "doc" || !g.exp.Equal(exp) {
			t.Errorf("the game record after Open = %+v, %v; want its document and expiry, no ids", g, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestForgetsIdleChannels: a channel's whole memory of interactions goes once
// nothing was remembered in it for the window, swept by a write elsewhere,
// so channels played once do not fill the file.
func TestForgetsIdleChannels(t *testing.T) {
	now := time.Date(2026, 6, 18, 11, 0, 0, 0, time.UTC)
	s, err := Open(t.TempDir(), Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	ruling := func([]byte) (state.Change, error) { return state.Change{Reply: []byte("7"), Record: true}, nil }
	if _, err := s.UpdateLog(ctx, "once", "r1", ruling); err != nil {
		t.Fatal(err)
	}
	remembers := func(channel string) bool {
		var ok bool
		s.db.View(func(tx *bolt.Tx) error {
			ok = tx.Bucket(bucketSeen).Bucket([]byte(channel)) != nil
			return nil
		})
		return ok
	}
	if !remembers("once") {
		t.Fatal("the ruling's channel remembers nothing")
	}
	now = now.Add(state.RememberFor)
	if _, err := s.UpdateLog(ctx, "busy", "r2", ruling); err != nil {
		t.Fatal(err)
	}
	if remembers("once") {
		t.Error("a channel idle for the window still has its memory")
	}
	if !remembers("busy") {
		t.Error("the channel just written remembers nothing")
	}
}
