// Command loadtest drives the real bot in HTTP interactions mode with signed
// POSTs, as Discord would, and reports what an operator sizes a deployment by:
// commands per second, latency (client side, and server side from the bot's
// own referee_response_seconds histogram: request arrived → answer written),
// Redis round trips per command, the bot process's memory over the run, and
// the CPU this generator took from the machine it shares with the bot.
//
// It builds (or takes with -bot) the bot binary, starts a redis-server of its
// own (or uses -redis), serves the bot's REST calls with a small Discord
// stand-in, and starts a battle in half of the channels. The mix is rolls
// and rulings: in channels without a battle /roll and quick rulings, in
// battles /roll and rulings, logged; -roster adds the umpire's roster changes
// (which deal a card by direct message) to the commands in battles. Discord
// signs on its side, so the commands are signed before the warm-up (for
// -max-rate per second at full speed, or -rate), each with its own
// interaction id and the time it is planned to be sent at; only battle
// restarts, every 120 commands in a channel, are signed while measuring. Each
// client writes a request in one write on a keep-alive connection, as fast
// as the bot answers (-rate 0) or at a fixed rate. -floor drives the floor
// responder (cmd/loadtest/floorbot) instead: the least any bot does for an
// interaction, whose commands per second are the machine's ceiling.
//
//	go run ./cmd/loadtest -duration 30s                 # max throughput
//	go run ./cmd/loadtest -rate 1000 -duration 10m      # the p99 and memory run
//	go run ./cmd/loadtest -roster 15 -duration 30s      # with roster changes
//	go run ./cmd/loadtest -floor -duration 20s          # the machine's ceiling
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/httpapi"
)

type options struct {
	bot      string
	redis    string
	duration time.Duration
	warmup   time.Duration
	rate     int
	clients  int
	channels int
	jsonOut  bool
	maxP99   time.Duration
	minRate  float64
	maxSlope float64
	// cpuProfile is where to write the bot's CPU profile of the measured
	// window ("" for none).
	cpuProfile string
	maxRate    int
	roster     int
	// restartEvery is how many commands a battle sees before it is ended
	// and another started.
	restartEvery int
	// floor drives the floor responder (cmd/loadtest/floorbot) instead of
	// the bot.
	floor bool
}

func main() {
	var o options
	flag.StringVar(&o.bot, "bot", "", "the bot binary (default: go build ./cmd/bot into a temporary directory)")
	flag.BoolVar(&o.floor, "floor", false, "drive the floor responder (./cmd/loadtest/floorbot: the signature, decoding, one Redis write and an answer, no game) instead of the bot: the machine's ceiling")
	flag.StringVar(&o.redis, "redis", "", "REDIS_URL for the bot (default: start a redis-server of its own)")
	flag.DurationVar(&o.duration, "duration", 20*time.Second, "how long to send commands after the warm-up")
	flag.DurationVar(&o.warmup, "warmup", 3*time.Second, "sending before measuring starts")
	flag.IntVar(&o.rate, "rate", 0, "commands per second (0: as fast as the bot answers)")
	flag.IntVar(&o.maxRate, "max-rate", 8000, "at -rate 0, the most commands per second expected: that many per second of the run are signed ahead (0: sign while sending)")
	flag.IntVar(&o.clients, "clients", 64, "concurrent clients")
	flag.IntVar(&o.roster, "roster", 0, "percent of the commands in battles that are roster changes (the umpire reassigns a character, which deals a card by DM)")
	flag.IntVar(&o.restartEvery, "restart-every", restartEvery, "commands in a battle before the umpire ends it (and confirms) and starts another")
	flag.IntVar(&o.channels, "channels", 1000, "channels played in; a battle runs in every second one")
	flag.BoolVar(&o.jsonOut, "json", false, "print the report as JSON")
	flag.DurationVar(&o.maxP99, "max-p99", 0, "fail when the server-side p99 is above this (0: no check)")
	flag.Float64Var(&o.minRate, "min-rate", 0, "fail when fewer commands per second are answered (0: no check)")
	flag.Float64Var(&o.maxSlope, "max-rss-slope", 0, "fail when RSS grows faster than this many MiB per minute (0: no check)")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write the bot's CPU profile of the measured window to this file (e.g. cmd/bot/default.pgo)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := run(ctx, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	if o.jsonOut {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		rep.print(os.Stdout)
	}
	if fails := rep.check(o); len(fails) > 0 {
		fmt.Fprintln(os.Stderr, "loadtest: targets missed:\n  "+strings.Join(fails, "\n  "))
		os.Exit(2)
	}
}

// report is what a run measured.
type report struct {
	Mode         string         `json:"mode"`
	Duration     float64        `json:"duration_s"`
	Channels     int            `json:"channels"`
	Clients      int            `json:"clients"`
	Commands     int64          `json:"commands"`
	PerSecond    float64        `json:"commands_per_s"`
	Failed       int64          `json:"failed"`
	Refused      int64          `json:"refused"`
	Mix          map[string]int `json:"mix"`
	ClientP50    float64        `json:"client_p50_ms"`
	ClientP99    float64        `json:"client_p99_ms"`
	ClientMax    float64        `json:"client_max_ms"`
	ServerP50    float64        `json:"server_p50_ms"`
	ServerP99    float64        `json:"server_p99_ms"`
	HandlerP99   float64        `json:"handler_p99_ms"`
	TripsPerCmd  float64        `json:"redis_round_trips_per_command"`
	RedisCmdsPer float64        `json:"redis_commands_per_command"`
	// RedisByName are the Redis commands per command by name (INFO commandstats).
	RedisByName map[string]float64 `json:"redis_commands_per_command_by_name"`
	RedisCPU    float64            `json:"redis_cpu_us_per_command"`
	Retries     float64            `json:"cas_retries"`
	RSSStartMiB float64            `json:"rss_start_mib"`
	RSSEndMiB   float64            `json:"rss_end_mib"`
	RSSMaxMiB   float64            `json:"rss_max_mib"`
	RSSSlope    float64            `json:"rss_slope_mib_per_min"`
	RSS         []float64          `json:"rss_mib_per_interval"`
	BotCPU      float64            `json:"bot_cpu_us_per_command"`
	GenCPU      float64            `json:"loadgen_cpu_us_per_command"`
	GenCPUShare float64            `json:"loadgen_cpu_share"`
	Presigned   int                `json:"presigned"`
	Signed      int64              `json:"signed_in_window"`
	PastQueue   int64              `json:"signed_past_the_queue"`
}

