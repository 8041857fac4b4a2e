package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/httpapi"
	"github.com/referee-bot/referee/commands/monitor"
)

const httpUsage = `  bot -http ADDR          serve Discord's HTTP interactions on ADDR (e.g. :8080); set the
                          application's Interactions Endpoint URL to it. Needs DISCORD_TOKEN,
                          DISCORD_APP_ID and DISCORD_PUBLIC_KEY; health, metrics and profiles on
                          HTTP_ADDR only (/livez and /readyz on ADDR too with
                          HEALTH_ON_INTERACTIONS_PORT=true)`

// httpMode reads `bot -http ADDR` (or -http=ADDR); ok is false for any other
// mode.
func httpMode(args []string) (addr string, ok bool, err error) {
	if len(args) < 2 || !(strings.HasPrefix(args[1], "-http") || strings.HasPrefix(args[1], "--http")) {
		return "", false, nil
	}
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&addr, "http", "", "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || addr == "" {
		return "", true, fmt.Errorf("-http wants one address, e.g. bot -http :8080\n%s\n%s", usage, httpUsage)
	}
	if _, port, err := net.SplitHostPort(addr); err != nil || port == "" {
		return "", true, fmt.Errorf("-http %q: want host:port or :port, e.g. :8080", addr)
	}
	return addr, true, nil
}

// checkOpsAddr refuses HTTP_ADDR on the port the interactions are served
// on (addr): health, metrics and profiles are the operator's, and that port
// is public.
func checkOpsAddr(cfg Config, addr string) error {
	if cfg.HTTPAddr == "" || !samePort(cfg.HTTPAddr, addr) {
		return nil
	}
	return fmt.Errorf("configuration:\n  HTTP_ADDR: %s is the interactions port too (-http %s), which is public, and metrics and profiles are never served there: "+
		"give HTTP_ADDR a port that is not public (e.g. :9090), and set HEALTH_ON_INTERACTIONS_PORT=true if your platform health-checks only the interactions port", cfg.HTTPAddr, addr)
}

// samePort reports whether listening on a and on b would take the same port:
// the same port number on the same host, or on every host (":8080",
// "0.0.0.0:8080", "[::]:8080") and any.
func samePort(a, b string) bool {
	ha, pa, errA := net.SplitHostPort(a)
	hb, pb, errB := net.SplitHostPort(b)
	if errA != nil || errB != nil || pa != pb {
		return false
	}
	every := func(h string) bool { return h == "" || h == "0.0.0.0" || h == "::" }
	return ha == hb || every(ha) || every(hb)
}

// runHTTP serves Discord's HTTP interactions on addr until ctx is done.
func runHTTP(ctx context.Context, cfg Config, addr string, extend func(*core), stderr io.Writer) error {
	if err := checkOpsAddr(cfg, addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("-http %s: %w", addr, err)
	}
	return serveInteractions(ctx, cfg, ln, extend, stderr)
}

// serveInteractions is runHTTP on a listener already open: it wires the core,
// registers the commands with one bulk overwrite, serves health, metrics and
// profiles on HTTP_ADDR (on the interactions listener, which is public,
// only /livez and /readyz, when HEALTH_ON_INTERACTIONS_PORT asks for them)
// and the interactions until ctx is done, then drains the interactions in
// flight.
func serveInteractions(ctx context.Context, cfg Config, ln net.Listener, extend func(*core), stderr io.Writer) error {
	defer ln.Close()
	if err := checkOpsAddr(cfg, ln.Addr().String()); err != nil {
		return err
	}
	key, err := httpapi.ParsePublicKey(cfg.DiscordPublicKey)
	if err != nil {
		return err
	}
	c, logger, err := start(ctx, cfg, "http", extend, stderr)
	if err != nil {
		return err
	}
	defer c.close()
	session, err := discord.NewSession(cfg.DiscordToken, cfg.DiscordAPIURL)
	if err != nil {
		return err
	}
	if err := discord.Register(ctx, session, cfg.DiscordAppID, cfg.DiscordGuildID, c.defs, logger); err != nil {
		return err
	}
	stopTimers, err := c.startTimers(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer stopTimers()

	metrics, health := c.monitor()
	srv := &httpapi.Server{
		Key:       key,
		Responder: &discord.Responder{REST: session, Router: c.router, Logger: logger, Events: metrics, DMRefused: view.DMRefusals{Battles: c.battles}.Note},
		Logger:    logger,
		Timing:    metrics,
	}
	health.Add("interactions", whenTrue(srv.Ready, "the interactions endpoint is not serving"))
	var handler http.Handler = srv
	if cfg.HealthOnInteractionsPort {
		// Health alone: every other request is an interaction (a GET of
		// /metrics or /debug/pprof/ is refused as any GET is).
		mux := http.NewServeMux()
		mux.Handle("GET /livez", monitor.HealthMux(health))
		mux.Handle("GET /readyz", monitor.HealthMux(health))
		mux.Handle("/", srv)
		handler = mux
	}
	if cfg.HTTPAddr != "" {
		stop, err := serveHTTP(ctx, cfg.HTTPAddr, opsMux(cfg, health, metrics), logger)
		if err != nil {
			return err
		}
		defer stop()
	} else {
		logger.Warn("metrics are not served: set HTTP_ADDR (a port that is not public)")
	}
	logger.Info("serving HTTP interactions; stop with Ctrl-C or SIGTERM", "addr", ln.Addr().String())
	err = srv.ServeWith(ctx, ln, handler)
	logger.Info("interactions endpoint closed")
	return err
}
