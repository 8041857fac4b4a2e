package main

import (
	"context"
	"io"

	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/discord"
)

// runShards serves every one of SHARD_COUNT gateway shards in this process
// (SHARD_COUNT set, SHARD_ID not): one session per shard, started at the pace
// Discord allows; ready when every shard is connected.
func runShards(ctx context.Context, cfg Config, extend func(*core), stderr io.Writer) error {
	c, logger, err := start(ctx, cfg, "shards", extend, stderr)
	if err != nil {
		return err
	}
	defer c.close()
	stopTimers, err := c.startTimers(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer stopTimers()
	shards := &discord.Shards{
		Token: cfg.DiscordToken, APIURL: cfg.DiscordAPIURL, Count: cfg.ShardCount,
		Router: c.router, Commands: c.defs, AppID: cfg.DiscordAppID, GuildID: cfg.DiscordGuildID, Logger: logger,
		DMRefused: view.DMRefusals{Battles: c.battles}.Note,
	}
	if cfg.HTTPAddr != "" {
		metrics, health := c.monitor()
		shards.Events = metrics
		health.Add("gateway", whenTrue(shards.Connected, "not every shard is connected to the Discord gateway"))
		stop, err := serveHTTP(ctx, cfg.HTTPAddr, opsMux(cfg, health, metrics), logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	return shards.Run(ctx)
}
