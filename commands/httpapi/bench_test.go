package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/httpapi"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

// BenchmarkServe measures one interaction through the whole HTTP path
// (signature, decoding, router, rule set, Redis, the answer written), for each
// kind of command the load test mixes: what a command costs the bot's CPU.
func BenchmarkServe(b *testing.B) {
	d := discordtest.Start(b)
	// Deadlines far off: a slow run (a loaded machine, valgrind) does the
	// same work as a fast one, neither a timed-out store call nor a deferral.
	store, err := redisstore.Open(context.Background(), redistest.Start(b).URL(), redisstore.Options{CallTimeout: time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	router, _ := commands.New(commands.Deps{Battles: battle.NewService(store, time.Now, nil, commands.Rulesets()...)})
	session, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		b.Fatal(err)
	}
	key, err := httpapi.ParsePublicKey(d.PublicKey())
	if err != nil {
		b.Fatal(err)
	}
	srv := &httpapi.Server{Key: key, Responder: &discord.Responder{REST: session, Router: router, DeferAfter: time.Minute}}

	// A signed request, made before it is timed: Discord signs on its side.
	type signed struct{ name, body, ts, sig string }
	var seq int
	sign := func(channel string, user discordtest.User, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) signed {
		seq++
		body := commandAs(d, strconv.Itoa(seq), channel, user, name, opts...)
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		return signed{name, string(body), ts, d.Sign(ts, body)}
	}
	serve := func(b *testing.B, s signed) {
		req := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(s.body))
		req.Header.Set("X-Signature-Timestamp", s.ts)
		req.Header.Set("X-Signature-Ed25519", s.sig)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		if w.Code != http.StatusOK || strings.Contains(w.Body.String(), `"flags":64`) {
			b.Fatalf("/%s: %d %s", s.name, w.Code, w.Body)
		}
	}
	post := func(b *testing.B, channel string, user discordtest.User, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) {
		serve(b, sign(channel, user, name, opts...))
	}
	str := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
	}
	num := func(name string, v int) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: v}
	}
	usr := func(name, id string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: id}
	}
	fire := []*discordgo.ApplicationCommandInteractionDataOption{str("weapon", "musket"), num("range", 12), num("count", 6), str("quality", "trained")}
	const oob = "character: Lt Sharpe | officer | British | veteran | british\n" +
		"character: Capt Dubois | officer | French | trained | french\n" +
		"squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper, Perkins\n" +
		"squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard, Roux\n"
	battleIn := func(b *testing.B, ch string) {
		post(b, ch, alice, "game start", str("ruleset", "greenjackets"))
		post(b, ch, alice, "greenjackets roster import", str("text", oob))
	}
	kinds := []struct {
		name   string
		battle bool
		sign   func(ch string, i int) signed
	}{
		{"roll", false, func(ch string, i int) signed { return sign(ch, bob, "roll", str("dice", "2d6+1")) }},
		{"quick-ruling", false, func(ch string, i int) signed { return sign(ch, bob, "greenjackets fire", fire...) }},
		{"battle-roll", true, func(ch string, i int) signed { return sign(ch, bob, "roll", str("dice", "2d6+1")) }},
		{"battle-ruling", true, func(ch string, i int) signed { return sign(ch, bob, "greenjackets fire", fire...) }},
		{"roster-change", true, func(ch string, i int) signed {
			players := []string{alice.ID, bob.ID}
			return sign(ch, alice, "greenjackets roster character", str("name", "Lt Sharpe"), usr("player", players[i%2]))
		}},
	}
	const batch = 120 // commands in a channel before a fresh one
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			var next []signed
			var cpu cpuClock
			cpu.start()
			for i := 0; b.Loop(); i++ {
				if i%batch == 0 {
					b.StopTimer()
					// -count runs each kind again on the same store: a fresh
					// channel each time.
					ch := fmt.Sprintf("%s-%d", k.name, seq)
					cpu.stop()
					if k.battle {
						battleIn(b, ch)
					}
					next = next[:0]
					for j := range batch {
						next = append(next, k.sign(ch, i+j))
					}
					cpu.start()
					b.StartTimer()
				}
				serve(b, next[i%batch])
			}
			b.ReportMetric(cpu.since()/float64(b.N), "cpu-µs/op")
		})
	}
}

// cpuClock adds up the process's CPU time (user and system) while running:
// what a command costs the bot, apart from waiting for Redis.
type cpuClock struct {
	total, from time.Duration
}

func (c *cpuClock) start() { c.from = processCPU() }
func (c *cpuClock) stop()  { c.total += processCPU() - c.from }

// since stops the clock and returns the CPU time counted, in microseconds.
func (c *cpuClock) since() float64 {
	c.stop()
	return float64(c.total) / float64(time.Microsecond)
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
