package greenjackets_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/greenjackets"
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
// real Redis: redistest + redisstore + battle.Service + the routes' /greenjackets
// fire. Between shots the squad is reloaded and the target restored, untimed.
// Each sub-benchmark replaces the channel's game every N shots (a fresh battle,
// a long evening's): the log is stored beside the game and only appended to,
// so the cost should not grow with it. It reports the median as ms-median,
// and the size of the last game's document as doc-bytes.
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
	h := commandstest.New(b, commandstest.Seed(3), commandstest.Store(store))
	reset := func() {
		commandstest.Edit(h, h.Channel, func(bd *greenjackets.Board) {
			for _, s := range bd.Squads {
				s.Owed = 0
				for _, f := range s.Figures {
					*f = greenjackets.Figure{Name: f.Name, Weapon: f.Weapon, Melee: f.Melee, Quality: f.Quality, Sharpshooter: f.Sharpshooter, Loaded: true}
				}
			}
		})
	}
	var times []time.Duration
	b.ResetTimer()
	for i := range b.N {
		if i%every == 0 {
			b.StopTimer()
			h.Channel = fmt.Sprintf("bench-%d", i)
			h.OK(umpire, "game start", "ruleset", gj.ID)
			h.OK(umpire, "greenjackets roster import", "text", benchOB)
			b.StartTimer()
		}
		start := time.Now()
		r := h.Do(umpire, "greenjackets fire", "squad", "Chosen Men", "target", "Voltigeurs", "range", 12.0, "cover", "soft")
		times = append(times, time.Since(start))
		b.StopTimer()
		if h.Outcome() != interaction.OutcomeOK {
			b.Fatalf("fire: %s", commandstest.Text(r))
		}
		reset()
		b.StartTimer()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
	doc, _, err := store.Get(context.Background(), h.Channel)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(doc)), "doc-bytes")
}