func (r *report) print(w io.Writer) {
	fmt.Fprintf(w, "mode %s, %d clients, %d channels, %.0fs measured\n", r.Mode, r.Clients, r.Channels, r.Duration)
	fmt.Fprintf(w, "commands      %d answered (%.0f/s), %d failed, %d refused by the rules\n", r.Commands, r.PerSecond, r.Failed, r.Refused)
	keys := make([]string, 0, len(r.Mix))
	for k := range r.Mix {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var mix []string
	for _, k := range keys {
		mix = append(mix, fmt.Sprintf("%s %d", k, r.Mix[k]))
	}
	fmt.Fprintf(w, "mix           %s\n", strings.Join(mix, ", "))
	fmt.Fprintf(w, "server side   p50 %.2f ms, p99 %.2f ms (request arrived → answer written); handler p99 %.2f ms\n", r.ServerP50, r.ServerP99, r.HandlerP99)
	fmt.Fprintf(w, "client side   p50 %.2f ms, p99 %.2f ms, max %.1f ms (request written → answer read)\n", r.ClientP50, r.ClientP99, r.ClientMax)
	fmt.Fprintf(w, "redis         %.2f round trips per command (store counter), %.2f commands per command (INFO commandstats), %.0f µs of its CPU per command (INFO cpu), %.0f CAS retries\n", r.TripsPerCmd, r.RedisCmdsPer, r.RedisCPU, r.Retries)
	if len(r.RedisByName) > 0 {
		names := slices.Collect(maps.Keys(r.RedisByName))
		slices.SortFunc(names, func(a, b string) int {
			return cmp.Or(cmp.Compare(r.RedisByName[b], r.RedisByName[a]), strings.Compare(a, b))
		})
		by := make([]string, len(names))
		for i, n := range names {
			by[i] = fmt.Sprintf("%s %.2f", n, r.RedisByName[n])
		}
		fmt.Fprintf(w, "redis by name %s\n", strings.Join(by, ", "))
	}
	fmt.Fprintf(w, "bot memory    RSS %.1f MiB at start, %.1f at end, %.1f max; trend %+.2f MiB/min\n", r.RSSStartMiB, r.RSSEndMiB, r.RSSMaxMiB, r.RSSSlope)
	fmt.Fprintf(w, "CPU           the bot %.0f µs per command; with Redis's and this generator's, %.0f µs of the machine's per command\n", r.BotCPU, r.BotCPU+r.RedisCPU+r.GenCPU)
	fmt.Fprintf(w, "load          this generator used %.0f µs of CPU per command (%.0f %% of a CPU); %d requests signed ahead, %d signed while measuring (battle restarts", r.GenCPU, 100*r.GenCPUShare, r.Presigned, r.Signed)
	if r.PastQueue > 0 {
		fmt.Fprintf(w, ", and %d commands past the signed queue: raise -max-rate", r.PastQueue)
	}
	fmt.Fprintln(w, ")")
}

func (r *report) check(o options) []string {
	var fails []string
	if o.minRate > 0 && r.PerSecond < o.minRate {
		fails = append(fails, fmt.Sprintf("%.0f commands/s, want at least %.0f", r.PerSecond, o.minRate))
	}
	if o.maxP99 > 0 && r.ServerP99 > float64(o.maxP99)/float64(time.Millisecond) {
		fails = append(fails, fmt.Sprintf("server p99 %.2f ms, want under %v", r.ServerP99, o.maxP99))
	}
	if o.maxSlope > 0 && r.RSSSlope > o.maxSlope {
		fails = append(fails, fmt.Sprintf("RSS grows %.2f MiB/min, want at most %.2f", r.RSSSlope, o.maxSlope))
	}
	if r.Failed > 0 {
		fails = append(fails, fmt.Sprintf("%d commands failed", r.Failed))
	}
	return fails
}

func run(ctx context.Context, o options) (*report, error) {
	if o.roster < 0 || o.roster > 100 {
		return nil, fmt.Errorf("-roster %d: want a percentage, 0 to 100", o.roster)
	}
	if o.restartEvery < 1 {
		return nil, fmt.Errorf("-restart-every %d: want a number of commands, 1 or more", o.restartEvery)
	}
	if o.rate < 0 || o.maxRate < 0 {
		return nil, fmt.Errorf("-rate %d, -max-rate %d: want commands per second, 0 or more", o.rate, o.maxRate)
	}
	tmp, err := os.MkdirTemp("", "loadtest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if o.bot != "" && o.floor {
		return nil, errors.New("-bot and -floor: choose one")
	}
	bin, pkg := o.bot, "cmd/bot"
	if o.floor {
		pkg = "cmd/loadtest/floorbot"
	}
	if bin == "" {
		bin = filepath.Join(tmp, "bot")
		// Linked as the Dockerfile links the bot it ships: without the
		// symbol table and DWARF, which also takes a third less CPU.
		build := exec.CommandContext(ctx, "go", "build", "-ldflags=-s -w", "-o", bin, "github.com/referee-bot/referee/"+pkg)
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("go build ./%s (run inside the repository): %w", pkg, err)
		}
	}
	redisURL, redisAddr := o.redis, ""
	if redisURL == "" {
		stopRedis, addr, err := startRedis(tmp)
		if err != nil {
			return nil, err
		}
		defer stopRedis()
		redisURL, redisAddr = "redis://"+addr+"/0", addr
	}
	rest, err := startREST()
	if err != nil {
		return nil, err
	}
	defer rest.Close()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	// The metrics and profiles are served on a port of their own, never on
	// the interactions port.
	opsAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	botLog, err := os.Create(filepath.Join(tmp, "bot.log"))
	if err != nil {
		return nil, err
	}
	defer botLog.Close()
	cmd := exec.Command(bin, "-http", addr)
	cmd.Env = append(os.Environ(),
		"DISCORD_TOKEN=loadtest-token", "DISCORD_APP_ID=100000000000000001", "DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub),
		"DISCORD_API_URL="+rest.URL, "REDIS_URL="+redisURL, "LOG_LEVEL=warn", "LOG_FORMAT=json", "HTTP_ADDR="+opsAddr,
		"PROFILING="+strconv.FormatBool(o.cpuProfile != ""))
	cmd.Stdout, cmd.Stderr = botLog, botLog
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-exited
	}()
	base := "http://" + opsAddr
	if err := awaitReady(ctx, base+"/readyz", exited); err != nil {
		b, _ := os.ReadFile(botLog.Name())
		return nil, fmt.Errorf("%w\nbot log:\n%s", err, b)
	}

	l := &load{addr: addr, rest: rest, priv: priv, roster: o.roster, restartEvery: o.restartEvery,
		channels: make([]*channel, o.channels), mix: map[string]int{}}
	for i := range l.channels {
		l.channels[i] = &channel{id: strconv.Itoa(700000000000000000 + i), game: i%2 == 0}
	}
	if err := l.setup(ctx); err != nil {
		return nil, err
	}
	// Discord signs on its side: sign the commands of the whole run before
	// sending, so that the machine measured does not pay for it.
	perSecond := o.rate
	if perSecond == 0 {
		perSecond = o.maxRate
	}
	span := o.warmup + o.duration + 5*time.Second // the window ends on a whole second, then the counters are read
	if err := l.presign(min(maxQueue, int(float64(perSecond)*span.Seconds())), perSecond); err != nil {
		return nil, err
	}

	// Warm up, then measure from a snapshot of the bot's counters.
	mode := "max throughput"
	if o.rate > 0 {
		mode = fmt.Sprintf("fixed rate %d/s", o.rate)
	}
	if o.floor {
		mode += ", the floor responder"
	}
	rep := &report{Mode: mode, Channels: o.channels, Clients: o.clients, Mix: map[string]int{}}
	// The clients wait on the bot nearly all the time: on one P the Go
	// scheduler does not wake and spin threads for each answer (at 1,000/s
	// this generator then takes 120 rather than 140 µs of CPU a command).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	sendCtx, stopSending := context.WithCancel(ctx)
	done := l.drive(sendCtx, o.clients, o.rate)
	select {
	case <-time.After(o.warmup):
	case <-ctx.Done():
		stopSending()
		<-done
		return nil, ctx.Err()
	}
	before, err := scrape(base + "/metrics")
	if err != nil {
		stopSending()
		<-done
		return nil, err
	}
	cmdsBefore, redisCPUBefore := redisCalls(redisAddr), redisCPU(redisAddr)
	l.reset()
	start, cpuStart, botCPUStart := time.Now(), cpuTime(), processCPU(cmd.Process.Pid)
	var profiled chan error
	if o.cpuProfile != "" {
		profiled = make(chan error, 1)
		go func() { profiled <- fetchProfile(base, o.duration, o.cpuProfile) }()
	}
	var rss []float64
	tick := time.NewTicker(time.Second)
	interval := max(time.Second, o.duration/60)
	var bucket []float64
	lastBucket := start
