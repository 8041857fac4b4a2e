package redisstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
	"github.com/referee-bot/referee/state/statetest"
)

// TestConformanceThreeMasters runs the suite against a real three-master
// Redis Cluster on loopback ports, each master owning a third of the slots,
// through the Cluster client following MOVED redirections. The Restart test
// restarts every node, which reload their slots and (AOF) their data.
func TestConformanceThreeMasters(t *testing.T) {
	t.Parallel()
	c := redistest.StartCluster(t, 3, redistest.AOF())
	statetest.Run(t, backend(c.URL(), c.Restart))
}

// TestTwoBotsOnThreeMasters is two bot instances (two routers, two
// battle.Services, two Redis clients) serving the same 10 battles on a
// three-master cluster at once: 20 players × 25 rolls, every roll going to
// the instances in turn, two players at a time in each battle. Each roll in a
// running battle is a logged, numbered change; all 500 must be there,
// numbered without a gap or a repeat.
func TestTwoBotsOnThreeMasters(t *testing.T) {
	t.Parallel()
	c := redistest.StartCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	const channels, players, rolls = 10, 20, 25
	var bots [2]*interaction.Router
	var stores [2]*redisstore.Store
	// A machine running the race detector and other suites can make one bot
	// lose many races in a row: the stores and routers get generous budgets,
	// since what is checked here is that no update is lost, not the latency.
	for i := range bots {
		stores[i] = open(t, c.URL(), redisstore.Options{CallTimeout: 30 * time.Second, MaxAttempts: 200})
		svc := battle.NewService(stores[i], time.Now, nil, commands.Rulesets()...)
		bots[i], _ = commands.New(commands.Deps{Battles: svc})
		bots[i].Timeout = time.Minute
	}
	umpire := interaction.User{ID: "1", Name: "umpire"}
	req := func(id, channel, path string, user interaction.User, opts map[string]any) interaction.Request {
		return interaction.Request{Kind: interaction.KindCommand, ID: id, GuildID: "g", ChannelID: channel,
			User: user, Path: path, Options: opts}
	}
	chans := make([]string, channels)
	for i := range chans {
		chans[i] = fmt.Sprintf("two-bots-%d", i)
		resp := bots[i%2].Serve(ctx, req("start-"+chans[i], chans[i], "game start", umpire, map[string]any{"ruleset": "greenjackets"}))
		if len(resp.Public) == 0 {
			t.Fatalf("game start in %s: %+v", chans[i], resp)
		}
	}
	spreadOverMasters(t, c, chans)
	before := logLengths(t, stores[0], chans)

	var wg sync.WaitGroup
	for p := range players {
		user := interaction.User{ID: fmt.Sprint(1000 + p), Name: fmt.Sprint("player", p)}
		wg.Go(func() {
			for i := range rolls {
				ch := chans[(p+i)%channels]
				id := fmt.Sprintf("p%d-r%d", p, i)
				resp := bots[(p+i)%2].Serve(ctx, req(id, ch, "roll", user, map[string]any{"dice": "1d6"}))
				if len(resp.Public) == 0 {
					t.Errorf("roll %s in %s: %+v", id, ch, resp)
					return
				}
			}
		})
	}
	wg.Wait()

	after := logLengths(t, stores[1], chans)
	total := 0
	for i, ch := range chans {
		total += after[i] - before[i]
		for n, e := range logOf(t, stores[1], ch) {
			if e.N != n+1 {
				t.Fatalf("%s: log entry %d is numbered %d", ch, n+1, e.N)
			}
		}
	}
	if total != players*rolls {
		t.Errorf("%d rolls logged, want %d: an update was lost", total, players*rolls)
	}
	t.Logf("compare-and-set retries: %d and %d", stores[0].Retries(), stores[1].Retries())
}

// spreadOverMasters checks that the battles' keys live on more than one
// master, so that the test crosses slots and nodes.
func spreadOverMasters(t *testing.T, c *redistest.Nodes, chans []string) {
	t.Helper()
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs()})
	defer rdb.Close()
	ctx := context.Background()
	var mu sync.Mutex
	masters := map[string]bool{}
	for _, ch := range chans {
		key := "referee:{" + ch + "}:game"
		err := rdb.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error {
			// A master that does not own the key's slot answers MOVED.
			if n, err := node.Exists(ctx, key).Result(); err == nil && n == 1 {
				mu.Lock()
				masters[node.Options().Addr] = true
				mu.Unlock()
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(masters) < 2 {
		t.Fatalf("the battles are on %d master(s); want them spread over several", len(masters))
	}
}

// logOf is the channel's whole log, checked against the game's count.
func logOf(t *testing.T, s *redisstore.Store, ch string) []gamelog.Entry {
	t.Helper()
	r, err := s.GetLog(context.Background(), ch, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := battle.DecodeGame(r.Doc)
	if err != nil {
		t.Fatal(err)
	}
	if g.LogLen != r.LogLen || len(r.Log) != r.LogLen {
		t.Fatalf("%s: the game counts %d log entries; the log holds %d (%d read)", ch, g.LogLen, r.LogLen, len(r.Log))
	}
	log := make([]gamelog.Entry, len(r.Log))
	for i, b := range r.Log {
		if err := json.Unmarshal(b, &log[i]); err != nil {
			t.Fatal(err)
		}
	}
	return log
}

func logLengths(t *testing.T, s *redisstore.Store, chans []string) []int {
	t.Helper()
	out := make([]int, len(chans))
	for i, ch := range chans {
		out[i] = len(logOf(t, s, ch))
	}
	return out
}

// TestRetriesCounted: an update whose game another client changed between its
// read and its compare-and-set is tried again, and counted.
func TestRetriesCounted(t *testing.T) {
	srv := redistest.Start(t)
	a := open(t, srv.URL(), redisstore.Options{})
	b := open(t, srv.URL(), redisstore.Options{})
	ctx := context.Background()
	ch := fmt.Sprintf("retries-%d", time.Now().UnixNano())
	calls := 0
	_, err := a.Update(ctx, ch, "a1", func(cur []byte) ([]byte, []byte, error) {
		calls++
		if calls == 1 {
			if _, err := b.Update(ctx, ch, "b1", func([]byte) ([]byte, []byte, error) { return []byte("b"), nil, nil }); err != nil {
				t.Fatal(err)
			}
		}
		return append(cur, 'a'), nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if doc, _, _ := a.Get(ctx, ch); string(doc) != "ba" {
		t.Errorf("document = %q, want %q", doc, "ba")
	}
	if calls != 2 || a.Retries() != 1 || b.Retries() != 0 {
		t.Errorf("calls %d, retries %d and %d; want 2, 1 and 0", calls, a.Retries(), b.Retries())
	}
}
