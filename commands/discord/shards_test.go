package discord_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

func pingRouter() *interaction.Router {
	r := interaction.NewRouter(nil)
	r.Command("ping", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Say("pong"), nil
	})
	return r
}

// eventually polls cond (state of the bot, which the double is not told of).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestShardsInOneProcess: four shards with max_concurrency 2 identify two at
// a time, each shard's bucket (id % 2) waiting its turn; the commands are
// registered once; readiness waits for every shard.
func TestShardsInOneProcess(t *testing.T) {
	d := discordtest.Start(t)
	d.SetMaxConcurrency(2)
	const every = 400 * time.Millisecond
	shards := &discord.Shards{
		Token: d.Token, APIURL: d.URL, Count: 4,
		Router: pingRouter(), AppID: d.AppID, GuildID: d.Guild, IdentifyEvery: every,
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- shards.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Shards.Run = %v", err)
		}
	})
	ids := d.WaitIdentifies(t, 4)
	at := map[int]time.Time{}
	for _, id := range ids {
		if len(id.Shard) != 2 || id.Shard[1] != 4 {
			t.Fatalf("IDENTIFY shard = %v, want [n, 4]", id.Shard)
		}
		if _, dup := at[id.Shard[0]]; dup {
			t.Fatalf("shard %d identified twice", id.Shard[0])
		}
		at[id.Shard[0]] = id.At
	}
	for shard := 2; shard < 4; shard++ {
		if gap := at[shard].Sub(at[shard-2]); gap < every {
			t.Errorf("shard %d identified %v after shard %d of the same bucket; want at least %v", shard, gap, shard-2, every)
		}
	}
	if gap := at[1].Sub(at[0]); gap >= every {
		t.Errorf("shard 1 waited %v after shard 0: different buckets need not wait", gap)
	}
	eventually(t, "every shard connected", shards.Connected)
	puts := 0
	for _, c := range d.Calls() {
		if c.Method == http.MethodPut {
			puts++
		}
	}
	if puts != 1 {
		t.Errorf("%d command registrations, want one bulk overwrite", puts)
	}
	if r := d.Slash(alice, channel, "ping").WaitAnswered(t); r.Original == nil || r.Original.Content != "pong" {
		t.Fatalf("ping on a sharded bot = %+v", r.All())
	}
}

// TestOneShardPerProcess: a Gateway whose session is shard 1 of 3 (SHARD_ID,
// SHARD_COUNT) says so in its IDENTIFY.
func TestOneShardPerProcess(t *testing.T) {
	d := discordtest.Start(t)
	s, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	s.ShardID, s.ShardCount = 1, 3
	g := &discord.Gateway{Session: s, Router: pingRouter(), AppID: d.AppID, GuildID: d.Guild}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Gateway.Run = %v", err)
		}
	})
	ids := d.WaitIdentifies(t, 1)
	if got := fmt.Sprint(ids[0].Shard); got != "[1 3]" {
		t.Fatalf("IDENTIFY shard = %s, want [1 3]", got)
	}
}

func TestShardsRefuseBadIDs(t *testing.T) {
	for _, s := range []*discord.Shards{{Count: 0}, {Count: 2, IDs: []int{2}}, {Count: 2, IDs: []int{1, 1}}, {Count: 2, IDs: []int{-1}}} {
		if err := s.Run(context.Background()); err == nil {
			t.Errorf("Shards{Count: %d, IDs: %v}.Run = nil, want an error", s.Count, s.IDs)
		}
	}
}