wait:
	for {
		select {
		case <-tick.C:
			if v, err := rssMiB(cmd.Process.Pid); err == nil {
				bucket = append(bucket, v)
			}
			if time.Since(lastBucket) >= interval && len(bucket) > 0 {
				rss = append(rss, slices.Max(bucket))
				bucket, lastBucket = nil, time.Now()
			}
			if time.Since(start) >= o.duration {
				break wait
			}
		case <-ctx.Done():
			break wait
		}
	}
	tick.Stop()
	elapsed, genCPU, botCPU := time.Since(start), cpuTime()-cpuStart, processCPU(cmd.Process.Pid)-botCPUStart
	after, err := scrape(base + "/metrics")
	cmdsAfter, redisCPUAfter := redisCalls(redisAddr), redisCPU(redisAddr)
	stopSending()
	<-done
	if err != nil {
		return nil, err
	}
	if len(bucket) > 0 {
		rss = append(rss, slices.Max(bucket))
	}
	if profiled != nil {
		if err := <-profiled; err != nil {
			return nil, err
		}
	}

	lat := l.latencies()
	rep.Duration = elapsed.Seconds()
	rep.Commands = int64(len(lat))
	rep.PerSecond = float64(len(lat)) / elapsed.Seconds()
	rep.Failed, rep.Refused = l.failed.Load(), l.refused.Load()
	rep.Presigned, rep.Signed, rep.PastQueue = len(l.queue), l.signed.Load(), l.unqueued.Load()
	rep.GenCPUShare = genCPU.Seconds() / elapsed.Seconds()
	if len(lat) > 0 {
		rep.GenCPU = float64(genCPU.Microseconds()) / float64(len(lat))
		rep.BotCPU = float64(botCPU.Microseconds()) / float64(len(lat))
	}
	for k, v := range l.mixCounts() {
		rep.Mix[k] = v
	}
	slices.Sort(lat)
	if len(lat) > 0 {
		rep.ClientP50 = ms(lat[len(lat)/2])
		rep.ClientP99 = ms(lat[min(len(lat)-1, len(lat)*99/100)])
		rep.ClientMax = ms(lat[len(lat)-1])
	}
	served := after.sum("referee_interactions_total") - before.sum("referee_interactions_total")
	rep.ServerP50 = 1000 * quantile(before, after, "referee_response_seconds", 0.50)
	rep.ServerP99 = 1000 * quantile(before, after, "referee_response_seconds", 0.99)
	rep.HandlerP99 = 1000 * quantile(before, after, "referee_handler_seconds", 0.99)
	if served > 0 {
		rep.TripsPerCmd = (after.sum("referee_store_round_trips_total") - before.sum("referee_store_round_trips_total")) / served
		if cmdsBefore != nil && cmdsAfter != nil {
			rep.RedisByName = map[string]float64{}
			for name, n := range cmdsAfter {
				if d := n - cmdsBefore[name]; d > 0 {
					rep.RedisByName[name] = float64(d) / served
					rep.RedisCmdsPer += float64(d) / served
				}
			}
		}
		if redisCPUBefore >= 0 && redisCPUAfter >= 0 {
			rep.RedisCPU = float64((redisCPUAfter - redisCPUBefore).Microseconds()) / served
		}
	}
	rep.Retries = after.sum("referee_store_retries_total") - before.sum("referee_store_retries_total")
	rep.RSS = rss
	if len(rss) > 0 {
		rep.RSSStartMiB, rep.RSSEndMiB, rep.RSSMaxMiB = rss[0], rss[len(rss)-1], slices.Max(rss)
		rep.RSSSlope = slope(rss, interval)
	}
	return rep, nil
}

