package statetest

import (
	"errors"
	"testing"

	"github.com/referee-bot/referee/state"
)

// testSideChannelLink: a side channel's link to its battle (state.Link) is
// stored as that channel's document, in its own keys, beside the battle's:
// read by one Get (and by GetLog, with no log), recognised, replaced, and
// written over by a game; the battle's own document and log are untouched.
func testSideChannelLink(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	ctx := ctxT(t)
	home, side := ch+"-home", ch+"-side"
	ca := mustUpdateLog(t, s, home, "h1", func([]byte) (state.Change, error) {
		return state.Change{Doc: []byte(`{"schema":2}`), Append: [][]byte{[]byte(`"entry"`)}}, nil
	})
	if _, _, err := s.Get(ctx, side); !errors.Is(err, state.ErrNotFound) {
		t.Fatalf("Get(side) before the link = %v; want ErrNotFound", err)
	}
	mustUpdate(t, s, side, "l1", func(cur []byte) ([]byte, []byte, error) {
		if cur != nil {
			t.Errorf("the side channel held %q before its link", cur)
		}
		return state.Link(home), nil, nil
	})
	doc, _ := mustGet(t, s, side)
	if got, ok := state.LinkedTo(doc); !ok || got != home {
		t.Errorf("LinkedTo(Get(side)) = %q, %v; want %q, true", got, ok, home)
	}
	r, err := s.GetLog(ctx, side, 0, 0)
	if err != nil {
		t.Fatalf("GetLog(side): %v", err)
	}
	if got, ok := state.LinkedTo(r.Doc); !ok || got != home || len(r.Log) != 0 || r.LogLen != 0 {
		t.Errorf("GetLog(side) = link %q %v, %d entries of %d; want the link to %q and no log", got, ok, len(r.Log), r.LogLen, home)
	}
	hr, err := s.GetLog(ctx, home, 0, 0)
	if err != nil || string(hr.Doc) != `{"schema":2}` || hr.LogLen != 1 || hr.Version != ca.Version {
		t.Errorf("the battle after its link = %q, %d entries, version %d, %v; want it untouched", hr.Doc, hr.LogLen, hr.Version, err)
	}
	// Linked again to another battle, and then written over by a game.
	mustUpdate(t, s, side, "l2", set(string(state.Link(home+"2")), ""))
	if doc, _ := mustGet(t, s, side); !linkedTo(doc, home+"2") {
		t.Errorf("Get(side) after relinking = %q; want a link to %q", doc, home+"2")
	}
	mustUpdate(t, s, side, "g1", set(`{"schema":2}`, ""))
	if doc, _ := mustGet(t, s, side); linkedTo(doc, home+"2") {
		t.Errorf("Get(side) after a game was written there = %q; want the game", doc)
	}
	if _, ok := state.LinkedTo([]byte(`{"schema":2,"link":"x"}`)); ok {
		t.Errorf("a game document read as a link")
	}
}

func linkedTo(doc []byte, home string) bool {
	got, ok := state.LinkedTo(doc)
	return ok && got == home
}
