package battle

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/referee-bot/referee/commands/interaction"
)

// What is done at a turn's end (AtTurnEnd) runs after every change's
// command (the battle's start too), on the game as the command left it; what it says comes in the
// change's response, and what it logs in the change's log, in the same
// write. A service without it says and logs nothing more.
func TestAtTurnEndRunsAfterEveryChange(t *testing.T) {
	ctx := context.Background()
	for _, wired := range []bool{false, true} {
		svc, _ := newService(t)
		var saw []string
		if wired {
			svc.AtTurnEnd(func(tx *Tx, resp *interaction.Response) error {
				saw = append(saw, tx.Game.Name)
				tx.Log("turn's end")
				resp.Public = append([]interaction.Message{{Content: "the turn's end"}}, resp.Public...)
				return nil
			})
		}
		if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
			tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
			return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
		}); err != nil {
			t.Fatal(err)
		}
		r, err := svc.Change(ctx, request("rename"), func(tx *Tx) (interaction.Response, error) {
			tx.Game.Name = "Talavera"
			tx.Log("renamed")
			return interaction.Say("renamed"), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		_, log, err := svc.ViewLog(ctx, "c1", 0)
		if err != nil {
			t.Fatal(err)
		}
		var said, logged []string
		for _, m := range r.Public {
			said = append(said, m.Content)
		}
		for _, e := range log {
			logged = append(logged, e.Summary)
		}
		want, wantLog := []string{"renamed"}, []string{"renamed"}
		if wired {
			want, wantLog = []string{"the turn's end", "renamed"}, []string{"turn's end", "renamed", "turn's end"}
			if len(saw) != 2 || saw[1] != "Talavera" {
				t.Errorf("wired: the turn's end saw the games %q, want one at the start and then Talavera, as the command left it", saw)
			}
		}
		if !slices.Equal(said, want) || !slices.Equal(logged, wantLog) {
			t.Errorf("wired %v: the change said %q and logged %q, want %q and %q", wired, said, logged, want, wantLog)
		}
	}
}

// A turn's end that fails fails the change: nothing of it is stored.
func TestAtTurnEndFailingFailsTheChange(t *testing.T) {
	ctx := context.Background()
	svc, _ := newService(t)
	if _, err := svc.Create(ctx, request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire = "fake", "u1"
		return interaction.Response{}, tx.SetBoard(fakeBoard{Units: []string{"Harris"}})
	}); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("the reveal broke")
	svc.AtTurnEnd(func(*Tx, *interaction.Response) error { return broken })
	_, err := svc.Change(ctx, request("rename"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Name = "Talavera"
		tx.Log("renamed")
		return interaction.Say("renamed"), nil
	})
	if !errors.Is(err, broken) {
		t.Fatalf("Change = %v, want %v", err, broken)
	}
	g, log, err := svc.ViewLog(ctx, "c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Name == "Talavera" || len(log) != 0 {
		t.Errorf("after the failed change the game is named %q with %d entries logged, want it unchanged", g.Name, len(log))
	}
}
