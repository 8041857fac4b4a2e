package battle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

func roll(tx *Tx) (interaction.Response, error) {
	tx.Log("rolled")
	return interaction.Say(fmt.Sprintf("d6: %d", tx.Dice().Roll(6))), nil
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
// (packed outside a battle).
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
		r, err := DecodeReply(b)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := working.Unpack(r.Working)
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
}
