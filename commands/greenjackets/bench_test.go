package greenjackets

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

const benchOB = `
character: Lt Sharpe | officer | British | veteran | british
character: Capt Dubois | officer | French | trained | french
squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris (sharpshooter), Hagman (sharpshooter), Cooper, Perkins
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard, Roux
`

// BenchmarkFireSquadRedis resolves one squad's fire (4 figures, each hit rolled
// on the effect chart, loads and casualties written back) end to end against a
// real Redis: redistest + redisstore + battle.Service + the Fire handler. Between
// shots the squad is reloaded and the target restored, untimed. The game
// document carries its whole log, so the cost grows with the battle: each
// sub-benchmark replaces the channel's game every N shots (a fresh battle, a
// long evening's). It reports the median as ms-median.
func BenchmarkFireSquadRedis(b *testing.B) {
	for _, every := range []int{10, 100, 400} {
		b.Run(fmt.Sprintf("log-up-to-%d-shots", every), func(b *testing.B) { benchFire(b, every) })
	}
}

func benchFire(b *testing.B, every int) {
	srv := redistest.Start(b)
	store, err := redisstore.Open(context.Background(), srv.URL(), redisstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	rs := New()
	svc := battle.NewService(store, time.Now, rand.NewChaCha8([32]byte{3}), rs)
	ctx := context.Background()
	n := 0
	req := func(ch string, u interaction.User, path string, opts map[string]any) interaction.Request {
		n++
		return interaction.Request{ID: fmt.Sprintf("b%d", n), ChannelID: ch, User: u, Path: path, Options: opts}
	}
	newGame := func(ch string) {
		seed := make([]byte, 32)
		if _, err := svc.Create(ctx, req(ch, umpire, "game start", nil), func(tx *battle.Tx) (interaction.Response, error) {
			tx.Game.Ruleset, tx.Game.Umpire, tx.Game.Seed, tx.Game.Commitment = gj.ID, umpire.ID, seed, battle.CommitmentOf(seed)
			return interaction.Response{}, tx.SetBoard(rs.NewBoard())
		}); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Change(ctx, req(ch, umpire, "greenjackets roster import", map[string]any{optText: benchOB}), rs.RosterImport); err != nil {
			b.Fatal(err)
		}
	}
	reset := func(ch string) {
		if _, err := svc.Change(ctx, req(ch, umpire, "bench reset", nil), func(tx *battle.Tx) (interaction.Response, error) {
			bd, err := load(tx)
			if err != nil {
				return interaction.Response{}, err
			}
			for _, s := range bd.Squads {
				s.Owed = 0
				for _, f := range s.Figures {
					*f = Figure{Name: f.Name, Weapon: f.Weapon, Melee: f.Melee, Quality: f.Quality, Sharpshooter: f.Sharpshooter, Loaded: true}
				}
			}
			return interaction.Response{}, tx.SetBoard(bd)
		}); err != nil {
			b.Fatal(err)
		}
	}
	opts := map[string]any{optSquad: "Chosen Men", optTarget: "Voltigeurs", optRange: 12.0, optCover: "soft"}
	var times []time.Duration
	ch := ""
	b.ResetTimer()
	for i := range b.N {
		if i%every == 0 {
			b.StopTimer()
			ch = fmt.Sprintf("bench-%d", i)
			newGame(ch)
			b.StartTimer()
		}
		start := time.Now()
		if _, err := svc.Rule(ctx, req(ch, umpire, "greenjackets fire", opts), rs.Fire); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		b.StopTimer()
		reset(ch)
		b.StartTimer()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}
