package main

import (
	"context"
	"log/slog"
	"sync"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/timer"
)

// startTimers runs the deadline timers of the core (every replica runs
// them: each firing is a compare-and-set, done once across replicas),
// sending what they say over a REST session of their own. stop ends them
// and waits.
func (c *core) startTimers(ctx context.Context, cfg Config, logger *slog.Logger) (stop func(), err error) {
	rest, err := discord.NewSession(cfg.DiscordToken, cfg.DiscordAPIURL)
	if err != nil {
		return nil, err
	}
	t := &timer.Timer{Battles: c.battles, Sender: &discord.Sender{REST: rest}, Logger: logger}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { t.Run(ctx) })
	return func() { cancel(); wg.Wait() }, nil
}
