package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/httpapi"
)

const httpUsage = `  bot -http ADDR          serve Discord's HTTP interactions on ADDR (e.g. :8080); set the
                          application's Interactions Endpoint URL to it. Needs DISCORD_TOKEN and
                          DISCORD_PUBLIC_KEY; health and metrics on HTTP_ADDR (and on ADDR too with
                          OPS_ON_INTERACTIONS_PORT=true)`

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

// checkHTTPConfig reports what HTTP mode, serving interactions on addr,
// needs and the configuration lacks or gets wrong.
func checkHTTPConfig(cfg Config, addr string) error {
	var missing []error
	if cfg.DiscordPublicKey == "" {
		missing = append(missing, errors.New("DISCORD_PUBLIC_KEY: required with -http: the application's public key (Developer Portal → General Information)"))
	}
	if cfg.DiscordToken == "" {
		missing = append(missing, errors.New("DISCORD_TOKEN: required with -http: the bot token registers the commands and sends followups and direct messages"))
	}
	if cfg.HTTPAddr == addr {
		missing = append(missing, fmt.Errorf("HTTP_ADDR: %s is the interactions address too (-http): give health and metrics a port that is not public, "+
			"or unset HTTP_ADDR and set OPS_ON_INTERACTIONS_PORT=true to serve them on the interactions port", addr))
	}
	if len(missing) > 0 {
		return fmt.Errorf("configuration:\n  %w", joinLines(missing))
	}
	return nil
}

// runHTTP serves Discord's HTTP interactions on addr until ctx is done.
func runHTTP(ctx context.Context, cfg Config, addr string, extend func(*core), stderr io.Writer) error {
	if err := checkHTTPConfig(cfg, addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("-http %s: %w", addr, err)
	}
	return serveInteractions(ctx, cfg, ln, extend, stderr)
}

// serveInteractions is runHTTP on a listener already open: it wires the core,
// registers the commands with one bulk overwrite, serves health and metrics
// (on HTTP_ADDR, and on the interactions listener only when
// OPS_ON_INTERACTIONS_PORT asks for it: that port is public) and the
// interactions until ctx is done, then drains the interactions in flight.
func serveInteractions(ctx context.Context, cfg Config, ln net.Listener, extend func(*core), stderr io.Writer) error {
	defer ln.Close()
	if err := checkHTTPConfig(cfg, ln.Addr().String()); err != nil {
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
		Responder: &discord.Responder{REST: session, Router: c.router, Logger: logger, Events: metrics, DMRefused: c.battles.NoteDMRefused},
		Logger:    logger,
		Timing:    metrics,
	}
	health.Add("interactions", whenTrue(srv.Ready, "the interactions endpoint is not serving"))
	ops := opsMux(cfg, health, metrics)
	var handler http.Handler = srv
	if cfg.OpsOnInteractionsPort {
		// The operator's paths, and every other request is an interaction.
		mux := http.NewServeMux()
		mux.Handle("GET /livez", ops)
		mux.Handle("GET /readyz", ops)
		mux.Handle("GET /metrics", ops)
		mux.Handle("GET /debug/pprof/", ops)
		mux.Handle("/", srv)
		handler = mux
	}
	if cfg.HTTPAddr != "" {
		stop, err := serveHTTP(ctx, cfg.HTTPAddr, ops, logger)
		if err != nil {
			return err
		}
		defer stop()
	} else if !cfg.OpsOnInteractionsPort {
		logger.Warn("health and metrics are not served: set HTTP_ADDR (a port that is not public)")
	}
	logger.Info("serving HTTP interactions; stop with Ctrl-C or SIGTERM", "addr", ln.Addr().String())
	err = srv.ServeWith(ctx, ln, handler)
	logger.Info("interactions endpoint closed")
	return err
}
