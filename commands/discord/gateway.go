package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/referee-bot/referee/commands/interaction"
)

// ErrTokenRefused is returned (wrapped, with what Discord said) when Discord
// does not accept DISCORD_TOKEN.
var ErrTokenRefused = errors.New("DISCORD_TOKEN was refused by Discord")

// DefaultDrain bounds how long a shutdown waits for interactions in flight.
const DefaultDrain = 10 * time.Second

// A Gateway serves interactions arriving on the Discord gateway websocket.
type Gateway struct {
	// Session is the bot's session (NewSession), not yet opened; set its
	// ShardID and ShardCount before Run to serve one shard.
	Session *discordgo.Session
	Router  *interaction.Router
	// Commands are overwritten in bulk once at start: in GuildID when set
	// (visible at once), globally otherwise.
	Commands []*discordgo.ApplicationCommand
	// AppID is the application id; when empty it is the bot user's id.
	AppID   string
	GuildID string
	Logger  *slog.Logger
	// DeferAfter is the Responder's (DefaultDeferAfter when 0); Drain bounds the
	// wait for interactions in flight at shutdown (DefaultDrain when 0).
	DeferAfter time.Duration
	Drain      time.Duration
	// Events, when set, is told of failed DMs and gateway reconnections;
	// DMRefused is the Responder's.
	Events    Events
	DMRefused DMRefusedFunc
	// Registered is true when the commands are registered already (Shards does
	// it once for all its shards): Run does not overwrite them.
	Registered bool

	connected  atomic.Bool
	delivering atomic.Int64
}

// Connected reports whether the gateway websocket is up (for readiness).
func (g *Gateway) Connected() bool { return g.connected.Load() }

// Delivering is how many interactions are being answered: handled, or their
// followups, direct messages and posts to other channels still being sent.
func (g *Gateway) Delivering() int { return int(g.delivering.Load()) }

// Run registers the commands, connects, and serves interactions until ctx is
// done; then it stops taking interactions, waits for those in flight (up to
// Drain), closes the gateway and returns nil. It returns an error wrapping
// ErrTokenRefused when Discord refuses the token.
func (g *Gateway) Run(ctx context.Context) error {
	log := g.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := g.Session
	s.Identify.Intents = discordgo.IntentsNone

	if !g.Registered {
		if err := Register(ctx, s, g.AppID, g.GuildID, g.Commands, log); err != nil {
			return err
		}
	}

	responder := &Responder{REST: s, Router: g.Router, Logger: log, DeferAfter: g.DeferAfter, Events: g.Events, DMRefused: g.DMRefused}
	// Interactions in flight finish after a shutdown signal; the router's
	// timeout bounds each handler.
	work := context.WithoutCancel(ctx)
	var (
		mu      sync.Mutex
		closing bool
		flight  sync.WaitGroup
	)
	removeInteraction := s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		mu.Lock()
		if closing {
			mu.Unlock()
			log.Info("interaction ignored: shutting down", "interaction", ic.ID)
			return
		}
		flight.Add(1)
		g.delivering.Add(1)
		mu.Unlock()
		defer flight.Done()
		defer g.delivering.Add(-1)
		defer func() {
			if v := recover(); v != nil {
				log.Error("interaction delivery panicked", "interaction", ic.ID, "panic", v)
			}
		}()
		responder.Handle(work, FromDiscordgo(ic.Interaction), Callback(work, s, ic.Interaction))
	})
	defer removeInteraction()
	var sessions atomic.Int64
	connected := func() {
		g.connected.Store(true)
		if sessions.Add(1) > 1 && g.Events != nil {
			g.Events.GatewayReconnected()
		}
	}
	for _, remove := range []func(){
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			name := ""
			if r.User != nil {
				name = r.User.Username
			}
			log.Info("gateway ready", "user", name, "shard", s.ShardID, "shards", s.ShardCount)
			connected()
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
			log.Info("gateway session resumed")
			connected()
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
			g.connected.Store(false)
			mu.Lock()
			stopping := closing
			mu.Unlock()
			if !stopping {
				log.Warn("gateway disconnected; reconnecting")
			}
		}),
	} {
		defer remove()
	}

	if err := s.Open(); err != nil {
		return refused(fmt.Errorf("discord: connect to the gateway: %w", err))
	}
	log.Info("serving interactions; stop with Ctrl-C or SIGTERM")
	<-ctx.Done()

	log.Info("shutting down: finishing interactions in flight")
	mu.Lock()
	closing = true
	mu.Unlock()
	drained := make(chan struct{})
	go func() { flight.Wait(); close(drained) }()
	drain := g.Drain
	if drain <= 0 {
		drain = DefaultDrain
	}
	select {
	case <-drained:
	case <-time.After(drain):
		log.Warn("shutdown: gave up waiting for interactions in flight", "after", drain)
	}
	g.connected.Store(false)
	if err := s.Close(); err != nil {
		log.Warn("closing the gateway", "err", err)
	}
	log.Info("gateway closed")
	return nil
}

// Register overwrites the application's command definitions in one bulk call:
// in guildID when set (visible at once), globally otherwise. An empty appID is
// the bot user's id. A refused token is reported as ErrTokenRefused.
func Register(ctx context.Context, s *discordgo.Session, appID, guildID string, defs []*discordgo.ApplicationCommand, log *slog.Logger) error {
	if appID == "" {
		me, err := s.User("@me", discordgo.WithContext(ctx))
		if err != nil {
			return refused(fmt.Errorf("discord: look up the bot user: %w", err))
		}
		appID = me.ID
	}
	if err := overwriteCommands(s, appID, guildID, defs, discordgo.WithContext(ctx)); err != nil {
		return refused(fmt.Errorf("discord: register commands: %w", err))
	}
	scope := "global (may take up to an hour to appear)"
	if guildID != "" {
		scope = "guild " + guildID
	}
	if log != nil {
		log.Info("commands registered", "count", len(defs), "scope", scope)
	}
	return nil
}

// refused turns Discord's refusals of the token into ErrTokenRefused with an
// instruction; other errors pass through.
func refused(err error) error {
	const fix = "copy the bot token again from the Developer Portal (your application → Bot → Reset Token) into DISCORD_TOKEN"
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusUnauthorized {
		return fmt.Errorf("%w (401): %s", ErrTokenRefused, fix)
	}
	var closed *websocket.CloseError
	if errors.As(err, &closed) {
		switch closed.Code {
		case 4004:
			return fmt.Errorf("%w (gateway close 4004, authentication failed): %s", ErrTokenRefused, fix)
		case 4010, 4011:
			return fmt.Errorf("discord: the gateway refused SHARD_ID/SHARD_COUNT (close %d): %w", closed.Code, err)
		}
	}
	return err
}
