package battle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// unsure is a store whose updates all end unconfirmed: applied (as when the
// write landed after the store stopped waiting) or not, as applies says.
type unsure struct {
	Store
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

func roll(tx *Tx) (interaction.Response, error) {
	tx.Log("rolled")
	return interaction.Say(fmt.Sprintf("d6: %d", tx.Dice().Roll(6))), nil
}

// settleService is a service over the store wrapped by wrap, with a running
// game in channel c1, settling without waits.
func settleService(t *testing.T, wrap func(Store) Store) *Service {
	t.Helper()
	return settleGame(t, wrap, false)
}

// settleGame is settleService's, under fog of war when fog.
func settleGame(t *testing.T, wrap func(Store) Store, fog bool) *Service {
	t.Helper()
	plain, store := newService(t)
	if _, err := plain.Create(context.Background(), request("game start"), func(tx *Tx) (interaction.Response, error) {
		tx.Game.Ruleset, tx.Game.Umpire, tx.Game.Fog = "fake", "u1", fog
		return interaction.Response{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	svc := NewService(wrap(store), func() time.Time { return t0 }, nil, fakeRuleset{})
	svc.settling.wait = func(int) time.Duration { return 0 }
	t.Cleanup(svc.Close)
	return svc
}

func TestSettledRecorded(t *testing.T) {
	svc := settleService(t, func(s Store) Store { return unsure{Store: s, applies: true} })
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
	svc := settleGame(t, func(s Store) Store { return unsure{Store: s, applies: true} }, true)
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
	svc := settleService(t, func(s Store) Store { return unsure{Store: s} })
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
	svc := settleService(t, func(s Store) Store { return unsure{Store: s, settle: down} })
	got := make(chan interaction.Response, 1)
	svc.Change(laterTo(got), request("roll"), roll)
	if resp := received(t, got); len(resp.Ephemeral) != 1 || !strings.Contains(resp.Ephemeral[0].Content, "still not answered") {
		t.Errorf("follow-up after %d failed tries = %+v; want \"still not answered\"", settleTries, resp)
	}
}

// TestCloseStopsSettling: Close ends a settle waiting for its next try, and
// nothing is delivered after it.
func TestCloseStopsSettling(t *testing.T) {
	svc := settleService(t, func(s Store) Store { return unsure{Store: s} })
	svc.settling.wait = func(int) time.Duration { return time.Hour }
	got := make(chan interaction.Response, 1)
	svc.Change(laterTo(got), request("roll"), roll)
	svc.Close()
	select {
	case resp := <-got:
		t.Errorf("delivered after Close: %+v", resp)
	default:
	}
	if _, err := svc.Change(laterTo(got), request("roll"), roll); !errors.Is(err, state.ErrIndeterminate) {
		t.Errorf("Change after Close = %v", err)
	}
	svc.Close()
}

// TestRuleOutsideBattleReplayed: a ruling outside any battle, delivered
// again, is answered as it was, not rolled again.
func TestRuleOutsideBattleReplayed(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	req := request("roll")
	req.ChannelID = "no-battle"
	first, err := svc.Rule(ctx, req, roll)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		again, err := svc.Rule(ctx, req, roll)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("the ruling delivered again = %+v, %v; want %+v", again, err, first)
		}
	}
	if _, err := svc.View(ctx, "no-battle"); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("View after rulings outside a battle = %v; want no game", err)
	}
}

// TestStoredReplyResult: a reply is stored with its Result, which the changes
// that read one back need (a bool, a deadline's firing), but not a ruling's, the
// console's reading of it, which no replay reads; the ruling's working stays
// (packed outside a battle, and read as it was stored before).
func TestStoredReplyResult(t *testing.T) {
	ruling := rules.Ruling{Ruleset: "greenjackets", Title: "Fire", Result: "1 hit"}
	for _, c := range []struct {
		name   string
		result any
		want   string
	}{
		{"ruling", ruling, ""},
		{"bool", true, "true"},
		{"a firing's", struct {
			Token string `json:"token"`
		}{"t1"}, `{"token":"t1"}`},
	} {
		tx := &Tx{rulings: []rules.Ruling{ruling}}
		b, err := encodeReply(interaction.Response{Public: []interaction.Message{{Content: "shown"}}, Result: c.result}, tx)
		if err != nil {
			t.Fatal(err)
		}
		r, err := decodeReply(b)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := r.rulings()
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if r.Result != nil {
			j, _ := json.Marshal(r.Result)
			got = string(j)
		}
		if got != c.want || len(r.Public) != 1 || len(rs) != 1 || rs[0].Title != "Fire" {
			t.Errorf("%s: stored reply %s decodes with Result %s, %d public messages, rulings %+v; want Result %q, 1, the ruling", c.name, b, got, len(r.Public), rs, c.want)
		}
	}
	// A reply stored before the working was packed keeps its rulings as they were.
	r, err := decodeReply([]byte(`{"public":[{"content":"shown"}],"rulings":[{"ruleset":"greenjackets","title":"Fire","result":"1 hit"}]}`))
	if rs, rerr := r.rulings(); err != nil || rerr != nil || len(rs) != 1 || rs[0].Title != "Fire" {
		t.Errorf("a reply stored with its rulings unpacked decodes with rulings %+v, %v, %v; want the ruling", rs, err, rerr)
	}
}
