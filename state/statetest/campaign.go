package statetest

import (
	"fmt"
	"sync"
	"testing"

	"github.com/referee-bot/referee/state"
)

// testCampaign: what campaigns rely on. A campaign is a document under a key
// of its own, "campaign:<guild>:<name>" (colons, no hash-tag braces), beside
// the games of the same server: a write of one never touches the other, and
// interaction ids are remembered per document, so that the one press that
// ends a battle (its game) and carries it back (its campaign) is applied to
// each once, and a redelivery of it is a replay of both. Its log is its own;
// compare-and-set holds on it as on a game.
func testCampaign(t *testing.T, b Backend, ch string) {
	s := open(t, b, 0)
	ctx := ctxT(t)
	campaign := "campaign:" + ch + ":peninsula"
	carry := func(cur []byte) (state.Change, error) {
		return state.Change{Doc: append(append([]byte{}, cur...), '+'), Reply: []byte("carried"), Append: [][]byte{[]byte("battle carried back")}}, nil
	}
	if _, err := s.UpdateLog(ctx, campaign, "start", func([]byte) (state.Change, error) {
		return state.Change{Doc: []byte("forces"), Append: [][]byte{[]byte("campaign started")}}, nil
	}); err != nil {
		t.Fatalf("UpdateLog(campaign, start): %v", err)
	}
	for i := range 2 { // the press, then its redelivery
		a, err := s.UpdateLog(ctx, campaign, "press", carry)
		if err != nil {
			t.Fatalf("UpdateLog(campaign, press) #%d: %v", i+1, err)
		}
		if a.Replayed != (i == 1) || string(a.Reply) != "carried" {
			t.Errorf("press #%d on the campaign = %+v; want replayed %v, reply %q", i+1, a, i == 1, "carried")
		}
		g := mustUpdate(t, s, ch, "press", set("ended", "battle over"))
		if g.Replayed != (i == 1) || string(g.Reply) != "battle over" {
			t.Errorf("press #%d on the battle = %+v; want replayed %v: ids are remembered per document", i+1, g, i == 1)
		}
	}
	r, err := s.GetLog(ctx, campaign, 0, 0)
	if err != nil {
		t.Fatalf("GetLog(campaign): %v", err)
	}
	if string(r.Doc) != "forces+" || r.LogLen != 2 || string(r.Log[1]) != "battle carried back" {
		t.Errorf("campaign after a press and its redelivery: %q with %d log entries %q; want %q and 2", r.Doc, r.LogLen, r.Log, "forces+")
	}
	if g, err := s.GetLog(ctx, ch, 0, 0); err != nil || string(g.Doc) != "ended" || g.LogLen != 0 {
		t.Errorf("the battle beside the campaign: %q, %d log entries, %v; want %q and none", g.Doc, g.LogLen, err, "ended")
	}

	// Compare-and-set on a campaign key: 20 umpires' edits at once, none lost.
	counter := "campaign:" + ch + ":counter"
	mustUpdate(t, s, counter, "zero", set("0", ""))
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for g := range 20 {
		wg.Go(func() {
			for i := range 10 {
				if _, err := s.Update(ctx, counter, fmt.Sprintf("edit-%d-%d", g, i), increment); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("edit: %v", err)
	}
	if doc, _ := mustGet(t, s, counter); string(doc) != "200" {
		t.Errorf("200 edits of a campaign at once left %q", doc)
	}
	if err := s.Delete(ctx, ch); err != nil {
		t.Fatalf("Delete(battle): %v", err)
	}
	if doc, _ := mustGet(t, s, campaign); string(doc) != "forces+" {
		t.Errorf("deleting the battle left the campaign %q", doc)
	}
}
