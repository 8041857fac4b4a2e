package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/settle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/console"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/monitor"
	"github.com/referee-bot/referee/commands/timer"
	"github.com/referee-bot/referee/state/boltstore"
	"github.com/referee-bot/referee/state/redisstore"
)

const usage = `usage:
  bot                     serve Discord (DISCORD_TOKEN set) or, without a token, play in this terminal
  bot console [flags]     play the commands in this terminal or from a script on stdin
      -channel C          the channel to play in (default "console")
      -user NAME          who you are (default "player"); a line starting @name speaks as name
      -seed N             make every roll reproducible
      -json               print one JSON object per command line
      -store memory       keep the battles only while the console runs (default: REDIS_URL or DATA_DIR)
      -keep-going         play a script to its end; without it a script stops at the first line refused
      -log-level L        log at debug, info, warn (default) or error on stderr; LOG_LEVEL is the bot's`

// run is the whole program: configuration, wiring and the chosen transport.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	mode := ""
	if len(args) > 1 {
		mode = args[1]
	}
	addr, isHTTP, err := httpMode(args)
	if err != nil {
		return err
	}
	m := modeConsole
	switch {
	case isHTTP:
		m = modeHTTP
	case mode == "" && strings.TrimSpace(getenv("DISCORD_TOKEN")) != "":
		m = modeGateway
	}
	cfg, err := loadConfig(getenv, m)
	if err != nil {
		return err
	}
	if isHTTP {
		return runHTTP(ctx, cfg, addr, nil, stderr)
	}
	switch mode {
	case "":
		if cfg.DiscordToken == "" {
			fmt.Fprintln(stderr, "referee: DISCORD_TOKEN is not set, so the referee plays here in the console (type /help; Ctrl-D ends).")
			return runConsole(ctx, cfg, consoleFlags{channel: console.DefaultChannel, user: console.DefaultUser, logLevel: consoleLogLevel}, stdin, stdout, stderr)
		}
		return runGateway(ctx, cfg, nil, stderr)
	case "console":
		f, err := parseConsoleFlags(args[2:], stderr)
		if err != nil {
			return err
		}
		return runConsole(ctx, cfg, f, stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		fmt.Fprintln(stdout, httpUsage)
		return nil
	}
	return fmt.Errorf("unknown mode %q\n%s", mode, usage)
}

type consoleFlags struct {
	channel, user string
	seed          int64
	seeded        bool
	json          bool
	logLevel      slog.Level
	// memory keeps the battles only while the console runs (-store memory).
	memory bool
	// keepGoing plays a script past a line refused.
	keepGoing bool
}

// consoleLogLevel is the console's log level unless -log-level says otherwise:
// warnings only, whatever LOG_LEVEL a .env sets for the bot.
const consoleLogLevel = slog.LevelWarn

func parseConsoleFlags(args []string, stderr io.Writer) (consoleFlags, error) {
	f := consoleFlags{logLevel: consoleLogLevel}
	fs := flag.NewFlagSet("bot console", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.channel, "channel", console.DefaultChannel, "the channel to play in")
	fs.StringVar(&f.user, "user", console.DefaultUser, "who you are")
	fs.Int64Var(&f.seed, "seed", 0, "make every roll reproducible")
	fs.BoolVar(&f.json, "json", false, "print one JSON object per command line")
	fs.TextVar(&f.logLevel, "log-level", consoleLogLevel, "debug, info, warn or error")
	store := fs.String("store", "", "memory: keep the battles only while the console runs")
	fs.BoolVar(&f.keepGoing, "keep-going", false, "play a script to its end, past lines refused")
	if err := fs.Parse(args); err != nil {
		return f, fmt.Errorf("console: %w\n%s", err, usage)
	}
	switch *store {
	case "":
	case "memory":
		f.memory = true
	default:
		return f, fmt.Errorf("console: -store %q: the console's own store is -store memory; without -store it uses REDIS_URL or DATA_DIR\n%s", *store, usage)
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("console: unexpected %q\n%s", fs.Arg(0), usage)
	}
	fs.Visit(func(fl *flag.Flag) { f.seeded = f.seeded || fl.Name == "seed" })
	return f, nil
}

// newLogger logs at level to w, in LOG_FORMAT.
func newLogger(cfg Config, w io.Writer, level slog.Level) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// core is what every transport serves: the store, the battle service, the
// router and the command definitions.
type core struct {
	store   battle.Store
	pinger  func(context.Context) error
	battles *battle.Service
	router  *interaction.Router
	defs    []*discordgo.ApplicationCommand
	close   func() error
}

// wire opens the store and builds the command core over it.
func wire(ctx context.Context, cfg Config, now func() time.Time, entropy io.Reader, logger *slog.Logger) (*core, error) {
	c := &core{}
	if cfg.RedisURL != "" {
		routeRedisLogs(logger)
		s, err := redisstore.Open(ctx, cfg.RedisURL, redisstore.Options{TTL: cfg.GameTTL})
		if err != nil {
			return nil, fmt.Errorf("open the Redis store (REDIS_URL): %w", err)
		}
		c.store, c.pinger, c.close = s, s.Ping, s.Close
		logger.Info("store: redis")
	} else {
		s, err := boltstore.Open(cfg.DataDir, boltstore.Options{TTL: cfg.GameTTL})
		if err != nil {
			return nil, fmt.Errorf("open the embedded store in DATA_DIR=%s: %w", cfg.DataDir, err)
		}
		c.store, c.pinger, c.close = s, s.Ping, s.Close
		logger.Info("store: embedded", "dir", cfg.DataDir)
	}
	c.battles = battle.NewService(c.store, now, entropy, commands.Rulesets()...)
	settling := settle.New(c.battles)
	closeStore := c.close
	c.close = func() error {
		settling.Close() // stop settling changes the store did not confirm
		return closeStore()
	}
	deps := commands.Deps{Battles: c.battles, Logger: logger, Settle: settling, Pictures: new(mapcmd.Pictures)}
	if cfg.DiscordToken != "" {
		rest, err := discord.NewSession(cfg.DiscordToken, cfg.DiscordAPIURL)
		if err != nil {
			c.close()
			return nil, err
		}
		deps.Threads = discord.Threads{REST: rest}
	}
	c.router, c.defs = commands.New(deps)
	return c, nil
}

