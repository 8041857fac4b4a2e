package settle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/boltstore"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// ids numbers the test's interactions.
var ids int

func request(path string) interaction.Request {
	ids++
	return interaction.Request{ID: fmt.Sprint("i", ids), ChannelID: "c1", User: interaction.User{ID: "u1", Name: "Ann"}, Path: path}
}

// unsure is a store whose updates all end unconfirmed: applied (as when the
// write landed after the store stopped waiting) or not, as applies says.
type unsure struct {
	battle.Store
	applies bool
	settle  func(ctx context.Context, channel, id string) (state.Settled, error)
}

func (u unsure) UpdateLog(ctx context.Context, channel, id string, fn state.LogUpdateFunc) (state.Applied, error) {
	if u.applies {
		if _, err := u.Store.UpdateLog(ctx, channel, id, fn); err != nil {
			return state.Applied{}, err
		}
	}
	return state.Applied{}, fmt.Errorf("update %s: %w", channel, state.ErrIndeterminate)
}

func (u unsure) Settle(ctx context.Context, channel, id string) (state.Settled, error) {
	if u.settle != nil {
		return u.settle(ctx, channel, id)
	}
	return u.Store.Settle(ctx, channel, id)
}

// laterTo is a Later that hands what it is given to a channel.
func laterTo(got chan<- interaction.Response) context.Context {
	return interaction.WithLater(context.Background(), func(_ context.Context, resp interaction.Response) error {
		got <- resp
		return nil
	})
}

// received is what the Later was given, failing the test if nothing comes
// in a minute (the settles here do not wait between tries).
func received(t *testing.T, got <-chan interaction.Response) interaction.Response {
	t.Helper()
	select {
	case resp := <-got:
		return resp
	case <-time.After(time.Minute):
		t.Fatal("nothing delivered")
		return interaction.Response{}
	}
}

func roll(tx *battle.Tx) (interaction.Response, error) {
	tx.Log("rolled")
	return interaction.Say(fmt.Sprintf("d6: %d", tx.Dice().Roll(6))), nil
}

// settleService is a service over the store wrapped by wrap, with a running
// game in channel c1, and its settling, without waits.
func settleService(t *testing.T, wrap func(battle.Store) battle.Store) (*battle.Service, *Settling) {
	t.Helper()
	return settleGame(t, wrap, false)
}