// fetchProfile writes the bot's CPU profile over the next d (whole seconds,
// at least one) to file.
func fetchProfile(base string, d time.Duration, file string) error {
	secs := max(1, int(d/time.Second))
	resp, err := http.Get(base + "/debug/pprof/profile?seconds=" + strconv.Itoa(secs))
	if err != nil {
		return fmt.Errorf("CPU profile: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("CPU profile: HTTP %d", resp.StatusCode)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("CPU profile: %w", err)
	}
	return os.WriteFile(file, b, 0o644)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// slope is the least-squares trend of samples taken every interval, in MiB
// per minute.
func slope(ys []float64, interval time.Duration) float64 {
	n := float64(len(ys))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for i, y := range ys {
		x := float64(i) * interval.Minutes()
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

// channel is one Discord channel of the load; a battle runs in it when game
// is set, and its commands take turns so that its log stays in order.
type channel struct {
	id   string
	game bool
	mu   sync.Mutex
	n    int // commands since the battle started
}

// maxQueue bounds the requests signed ahead (about 1.6 KB each); a longer
// run signs the rest while sending, and the report counts them.
const maxQueue = 1 << 20

// fresh is how far a request's signed timestamp may be from the time it is
// sent: the bot's limit, less a minute of margin.
const fresh = httpapi.MaxSkew - time.Minute

type load struct {
	addr   string    // the bot's host:port
	rest   *restStub // Discord's REST API as the bot calls it
	priv   ed25519.PrivateKey
	roster int // percent of the commands in battles that are roster changes
	// restartEvery is how many commands a battle sees before it is ended and
	// another started.
	restartEvery int
	channels     []*channel
	seq          atomic.Int64

	queue []request    // commands of the mix signed ahead, in the order they are sent
	next  atomic.Int64 // the index in queue of the next one to send

	mu       sync.Mutex
	lat      []time.Duration
	mix      map[string]int
	failed   atomic.Int64
	refused  atomic.Int64
	signed   atomic.Int64 // requests signed since the reset
	unqueued atomic.Int64 // commands of the mix signed since the reset because the queue was used up
}

func (l *load) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lat, l.mix = l.lat[:0], map[string]int{}
	l.failed.Store(0)
	l.refused.Store(0)
	l.signed.Store(0)
	l.unqueued.Store(0)
}

func (l *load) latencies() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lat)
}

func (l *load) mixCounts() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]int{}
	for k, v := range l.mix {
		out[k] = v
	}
	return out
}

// A user of the load: the umpire starts and ends battles and edits the
// roster; players roll and ask for rulings.
var (
	umpire  = &discordgo.User{ID: "300000000000000001", Username: "umpire"}
	players = []*discordgo.User{
		{ID: "300000000000000002", Username: "sharpe"}, {ID: "300000000000000003", Username: "dubois"},
		{ID: "300000000000000004", Username: "harper"}, {ID: "300000000000000005", Username: "vidal"},
	}
)

const orderOfBattle = `character: Lt Sharpe | officer | British | veteran | british
character: Capt Dubois | officer | French | trained | french
squad: Chosen Men | Lt Sharpe | infantry | veteran | rifle | sword | Harris, Hagman, Cooper, Perkins
squad: Voltigeurs | Capt Dubois | infantry | trained | musket | bayonet | Leclerc, Martin, Girard, Roux
`

// The options of the mix's commands.
var (
	rollOpts   = []opt{{"dice", "2d6+1"}}
	fireOpts   = []opt{{"range", 12}, {"count", 6}, {"weapon", "musket"}, {"quality", "trained"}}
	characters = []string{"Lt Sharpe", "Capt Dubois"}
)

