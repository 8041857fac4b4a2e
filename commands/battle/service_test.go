package battle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/boltstore"
)

func newService(t *testing.T) (*Service, *boltstore.Store) {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return NewService(store, func() time.Time { return t0 }, nil, fakeRuleset{}), store
}

var ids int

func request(path string) interaction.Request {
	ids++
	return interaction.Request{ID: fmt.Sprint("i", ids), ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}, Path: path}
}

func TestServiceUndoPoint(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	_, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		if tx.Game.NextRoll != 1 || tx.Previous != nil {
			t.Errorf("a new game: next roll %d, previous %v; want 1, nil", tx.Game.NextRoll, tx.Previous)
		}
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		tx.KeepUndo()
		return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
	})
	if err != nil {
		t.Fatal(err)
	}
	view := func() *Game {
		g, err := svc.View(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	if g := view(); g.Undo != nil {
		t.Errorf("start left an undo point %+v", g.Undo)
	}

	// A ruling that only logs: the undo point names its entry, and no board.
	svc.Change(ctx, request("ruling"), func(tx *Tx) (interaction.Response, error) {
		tx.Dice().Roll(20)
		tx.Log("a ruling")
		return interaction.Response{}, nil
	})
	g, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Undo == nil || len(g.Undo.BoardGz) != 0 || len(g.Undo.Entries) != 1 || g.Undo.Entries[0] != 1 || len(log) != 1 || log[0].Roll != 1 {
		t.Errorf("after a logged ruling: undo %+v, log %+v", g.Undo, log)
	}

	// A board change: the undo point holds the board before it.
	before := g.Board
	svc.Change(ctx, request("add"), func(tx *Tx) (interaction.Response, error) {
		return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris", "Hagman"}})
	})
	g = view()
	if g.Undo == nil || len(g.Undo.Entries) != 0 {
		t.Fatalf("after a board change: undo %+v; want the board before and no entries", g.Undo)
	}
	if board, err := g.Undo.Board(); err != nil || string(board) != string(before) {
		t.Errorf("after a board change: the undo point's board is %s, %v; want %s", board, err, before)
	}

	// A change that changes nothing writes nothing.
	_, v1, _ := store.Get(ctx, "c1")
	svc.Change(ctx, request("look"), func(tx *Tx) (interaction.Response, error) { return interaction.Whisper("ok"), nil })
	if _, v2, _ := store.Get(ctx, "c1"); v2 != v1 {
		t.Errorf("a change that changed nothing wrote version %d → %d", v1, v2)
	}

	// Ended: Change refuses, Create replaces and shows the ended game.
	svc.Change(ctx, request("end"), func(tx *Tx) (interaction.Response, error) {
		now := t0
		tx.Game.Ended = &now
		return interaction.Response{}, nil
	})
	if _, err := svc.Change(ctx, request("late"), func(tx *Tx) (interaction.Response, error) { return interaction.Response{}, nil }); !errors.Is(err, ErrEnded) {
		t.Errorf("Change of an ended game = %v; want the ended refusal", err)
	}
	svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		if tx.Previous == nil || tx.Previous.Running() {
			t.Errorf("Create over an ended game: previous %+v", tx.Previous)
		}
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		return interaction.Response{}, tx.SetBoard(fakeBoard{})
	})

	// Replace stores a whole new document.
	svc.Replace(ctx, request("import"), func(tx *Tx) (interaction.Response, error) {
		tx.Game = &Game{Schema: SchemaVersion, Channel: "c1", Ruleset: "fake", Umpire: "u2", NextRoll: 7, Board: json.RawMessage(`{"units":[]}`)}
		return interaction.Response{}, nil
	})
	if g := view(); g.Umpire != "u2" || g.NextRoll != 7 {
		t.Errorf("after Replace: %+v", g)
	}
	if _, err := svc.View(ctx, "nowhere"); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("View of an empty channel = %v", err)
	}
}

