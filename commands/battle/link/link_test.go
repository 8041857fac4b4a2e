package link

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
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
	return svc, store
}

// puts numbers the test's writes of games, each its own interaction.
var puts int

// put writes g as the game of its channel.
func put(t *testing.T, store *boltstore.Store, g *battle.Game) {
	t.Helper()
	g.Schema, g.NextRoll = battle.SchemaVersion, 1
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	puts++
	if _, err := store.Update(context.Background(), g.Channel, fmt.Sprint("put-", puts), func([]byte) ([]byte, []byte, error) { return b, nil, nil }); err != nil {
		t.Fatal(err)
	}
}

// linkedTo is where the channel's document links to ("" when it is no link).
func linkedTo(t *testing.T, store *boltstore.Store, channel string) string {
	t.Helper()
	b, _, err := store.Get(context.Background(), channel)
	if err != nil {
		t.Fatal(err)
	}
	home, _ := state.LinkedTo(b)
	return home
}

// TestChannel: a free channel, or one a battle has left behind, is linked; a
// channel another running battle holds is refused with which battle holds it
// and as what, and stays that battle's.
func TestChannel(t *testing.T) {
	ctx := context.Background()
	svc, store := newService(t)
	ended := t0
	put(t, store, &battle.Game{Channel: "alma", Ruleset: "crimea", Name: "Alma", Sides: []battle.Side{{Name: "Russian", Channel: "russians"}}, Desk: "desk1"})
	put(t, store, &battle.Game{Channel: "sabugal", Ruleset: "greenjackets"})
	put(t, store, &battle.Game{Channel: "old", Ruleset: "greenjackets", Ended: &ended, Sides: []battle.Side{{Name: "French", Channel: "oldside"}}})
	for _, ch := range []string{"russians", "desk1"} {
		if err := Channel(ctx, svc, "i0", ch, "alma"); err != nil {
			t.Fatalf("linking %s to its battle: %v", ch, err)
		}
	}
	if err := Channel(ctx, svc, "i1", "oldside", "old"); err != nil {
		t.Fatal(err)
	}
	put(t, store, &battle.Game{Channel: "old", Ruleset: "greenjackets"}) // a new battle, without the side channel

	for _, tt := range []struct {
		channel string
		refusal string // "" when it is linked
		holds   string // where a refused channel links to still ("" for a game)
	}{
		{"free", "", ""},
		{"oldside", "", ""}, // left behind by the battle that linked it
		{"russians", "<#russians> is the **Russian** side's channel of the crimea battle **Alma** in <#alma>: pick another channel.", "alma"},
		{"desk1", "<#desk1> is the umpire's desk of the crimea battle **Alma** in <#alma>: pick another channel.", "alma"},
		{"alma", "<#alma> is the main channel of the crimea battle **Alma** in <#alma>: pick another channel.", ""},
		{"sabugal", "A side's channel must be another channel than the battle's own.", ""},
	} {
		err := Channel(ctx, svc, "i2", tt.channel, "sabugal")
		var refusal *interaction.Refusal
		switch {
		case tt.refusal == "" && err != nil:
			t.Errorf("linking %s: %v", tt.channel, err)
		case tt.refusal == "" && linkedTo(t, store, tt.channel) != "sabugal":
			t.Errorf("%s links to %q, want sabugal", tt.channel, linkedTo(t, store, tt.channel))
		case tt.refusal != "" && (!errors.As(err, &refusal) || refusal.Reason != tt.refusal):
			t.Errorf("linking %s = %v, want the refusal %q", tt.channel, err, tt.refusal)
		case tt.refusal != "" && linkedTo(t, store, tt.channel) != tt.holds:
			t.Errorf("after the refusal %s links to %q, want %q still", tt.channel, linkedTo(t, store, tt.channel), tt.holds)
		}
	}
	if g, err := svc.View(ctx, "russians"); err != nil || g.Channel != "alma" {
		t.Errorf("View(russians) = %v, %v, want the battle of Alma", g, err)
	}
}