// restartEvery is how many commands a battle sees, by default, before the
// umpire ends it and starts another, so that its log (and the stored
// document) stays the size of a real evening's game instead of growing for
// the whole run.
const restartEvery = 120

type opt struct {
	name  string
	value any
}

// command is one slash command of the load.
type command struct {
	kind string // what the report's mix counts it as
	ch   *channel
	user *discordgo.User
	path string
	opts []opt
}

// request is a command serialized, signed, as the HTTP/1.1 POST Discord sends.
type request struct {
	command
	ts    int64 // the signed timestamp, in Unix seconds
	wire  []byte
	token string // the interaction's token, which its followups and edits name
	// press is a button press (the end confirmation), not a slash command.
	press bool
}

// pick draws a command of the mix in a channel taken at random: without a
// battle a /roll or a quick ruling, half each; in a battle a roster change
// (l.roster percent of them), else a /roll (logged, numbered) or a ruling in
// the battle, half each.
func (l *load) pick(rnd *rand.Rand) command {
	c := command{ch: l.channels[rnd.IntN(len(l.channels))], user: players[rnd.IntN(len(players))]}
	roll := rnd.IntN(2) == 0
	switch {
	case !c.ch.game && roll:
		c.kind, c.path, c.opts = "roll", "roll", rollOpts
	case !c.ch.game:
		c.kind, c.path, c.opts = "quick ruling", "greenjackets fire", fireOpts
	case rnd.IntN(100) < l.roster:
		c.kind, c.path, c.user = "roster change", "greenjackets roster character", umpire
		c.opts = []opt{{"name", characters[rnd.IntN(len(characters))]}, {"player", players[rnd.IntN(len(players))]}}
	case roll:
		c.kind, c.path, c.opts = "roll in a battle", "roll", rollOpts
	default:
		c.kind, c.path, c.opts = "ruling in a battle", "greenjackets fire", fireOpts
	}
	return c
}

// sign serializes c with a new interaction id as a POST signed with the
// timestamp at.
func (l *load) sign(c command, at time.Time) (request, error) {
	id := strconv.FormatInt(800000000000000000+l.seq.Add(1), 10)
	return l.signInteraction(c, at, slash(id, c.ch.id, c.user, c.path, c.opts))
}

// signPress is sign for the press of the button customID in c's channel.
func (l *load) signPress(c command, at time.Time, customID string) (request, error) {
	id := strconv.FormatInt(800000000000000000+l.seq.Add(1), 10)
	i := slash(id, c.ch.id, c.user, "game", nil)
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	i.Message = &discordgo.Message{ID: "msg-" + id, ChannelID: c.ch.id}
	r, err := l.signInteraction(c, at, i)
	r.press = true
	return r, err
}

// signInteraction serializes the interaction i of c as a POST signed with the timestamp at.
func (l *load) signInteraction(c command, at time.Time, i *discordgo.Interaction) (request, error) {
	body, err := json.Marshal(i)
	if err != nil {
		return request{}, err
	}
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(l.priv, append([]byte(ts), body...))
	wire := fmt.Appendf(make([]byte, 0, 320+len(body)),
		"POST /interactions HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"+
			"X-Signature-Timestamp: %s\r\nX-Signature-Ed25519: %x\r\n\r\n", l.addr, len(body), ts, sig)
	l.signed.Add(1)
	return request{command: c, ts: at.Unix(), wire: append(wire, body...), token: i.Token}, nil
}

