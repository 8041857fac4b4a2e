package main

import (
	"context"
	"crypto/rand"
	"errors"
	"io"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/monitor"
)

// runShards serves every one of SHARD_COUNT gateway shards in this process
// (SHARD_COUNT set, SHARD_ID not): one session per shard, started at the pace
// Discord allows; ready when every shard is connected.
func runShards(ctx context.Context, cfg Config, extend func(*core), stderr io.Writer) error {
	logger := newLogger(cfg, stderr, false)
	logger.Info("starting", "mode", "shards", "config", cfg)
	c, err := wire(ctx, cfg, rand.Reader, logger)
	if err != nil {
		return err
	}
	defer c.close()
	if extend != nil {
		extend(c)
	}
	shards := &discord.Shards{
		Token: cfg.DiscordToken, APIURL: cfg.DiscordAPIURL, Count: cfg.ShardCount,
		Router: c.router, Commands: c.defs, AppID: cfg.DiscordAppID, GuildID: cfg.DiscordGuildID, Logger: logger,
	}
	if cfg.HTTPAddr != "" {
		metrics := monitor.NewMetrics()
		c.router.Observer = metrics
		shards.Events = metrics
		if sc, ok := c.store.(monitor.StoreCounters); ok {
			metrics.WatchStore(sc)
		}
		health := monitor.NewHealth()
		health.Add("store", c.pinger)
		health.Add("gateway", func(context.Context) error {
			if !shards.Connected() {
				return errors.New("not every shard is connected to the Discord gateway")
			}
			return nil
		})
		stop, err := serveHTTP(ctx, cfg.HTTPAddr, monitor.Mux(health, metrics), logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	return shards.Run(ctx)
}
