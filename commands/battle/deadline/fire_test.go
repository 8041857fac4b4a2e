package deadline

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/boltstore"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func newService(t *testing.T) (*battle.Service, *boltstore.Store) {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := battle.NewService(store, func() time.Time { return t0 }, nil)
	svc.PlanDeadlines(Replan(svc), Keep(svc)) // as the routes wire it
	return svc, store
}

// ids numbers the test's interactions.
var ids int

func request(path string) interaction.Request {
	ids++
	return interaction.Request{ID: fmt.Sprint("i", ids), ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}, Path: path}
}

// start puts a battle in c1, of a rule set with no turns, with pace p.
func start(t *testing.T, svc *battle.Service, p *pace.Pace) {
	t.Helper()
	if _, err := svc.Create(context.Background(), request("game start"), func(tx *battle.Tx) (resp interaction.Response, err error) {
		tx.Game.Ruleset, tx.Game.Desk, tx.Game.Pace = "fake", "d1", p
		return resp, tx.SetBoard(struct{}{})
	}); err != nil {
		t.Fatal(err)
	}
}

// A battle in the index whose deadlines were switched off since: the firing
// finds nothing due, writes the document (a compare-and-set like any
// firing) and takes the battle out of the index.
func TestFireWithoutDeadlines(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	start(t, svc, nil)
	if err := store.LowerDue(ctx, "c1", t0); err != nil {
		t.Fatal(err)
	}
	_, before, _ := store.Get(ctx, "c1")
	resp, mine, err := Fire(ctx, svc, "c1")
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
	start(t, svc, &pace.Pace{Move: pace.Span(pace.MinMove), Pending: []pace.Pending{{User: "u1", Due: t0}}})
	if _, err := svc.ChangeAny(ctx, request("game end"), func(tx *battle.Tx) (resp interaction.Response, err error) {
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
	if _, mine, err := Fire(ctx, svc, "c1"); err != nil || !mine {
		t.Fatalf("Fire = %v, %v", mine, err)
	}
	if due, err := store.Due(ctx, t0.Add(pace.MaxMove), 10); err != nil || len(due) != 0 {
		t.Errorf("after the firing Due = %v, %v; want none", due, err)
	}
}

// A channel due with no battle in it leaves the index, firing nothing.
func TestFireNoBattle(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	if err := store.LowerDue(ctx, "c9", t0); err != nil {
		t.Fatal(err)
	}
	if resp, mine, err := Fire(ctx, svc, "c9"); err != nil || mine || len(resp.Public) != 0 {
		t.Fatalf("Fire(c9) = %+v, %v, %v; want nothing, by no one", resp, mine, err)
	}
	if due, err := store.Due(ctx, t0, 10); err != nil || len(due) != 0 {
		t.Errorf("after the firing Due = %v, %v; want none", due, err)
	}
}