func runConsole(ctx context.Context, cfg Config, f consoleFlags, stdin io.Reader, stdout, stderr io.Writer) error {
	logger := newLogger(cfg, stderr, f.logLevel)
	var entropy io.Reader = rand.Reader
	if f.seeded {
		entropy = newSeeded(f.seed)
	}
	if f.memory {
		// A store of its own, gone when the console ends: an embedded one
		// in a directory removed at the end.
		dir, err := os.MkdirTemp("", "referee-console-")
		if err != nil {
			return fmt.Errorf("console: -store memory: %w", err)
		}
		defer os.RemoveAll(dir)
		cfg.RedisURL, cfg.DataDir = "", dir
	}
	clock := console.NewClock(time.Now)
	c, err := wire(ctx, cfg, clock.Now, entropy, logger)
	if err != nil {
		return err
	}
	defer c.close()
	outbox := &console.Outbox{}
	con := &console.Console{
		Router: c.router, Commands: c.defs,
		Channel: f.channel, User: f.user, JSON: f.json,
		Echo:  !isTerminal(stdin),
		Stop:  !isTerminal(stdin) && !f.keepGoing,
		Clock: clock, Outbox: outbox,
		Timer: &timer.Timer{Battles: c.battles, Sender: outbox, Logger: logger},
	}
	return con.Run(ctx, stdin, stdout)
}

// isTerminal reports whether r is an interactive terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// start logs the start of a mode, wires the core and lets extend adjust it.
func start(ctx context.Context, cfg Config, mode string, extend func(*core), stderr io.Writer) (*core, *slog.Logger, error) {
	logger := newLogger(cfg, stderr, cfg.LogLevel)
	logger.Info("starting", "mode", mode, "config", cfg)
	c, err := wire(ctx, cfg, time.Now, rand.Reader, logger)
	if err != nil {
		return nil, nil, err
	}
	if extend != nil {
		extend(c)
	}
	return c, logger, nil
}

// monitor feeds new metrics from the core's router and store, and returns them
// with a health whose readiness includes the store answering.
func (c *core) monitor() (*monitor.Metrics, *monitor.Health) {
	metrics := monitor.NewMetrics()
	c.router.Observer = metrics
	if sc, ok := c.store.(monitor.StoreCounters); ok {
		metrics.WatchStore(sc)
	}
	health := monitor.NewHealth()
	health.Add("store", c.pinger)
	return metrics, health
}

// opsMux serves the operator's paths on HTTP_ADDR: health, metrics and,
// with PROFILING, Go's profiles. It is never served on the interactions port.
func opsMux(cfg Config, health *monitor.Health, metrics *monitor.Metrics) *http.ServeMux {
	mux := monitor.Mux(health, metrics)
	if cfg.Profiling {
		monitor.Profiling(mux)
	}
	return mux
}

// whenTrue is a readiness check that fails with reason while ok() is false.
func whenTrue(ok func() bool, reason string) monitor.Check {
	return func(context.Context) error {
		if !ok() {
			return errors.New(reason)
		}
		return nil
	}
}

// runGateway serves Discord. extend, when set, adjusts the core before the
// gateway starts (tests add routes with it).
func runGateway(ctx context.Context, cfg Config, extend func(*core), stderr io.Writer) error {
	if cfg.AllShards {
		return runShards(ctx, cfg, extend, stderr)
	}
	c, logger, err := start(ctx, cfg, "gateway", extend, stderr)
	if err != nil {
		return err
	}
	defer c.close()
	session, err := discord.NewSession(cfg.DiscordToken, cfg.DiscordAPIURL)
	if err != nil {
		return err
	}
	session.ShardID, session.ShardCount = cfg.ShardID, cfg.ShardCount
	stopTimers, err := c.startTimers(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer stopTimers()
	gw := &discord.Gateway{
		Session: session, Router: c.router, Commands: c.defs,
		AppID: cfg.DiscordAppID, GuildID: cfg.DiscordGuildID, Logger: logger, DMRefused: view.DMRefusals{Battles: c.battles}.Note,
	}
	if cfg.HTTPAddr != "" {
		metrics, health := c.monitor()
		gw.Events = metrics
		health.Add("gateway", whenTrue(gw.Connected, "not connected to the Discord gateway"))
		stop, err := serveHTTP(ctx, cfg.HTTPAddr, opsMux(cfg, health, metrics), logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	return gw.Run(ctx)
}

// serveHTTP serves the health and metrics endpoints until stop is called.
func serveHTTP(ctx context.Context, addr string, h http.Handler, logger *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("HTTP_ADDR %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("health and metrics server stopped", "err", err)
		}
	}()
	logger.Info("health and metrics", "addr", ln.Addr().String(), "paths", strings.Join([]string{"/livez", "/readyz", "/metrics"}, " "))
	return func() {
		shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}, nil
}