// settleGame is settleService's, under fog of war when fog.
func settleGame(t *testing.T, wrap func(battle.Store) battle.Store, fog bool) (*battle.Service, *Settling) {
	t.Helper()
	store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	plain := battle.NewService(store, func() time.Time { return t0 }, nil)
	plain.DeliverBy(asIs)
	if _, err := plain.Create(context.Background(), request("game start"), func(tx *battle.Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire, tx.Game.Fog = "fake", "u1", fog
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	svc := battle.NewService(wrap(store), func() time.Time { return t0 }, nil)
	svc.DeliverBy(asIs)
	st := New(svc)
	st.wait = func(int) time.Duration { return 0 }
	svc.SettleBy(st.Later)
	t.Cleanup(st.Close)
	return svc, st
}

// asIs delivers a response as it was made: the fake rule set hides nothing.
func asIs(*battle.Tx, *interaction.Response) (*gamelog.Hearing, error) { return nil, nil }

func TestSettledRecorded(t *testing.T) {
	svc, _ := settleService(t, func(s battle.Store) battle.Store { return unsure{Store: s, applies: true} })
	got := make(chan interaction.Response, 1)
	req := request("roll")
	if _, err := svc.Change(laterTo(got), req, roll); !errors.Is(err, state.ErrIndeterminate) {
		t.Fatalf("Change over an unsure store = %v; want ErrIndeterminate", err)
	}
	resp := received(t, got)
	if len(resp.Public) != 1 || !strings.HasPrefix(resp.Public[0].Content, "The battle store has answered: `/roll` was recorded as roll #1.\nd6: ") {
		t.Errorf("follow-up = %+v; want the roll headed \"recorded as roll #1\"", resp)
	}
}

// Under fog of war the follow-up numbers neither the roll nor the entry:
// both count the hidden units' acts too.
func TestSettledUnderFogNumbersNothing(t *testing.T) {
	svc, _ := settleGame(t, func(s battle.Store) battle.Store { return unsure{Store: s, applies: true} }, true)
	got := make(chan interaction.Response, 1)
	if _, err := svc.Change(laterTo(got), request("roll"), roll); !errors.Is(err, state.ErrIndeterminate) {
		t.Fatalf("Change over an unsure store = %v; want ErrIndeterminate", err)
	}
	resp := received(t, got)
	if len(resp.Public) != 1 || !strings.HasPrefix(resp.Public[0].Content, "The battle store has answered: `/roll` was recorded.\nd6: ") {
		t.Errorf("follow-up = %+v; want the roll headed \"recorded.\", with no number", resp)
	}
}

func TestSettledNotRecorded(t *testing.T) {
	svc, _ := settleService(t, func(s battle.Store) battle.Store { return unsure{Store: s} })
	got := make(chan interaction.Response, 1)
	req := request("roll")
	if _, err := svc.Change(laterTo(got), req, roll); !errors.Is(err, state.ErrIndeterminate) {
		t.Fatalf("Change over an unsure store = %v; want ErrIndeterminate", err)
	}
	want := interaction.Whisper("The battle store has answered: `/roll` was not recorded; nothing changed. Try it again.")
	if resp := received(t, got); fmt.Sprint(resp) != fmt.Sprint(want) {
		t.Errorf("follow-up = %+v; want %+v", resp, want)
	}
}

func TestSettleGivesUp(t *testing.T) {
	down := func(context.Context, string, string) (state.Settled, error) {
		return state.Settled{}, state.ErrUnavailable
	}
	svc, _ := settleService(t, func(s battle.Store) battle.Store { return unsure{Store: s, settle: down} })
	got := make(chan interaction.Response, 1)
	svc.Change(laterTo(got), request("roll"), roll)
	if resp := received(t, got); len(resp.Ephemeral) != 1 || !strings.Contains(resp.Ephemeral[0].Content, "still not answered") {
		t.Errorf("follow-up after %d failed tries = %+v; want \"still not answered\"", settleTries, resp)
	}
}

// TestCloseStopsSettling: Close ends a settle waiting for its next try, and
// nothing is delivered after it.
func TestCloseStopsSettling(t *testing.T) {
	svc, st := settleService(t, func(s battle.Store) battle.Store { return unsure{Store: s} })
	st.wait = func(int) time.Duration { return time.Hour }
	got := make(chan interaction.Response, 1)
	svc.Change(laterTo(got), request("roll"), roll)
	st.Close()
	select {
	case resp := <-got:
		t.Errorf("delivered after Close: %+v", resp)
	default:
	}
	if _, err := svc.Change(laterTo(got), request("roll"), roll); !errors.Is(err, state.ErrIndeterminate) {
		t.Errorf("Change after Close = %v", err)
	}
	st.Close()
}

// A firing the store did not confirm is delivered, once settled as
// applied, as its stored answer stands (no note: the clock is no invoker),
// when ours says the answer is this call's; another replica's firing
// (which delivered it) is not delivered again.
func TestSettledFiring(t *testing.T) {
	passed := func(tx *battle.Tx) (interaction.Response, error) {
		tx.Log("deadline: the move of bob passed")
		return interaction.Say("The deadline of **Bob** has passed."), nil
	}
	for _, mine := range []bool{true, false} {
		svc, st := settleService(t, func(s battle.Store) battle.Store { return unsure{Store: s, applies: true} })
		got := make(chan interaction.Response, 1)
		asked := make(chan bool, 1)
		ours := func(*interaction.Response) bool { asked <- true; return mine }
		if _, err := svc.ChangeAny(Firing(laterTo(got), ours), request("deadline"), passed); !errors.Is(err, state.ErrIndeterminate) {
			t.Fatalf("a firing over an unsure store = %v; want ErrIndeterminate", err)
		}
		if !mine {
			<-asked
			st.Close() // the settle has ended
			if len(got) > 0 {
				t.Errorf("another replica's firing delivered: %+v", <-got)
			}
			continue
		}
		if resp := received(t, got); len(resp.Public) != 1 || resp.Public[0].Content != "The deadline of **Bob** has passed." {
			t.Errorf("the settled firing delivered %+v; want its answer as stored", resp)
		}
	}
}