// TestLogAppendOnly: entries are stored beside the document, numbered on from
// the game's count; an undo's entry voids earlier ones without rewriting
// them, and readers see them voided; the document holds only the count.
func TestLogAppendOnly(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		tx.Log("started")
		return interaction.Response{}, tx.SetBoard(fakeBoard{})
	})
	svc.Change(ctx, request("fire"), func(tx *Tx) (interaction.Response, error) {
		tx.Dice().Roll(6)
		tx.Log("volley")
		tx.Log("rally")
		return interaction.Response{}, nil
	})
	before, err := store.GetLog(ctx, "c1", 0, 0)
	if err != nil || before.LogLen != 3 {
		t.Fatalf("GetLog = %d entries, %v; want 3", before.LogLen, err)
	}
	svc.Change(ctx, request("undo"), func(tx *Tx) (interaction.Response, error) {
		if n := tx.LogVoid("undid #2–3: smoke", []int{2, 3}, "smoke"); n != 4 {
			t.Errorf("LogVoid numbered its entry %d; want 4", n)
		}
		return interaction.Response{}, nil
	})
	after, err := store.GetLog(ctx, "c1", 0, 0)
	if err != nil || after.LogLen != 4 {
		t.Fatalf("GetLog = %d entries, %v; want 4", after.LogLen, err)
	}
	for i, b := range before.Log {
		if string(after.Log[i]) != string(b) {
			t.Errorf("entry #%d was rewritten: %s → %s", i+1, b, after.Log[i])
		}
	}
	if bytes.Contains(after.Doc, []byte(`"summary":"volley"`)) || !bytes.Contains(after.Doc, []byte(`"log_len":4`)) {
		t.Errorf("the document holds the log or miscounts it: %s", after.Doc)
	}
	g, tail, err := svc.ViewLog(ctx, "c1", 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range tail {
		got = append(got, fmt.Sprintf("#%d %s [%s]", e.N, e.Summary, e.Voided))
	}
	want := []string{"#2 volley [smoke]", "#3 rally [smoke]", "#4 undid #2–3: smoke []"}
	if g.LogLen != 4 || !slices.Equal(got, want) {
		t.Errorf("ViewLog(last 3) = %d, %q; want 4, %q", g.LogLen, got, want)
	}
}

// TestDocumentSizeIndependentOfLog: the document holds the log's length, not
// its entries, so a long log leaves it as small as a short one.
func TestDocumentSizeIndependentOfLog(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		tx.KeepUndo()
		tx.Log("started")
		return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
	})
	volleys := func(n int) int {
		svc.Change(ctx, request("fire"), func(tx *Tx) (interaction.Response, error) {
			tx.KeepUndo()
			for range n {
				tx.Dice().Roll(6)
				tx.Log("Harris fires at the voltigeurs: a hit")
			}
			return interaction.Response{}, nil
		})
		doc, _, err := store.Get(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		return len(doc)
	}
	short, long := volleys(9), volleys(990)
	if long-short > 2 { // log_len 10 → 1000
		t.Errorf("the document grew from %d to %d bytes with the log; want it the same", short, long)
	}
	if g, tail, err := svc.ViewLog(ctx, "c1", 1); err != nil || g.LogLen != 1000 || len(tail) != 1 || tail[0].N != 1000 {
		t.Errorf("ViewLog(last 1) = %+v, %v; want entry #1000 of 1000", tail, err)
	}
}

// Fog of war fails closed: a change to a fogged battle served without a
// delivery (DeliverBy) is refused, and writes nothing, rather than show
// every reader what the change says unfiltered.
func TestFogWithoutDeliveryIsRefused(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire, tx.Game.Fog = "fake", "u1", true
		return interaction.Response{}, nil
	}); !errors.Is(err, errUndelivered) {
		t.Fatalf("starting a fogged battle with no delivery = %v; want errUndelivered", err)
	}
	if _, err := svc.View(ctx, "c1"); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("after the refusal the channel's game = %v; want none", err)
	}

	delivered := 0
	svc.DeliverBy(func(*Tx, *interaction.Response) (*gamelog.Hearing, error) { delivered++; return nil, nil })
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire, tx.Game.Fog = "fake", "u1", true
		return interaction.Response{}, nil
	}); err != nil || delivered != 1 {
		t.Errorf("with a delivery: %v, delivered %d times; want it served, delivered once", err, delivered)
	}
}

// A service without a gate (GateBy) refuses a change made in a channel
// linked to a battle, even the umpire's: it cannot tell whose the channel is.
func TestLinkedChannelWithoutGateIsRefused(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		tx.Game.Sides = []Side{{Name: "French", Channel: "side1"}}
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Update(ctx, "side1", "link", func([]byte) ([]byte, []byte, error) { return state.Link("c1"), nil, nil }); err != nil {
		t.Fatal(err)
	}
	req := request("ruling")
	req.ChannelID = "side1"
	if _, err := svc.Change(ctx, req, func(tx *Tx) (interaction.Response, error) { return interaction.Say("ruled"), nil }); !errors.Is(err, errUngated) {
		t.Errorf("a change in a side's channel with no gate = %v; want errUngated", err)
	}
}