// presign fills the queue with n commands of the mix, signed on every CPU.
// Each is signed with the time it is planned to be sent at if perSecond are
// sent from now: at a fixed rate, about when it is sent; at full speed, no
// later than that.
func (l *load) presign(n, perSecond int) error {
	l.queue = make([]request, n)
	start := time.Now()
	workers := runtime.GOMAXPROCS(0)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		rnd := rand.New(rand.NewPCG(uint64(w), 7))
		wg.Go(func() {
			for i := w; i < n; i += workers {
				r, err := l.sign(l.pick(rnd), start.Add(time.Duration(i)*time.Second/time.Duration(perSecond)))
				if err != nil {
					errs <- err
					return
				}
				l.queue[i] = r
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// take returns the next request to send: the queue's while it lasts and its
// timestamp is fresh, else a command of the mix signed now.
func (l *load) take(rnd *rand.Rand) (request, error) {
	if i := l.next.Add(1) - 1; i < int64(len(l.queue)) {
		r := l.queue[i]
		l.queue[i] = request{}
		if time.Since(time.Unix(r.ts, 0)).Abs() < fresh {
			return r, nil
		}
	}
	l.unqueued.Add(1)
	return l.sign(l.pick(rnd), time.Now())
}

// setup starts a battle with its roster in every game channel.
func (l *load) setup(ctx context.Context) error {
	const workers = 32
	var next atomic.Int64
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			c := &client{addr: l.addr}
			defer c.close()
			for i := next.Add(1) - 1; i < int64(len(l.channels)) && ctx.Err() == nil; i = next.Add(1) - 1 {
				if ch := l.channels[i]; ch.game {
					if err := l.restart(c, ch); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return ctx.Err()
}

// restart ends the channel's battle (if any) and starts a new one with its
// roster, signing as it goes; the caller holds ch.mu or owns ch.
func (l *load) restart(c *client, ch *channel) error {
	var steps []command
	if ch.n > 0 {
		steps = append(steps, command{path: "game end"})
	}
	steps = append(steps,
		command{path: "game start", opts: []opt{{"ruleset", "greenjackets"}, {"name", "Arapiles"}}},
		command{path: "greenjackets roster import", opts: []opt{{"text", orderOfBattle}}})
	for _, s := range steps {
		s.kind, s.ch, s.user = "battle restart", ch, umpire
		r, err := l.sign(s, time.Now())
		if err != nil {
			return err
		}
		if s.path == "game end" { // asks to confirm: press its button
			if err := l.confirm(c, s, r); err != nil {
				return err
			}
			continue
		}
		public, err := l.timed(c, r)
		if err != nil {
			return err
		}
		if !public {
			return fmt.Errorf("/%s in %s was refused: %s", s.path, ch.id, c.body.Bytes())
		}
	}
	ch.n = 0
	return nil
}

// endButton finds the custom id of /game end's confirmation in its answer.
var endButton = regexp.MustCompile(`"custom_id":"(v1/game/end/[0-9a-f]+/[0-9]+)"`)

// confirm sends /game end (r) and presses the button it answers with, then
// waits for the press's work to be done: the press is answered by a deferral
// at once, and the battle ends after it (its followup says so). A battle the
// referee refuses to end (none running) is left as it is.
func (l *load) confirm(c *client, s command, r request) error {
	start := time.Now()
	status, answer, err := c.roundTrip(r.wire)
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("/game end in %s: HTTP %d, %v", s.ch.id, status, err)
	}
	l.record(s.kind, time.Since(start), true)
	m := endButton.FindSubmatch(answer)
	if m == nil {
		return nil
	}
	press, err := l.signPress(s, time.Now(), string(m[1]))
	if err != nil {
		return err
	}
	ended := l.rest.awaitWebhook(press.token)
	if _, err := l.timed(c, press); err != nil {
		return err
	}
	select {
	case <-ended:
		return nil
	case <-time.After(answerWithin):
		return fmt.Errorf("/game end in %s: the press's work not done within %v", s.ch.id, answerWithin)
	}
}

// drive sends commands until ctx is done, from clients goroutines, at rate
// per second when rate > 0. The returned channel is closed when all stopped.
func (l *load) drive(ctx context.Context, clients, rate int) <-chan struct{} {
	done := make(chan struct{})
	var tokens chan struct{}
	if rate > 0 {
		tokens = make(chan struct{}, clients)
		go func() {
			start := time.Now()
			sent := 0
			t := time.NewTicker(time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
				due := int(time.Since(start).Seconds() * float64(rate))
				for ; sent < due; sent++ {
					select {
					case tokens <- struct{}{}:
					case <-ctx.Done():
						return
					}
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for w := range clients {
		rnd := rand.New(rand.NewPCG(uint64(w), 42))
		wg.Go(func() {
			c := &client{addr: l.addr}
			defer c.close()
			for ctx.Err() == nil {
				if tokens != nil {
					select {
					case <-tokens:
					case <-ctx.Done():
						return
					}
				}
				l.one(ctx, c, rnd)
			}
		})
	}
	go func() { wg.Wait(); close(done) }()
	return done
}

// one sends the next command of the mix; in a battle it waits for the
// channel's turn, and every restartEvery commands starts a new battle first.
func (l *load) one(ctx context.Context, c *client, rnd *rand.Rand) {
	r, err := l.take(rnd)
	if err == nil && r.ch.game {
		r.ch.mu.Lock()
		defer r.ch.mu.Unlock()
		if r.ch.n >= l.restartEvery {
			err = l.restart(c, r.ch)
		}
		r.ch.n++
	}
	if err == nil {
		_, err = l.timed(c, r)
	}
	if err != nil && ctx.Err() == nil {
		l.failed.Add(1)
		fmt.Fprintln(os.Stderr, "loadtest:", err)
	}
}

// timed sends one request and records its latency and kind.
func (l *load) timed(c *client, r request) (bool, error) {
	start := time.Now()
	public, err := c.post(r)
	if err == nil {
		l.record(r.kind, time.Since(start), public)
	}
	return public, err
}

func (l *load) record(kind string, d time.Duration, public bool) {
	if !public {
		l.refused.Add(1)
	}
	l.mu.Lock()
	l.lat = append(l.lat, d)
	l.mix[kind]++
	l.mu.Unlock()
}

// idleFor is how long a client keeps an unused connection: the bot closes
// those idle for 10 s (its read timeout), and a request written into a
// closing connection would be lost.
const idleFor = 5 * time.Second

// answerWithin bounds a request's round trip, so that a bot that stopped
// answering ends the run with errors rather than hanging it.
const answerWithin = 30 * time.Second

// client is one goroutine's keep-alive connection to the bot: a request is
// one write, its answer is read with net/http's parser.
type client struct {
	addr string
	conn net.Conn
	r    *bufio.Reader
	used time.Time // when the connection last carried an answer
	body bytes.Buffer
}

// post sends one request and reports whether its answer was public (an
// ephemeral answer is a refusal).
func (c *client) post(r request) (public bool, err error) {
	status, answer, err := c.roundTrip(r.wire)
	if err != nil {
		return false, fmt.Errorf("/%s: %w", r.path, err)
	}
	if status != http.StatusOK {
		return false, fmt.Errorf("/%s: HTTP %d: %s", r.path, status, answer)
	}
	typ, flags, ok := answerOf(answer)
	switch {
	case !ok:
		return false, fmt.Errorf("/%s: answer %q", r.path, answer)
	case typ == int(discordgo.InteractionResponseChannelMessageWithSource):
		return flags&int(discordgo.MessageFlagsEphemeral) == 0, nil
	case typ == int(discordgo.InteractionResponseDeferredChannelMessageWithSource):
		return true, nil
	case r.press && (typ == int(discordgo.InteractionResponseUpdateMessage) ||
		typ == int(discordgo.InteractionResponseDeferredMessageUpdate)):
		// A button press (the end confirmation) answers by updating the
		// message it is on, at once or once its work is done (over REST).
		return true, nil
	}
	return false, fmt.Errorf("/%s: answer of type %d", r.path, typ)
}

// answerOf reads the type and flags of an interaction response as the bot
// encodes it, discordgo's InteractionResponse, without decoding the rest
// (that was a quarter of this generator's CPU): "type" comes first and the
// data's "flags", when set, last; a quote inside a JSON string is escaped.
func answerOf(b []byte) (typ, flags int, ok bool) {
	rest, ok := bytes.CutPrefix(b, []byte(`{"type":`))
	if !ok {
		return 0, 0, false
	}
	typ, digits := leadingInt(rest)
	if digits == 0 {
		return 0, 0, false
	}
	if end, found := bytes.CutSuffix(bytes.TrimRight(b, "\n"), []byte("}}")); found {
		i := len(end)
		for i > 0 && '0' <= end[i-1] && end[i-1] <= '9' {
			i--
		}
		if bytes.HasSuffix(end[:i], []byte(`"flags":`)) {
			flags, _ = leadingInt(end[i:])
		}
	}
	return typ, flags, true
}

// leadingInt is the decimal number b starts with, and its length.
func leadingInt(b []byte) (n, digits int) {
	for ; digits < len(b) && '0' <= b[digits] && b[digits] <= '9'; digits++ {
		n = n*10 + int(b[digits]-'0')
	}
	return n, digits
}

// roundTrip writes a serialized request and reads the answer's status and
// body (valid until the next round trip), on a new connection when there is
// none or it was idle too long.
func (c *client) roundTrip(wire []byte) (status int, body []byte, err error) {
	if c.conn != nil && time.Since(c.used) > idleFor {
		c.close()
	}
	if c.conn == nil {
		if c.conn, err = net.Dial("tcp", c.addr); err != nil {
			return 0, nil, err
		}
		c.r = bufio.NewReader(c.conn)
	}
	c.conn.SetDeadline(time.Now().Add(answerWithin))
	if _, err := c.conn.Write(wire); err != nil {
		c.close()
		return 0, nil, err
	}
	resp, err := http.ReadResponse(c.r, nil)
	if err != nil {
		c.close()
		return 0, nil, err
	}
	c.body.Reset()
	_, err = c.body.ReadFrom(resp.Body)
	if err != nil || resp.Close {
		c.close()
	}
	c.used = time.Now()
	return resp.StatusCode, c.body.Bytes(), err
}

func (c *client) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// slash is a slash command as Discord sends it.
func slash(id, channel string, user *discordgo.User, path string, opts []opt) *discordgo.Interaction {
	words := strings.Fields(path)
	res := &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}
	var leaf []*discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		out := &discordgo.ApplicationCommandInteractionDataOption{Name: o.name}
		switch v := o.value.(type) {
		case string:
			out.Type, out.Value = discordgo.ApplicationCommandOptionString, v
		case int:
			out.Type, out.Value = discordgo.ApplicationCommandOptionInteger, v
		case *discordgo.User:
			out.Type, out.Value = discordgo.ApplicationCommandOptionUser, v.ID
			res.Users[v.ID] = v
		}
		leaf = append(leaf, out)
	}
	for k := len(words) - 1; k >= 1; k-- {
		t := discordgo.ApplicationCommandOptionSubCommand
		if k < len(words)-1 {
			t = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		leaf = []*discordgo.ApplicationCommandInteractionDataOption{{Name: words[k], Type: t, Options: leaf}}
	}
	return &discordgo.Interaction{
		ID: id, AppID: "100000000000000001", Type: discordgo.InteractionApplicationCommand, Token: "token-" + id,
		GuildID: "200000000000000002", ChannelID: channel, Version: 1,
		Member: &discordgo.Member{User: user, Permissions: 0},
		Data: discordgo.ApplicationCommandInteractionData{
			ID: "cmd-" + words[0], Name: words[0], CommandType: discordgo.ChatApplicationCommand, Options: leaf, Resolved: res,
		},
	}
}

// startREST serves the REST calls the bot makes: command registration, and
// followups, edits and direct messages (answered, not kept, but awaited
// when asked: awaitWebhook).
func startREST() (*restStub, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	stub := &restStub{awaited: map[string]chan struct{}{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		stub.called(r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodPut:
			io.WriteString(w, "[]")
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case strings.HasSuffix(r.URL.Path, "/users/@me/channels"):
			io.WriteString(w, `{"id":"900000000000000001","type":1}`)
		default:
			io.WriteString(w, `{"id":"900000000000000002","channel_id":"900000000000000001","content":""}`)
		}
	})
	stub.srv, stub.URL = &http.Server{Handler: mux}, "http://"+ln.Addr().String()
	go stub.srv.Serve(ln)
	return stub, nil
}

type restStub struct {
	srv *http.Server
	URL string

	mu      sync.Mutex
	awaited map[string]chan struct{} // by interaction token
}

// awaitWebhook returns a channel closed at the bot's first webhook call (a
// followup or an edit) for the interaction token: the work of an
// interaction answered by a deferral is done by then. Call it before
// sending the interaction.
func (r *restStub) awaitWebhook(token string) <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := make(chan struct{})
	r.awaited[token] = c
	return c
}

// called notes a REST call to path, releasing the wait for its interaction's
// token (…/webhooks/<app id>/<token>[/…]).
func (r *restStub) called(path string) {
	_, hook, ok := strings.Cut(path, "/webhooks/")
	if !ok {
		return
	}
	_, token, _ := strings.Cut(hook, "/")
	token, _, _ = strings.Cut(token, "/")
	r.mu.Lock()
	defer r.mu.Unlock()
	if c, ok := r.awaited[token]; ok {
		close(c)
		delete(r.awaited, token)
	}
}

func (r *restStub) Close() { r.srv.Close() }

// startRedis runs a redis-server as the deployment configures it (AOF
// everysec, noeviction) on a free loopback port.
func startRedis(dir string) (stop func(), addr string, err error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, "", errors.New("redis-server not found: install it or pass -redis")
	}
	addr, err = freeAddr()
	if err != nil {
		return nil, "", err
	}
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command(bin, "--port", port, "--bind", "127.0.0.1", "--dir", dir, "--save", "",
		"--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction", "--loglevel", "warning")
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	stop = func() { cmd.Process.Kill(); cmd.Wait() }
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if redisCalls(addr) != nil {
			return stop, addr, nil
		}
		if time.Now().After(deadline) {
			stop()
			return nil, "", errors.New("redis-server did not answer within 10s")
		}
	}
}

// redisInfo is a section of the redis-server's INFO ("" when unknown).
func redisInfo(addr, section string) string {
	if addr == "" {
		return ""
	}
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return ""
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "*2\r\n$4\r\nINFO\r\n$%d\r\n%s\r\n", len(section), section)
	var head string
	if _, err := fmt.Fscanln(c, &head); err != nil || !strings.HasPrefix(head, "$") {
		return ""
	}
	n, err := strconv.Atoi(strings.TrimSpace(head[1:]))
	if err != nil {
		return ""
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(c, b); err != nil {
		return ""
	}
	return string(b)
}

// redisCalls are the calls of each command INFO commandstats counts, by
// name, INFO's own left out (nil when unknown). The commands a script calls
// are counted under their own names, beside the EVALSHA that ran it.
func redisCalls(addr string) map[string]int64 {
	info := redisInfo(addr, "commandstats")
	if info == "" {
		return nil
	}
	calls := map[string]int64{}
	for line := range strings.SplitSeq(info, "\r\n") {
		name, stats, ok := strings.Cut(line, ":")
		name, cmd := strings.CutPrefix(name, "cmdstat_")
		if !ok || !cmd || name == "info" {
			continue
		}
		for kv := range strings.SplitSeq(stats, ",") {
			if v, ok := strings.CutPrefix(kv, "calls="); ok {
				calls[name], _ = strconv.ParseInt(v, 10, 64)
			}
		}
	}
	return calls
}

// redisCPU is the CPU time the redis-server has used, user and system
// (-1 when unknown).
func redisCPU(addr string) time.Duration {
	info := redisInfo(addr, "cpu")
	if info == "" {
		return -1
	}
	var secs float64
	for line := range strings.SplitSeq(info, "\r\n") {
		name, v, _ := strings.Cut(line, ":")
		if name == "used_cpu_user" || name == "used_cpu_sys" {
			f, _ := strconv.ParseFloat(v, 64)
			secs += f
		}
	}
	return time.Duration(secs * float64(time.Second))
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// awaitReady polls url until it answers 200, the bot exits or 30 s pass.
func awaitReady(ctx context.Context, url string, exited <-chan struct{}) error {
	for deadline := time.Now().Add(30 * time.Second); ; {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-exited:
			return errors.New("the bot exited")
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the bot is not ready at %s after 30s", url)
		}
	}
}

// rssMiB is a process's resident set size.
func rssMiB(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024, err
		}
	}
	return 0, errors.New("no VmRSS")
}

// cpuTime is the user and system CPU this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPU is the user and system CPU a process has used so far (0 when
// unknown), from /proc/<pid>/stat in clock ticks of 10 ms (USER_HZ on Linux).
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses: state,
	// then utime and stime at the 12th and 13th.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.ParseInt(f[11], 10, 64)
	sys, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(user+sys) * 10 * time.Millisecond
}

// metrics are Prometheus samples by name and labels (the exposition line
// before the value).
type metrics map[string]float64

func scrape(url string) (metrics, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	m := metrics{}
	for line := range strings.SplitSeq(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			continue
		}
		m[line[:i]] = v
	}
	return m, nil
}

// sum adds every sample of a metric name, whatever its labels.
func (m metrics) sum(name string) float64 {
	var t float64
	for k, v := range m {
		if k == name || strings.HasPrefix(k, name+"{") {
			t += v
		}
	}
	return t
}

// quantile estimates the q-quantile of a histogram's observations between two
// scrapes, over all its label sets, interpolating within the bucket.
func quantile(before, after metrics, name string, q float64) float64 {
	counts := map[float64]float64{} // upper bound → cumulative count
	for k, v := range after {
		rest, ok := strings.CutPrefix(k, name+"_bucket{")
		if !ok {
			continue
		}
		i := strings.Index(rest, `le="`)
		if i < 0 {
			continue
		}
		le := rest[i+4:]
		le = le[:strings.IndexByte(le, '"')]
		bound := math.Inf(1)
		if le != "+Inf" {
			bound, _ = strconv.ParseFloat(le, 64)
		}
		counts[bound] += v - before[k]
	}
	bounds := make([]float64, 0, len(counts))
	for b := range counts {
		bounds = append(bounds, b)
	}
	slices.Sort(bounds)
	if len(bounds) == 0 || counts[bounds[len(bounds)-1]] == 0 {
		return 0
	}
	total := counts[bounds[len(bounds)-1]]
	rank := q * total
	lower, below := 0.0, 0.0
	for _, b := range bounds {
		if counts[b] >= rank {
			if math.IsInf(b, 1) {
				return lower
			}
			in := counts[b] - below
			if in == 0 {
				return b
			}
			return lower + (b-lower)*(rank-below)/in
		}
		lower, below = b, counts[b]
	}
	return lower
}
