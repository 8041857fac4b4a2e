package battle

import (
	"context"
	"github.com/referee-bot/referee/commands/battle/pace"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// A battle in the index whose deadlines were switched off since: the firing
// finds nothing due, writes the document (a compare-and-set like any
// firing) and takes the battle out of the index.
func TestFireWithoutDeadlines(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (resp interaction.Response, err error) {
		tx.Game.Ruleset = "fake"
		return resp, tx.SetBoard(fakeBoard{Units: []string{}})
	}); err != nil {
		t.Fatal(err)
	}
	if err := store.LowerDue(ctx, "c1", t0); err != nil {
		t.Fatal(err)
	}
	_, before, _ := store.Get(ctx, "c1")
	resp, mine, err := svc.Fire(ctx, "c1")
	if err != nil || !mine || len(resp.Public)+len(resp.DMs)+len(resp.Posts) != 0 {
		t.Fatalf("Fire = %+v, %v, %v; want nothing said, by this call", resp, mine, err)
	}
	if _, after, _ := store.Get(ctx, "c1"); after != before+1 {
		t.Errorf("the firing left the document at version %d, want %d (written)", after, before+1)
	}
	if due, err := store.Due(ctx, t0, 10); err != nil || len(due) != 0 {
		t.Errorf("after the firing Due = %v, %v; want none", due, err)
	}
}

// An ended battle waits on no one: ending it drops its pending moves, and
// the firing that finds it takes it out of the index.
func TestFireAfterTheEnd(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (resp interaction.Response, err error) {
		tx.Game.Ruleset, tx.Game.Desk = "fake", "d1"
		tx.Game.Pace = &pace.Pace{Move: pace.Span(pace.MinMove), Pending: []pace.Pending{{User: "u1", Due: t0}}}
		return resp, tx.SetBoard(fakeBoard{Units: []string{}})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ChangeAny(ctx, request("game end"), func(tx *Tx) (resp interaction.Response, err error) {
		tx.Game.Ended = &t0
		return resp, nil
	}); err != nil {
		t.Fatal(err)
	}
	g, err := svc.View(ctx, "c1")
	if err != nil || len(g.Pace.Pending) != 0 || !g.Pace.Next().IsZero() {
		t.Fatalf("the ended battle's pace: %+v, %v; want nothing pending, nothing due", g.Pace, err)
	}
	if err := store.LowerDue(ctx, "c1", t0); err != nil {
		t.Fatal(err)
	}
	if _, mine, err := svc.Fire(ctx, "c1"); err != nil || !mine {
		t.Fatalf("Fire = %v, %v", mine, err)
	}
	if due, err := store.Due(ctx, t0.Add(pace.MaxMove), 10); err != nil || len(due) != 0 {
		t.Errorf("after the firing Due = %v, %v; want none", due, err)
	}
}
