package battle

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
)

// A service with no Keeper refuses a change that would make a battle due
// sooner than its stored document says (no index would hold the deadline),
// and makes the others: one that leaves it due as it was, or later.
func TestUnkeptRefusesDeadlines(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	due := func(at time.Time) ChangeFunc {
		return func(tx *Tx) (interaction.Response, error) {
			tx.Game.Pace = &pace.Pace{Move: pace.Span(pace.MinMove), Pending: []pace.Pending{{User: "u1", Due: at}}}
			return interaction.Response{}, nil
		}
	}
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Change(ctx, request("game deadline"), due(t0.Add(time.Hour))); !errors.Is(err, errUnkept) {
		t.Fatalf("a first deadline with no keeper: %v; want errUnkept", err)
	}
	if g, err := svc.View(ctx, "c1"); err != nil || g.Pace != nil {
		t.Fatalf("after the refusal the battle's pace is %+v, %v; want none", g.Pace, err)
	}
	if _, err := svc.Change(ctx, request("game extend"), func(tx *Tx) (interaction.Response, error) {
		tx.Log("no deadline")
		return interaction.Response{}, nil
	}); err != nil {
		t.Errorf("a change with no deadline, with no keeper: %v", err)
	}

	// A deadline stored by a service with a keeper (here one keeping nothing).
	svc.PlanDeadlines(nil, func(_ context.Context, _ interaction.Request, change func(Watch) (interaction.Response, error)) (interaction.Response, error) {
		return change(nil)
	})
	if _, err := svc.Change(ctx, request("game deadline"), due(t0.Add(time.Hour))); err != nil {
		t.Fatal(err)
	}
	svc.PlanDeadlines(nil, nil)
	if _, err := svc.Change(ctx, request("game extend"), due(t0.Add(2*time.Hour))); err != nil {
		t.Errorf("a deadline moved later with no keeper: %v", err)
	}
	if _, err := svc.Change(ctx, request("game deadline"), due(t0.Add(time.Hour))); !errors.Is(err, errUnkept) {
		t.Errorf("a deadline moved sooner with no keeper: %v; want errUnkept", err)
	}
}
