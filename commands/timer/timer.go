package timer

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/deadline"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A Sender delivers messages sent by a timer, not in answer to an
// interaction: the Discord transport over REST, the console by printing.
type Sender interface {
	// Send posts m in a channel; DM sends it to a user directly.
	Send(ctx context.Context, channel string, m interaction.Message) error
	DM(ctx context.Context, user string, m interaction.Message) error
	// ShowTurn does what the firing asks of the battle's turn message
	// (edit it in place, post it, disable superseded buttons).
	ShowTurn(ctx context.Context, tm *interaction.TurnMessage) error
}

// Defaults of Timer.
const (
	DefaultEvery = 15 * time.Second
	DefaultBatch = 100
	// maxRounds bounds the batches of one Tick (a battle whose pass leaves
	// another move due at once is fired again in the next batch).
	maxRounds = 20
)

// A Timer fires the battles due.
type Timer struct {
	Battles *battle.Service
	Sender  Sender
	Logger  *slog.Logger
	// Every is how often Run scans (DefaultEvery when 0); Batch how many
	// battles one scan takes at a time (DefaultBatch when 0).
	Every time.Duration
	Batch int
}

// Run ticks every Every until ctx is done.
func (t *Timer) Run(ctx context.Context) {
	every := t.Every
	if every <= 0 {
		every = DefaultEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if _, err := t.Tick(ctx); err != nil && ctx.Err() == nil {
			t.logger().Warn("timers: scan failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Tick fires every battle due now, a batch at a time, and returns how many
// firings it made (other replicas' firings of the same moment not counted).
// A battle that fails to fire is logged, and fired again a minute later.
func (t *Timer) Tick(ctx context.Context) (int, error) {
	batch := t.Batch
	if batch <= 0 {
		batch = DefaultBatch
	}
	fired := 0
	for range maxRounds {
		due, err := deadline.Due(ctx, t.Battles, batch)
		if err != nil {
			return fired, err
		}
		for _, channel := range due {
			// A firing the store did not confirm is delivered once settled.
			later := interaction.WithLater(ctx, func(ctx context.Context, resp interaction.Response) error {
				t.deliver(ctx, channel, resp)
				return nil
			})
			resp, mine, err := deadline.Fire(later, t.Battles, channel)
			if err != nil {
				if ctx.Err() != nil {
					return fired, ctx.Err()
				}
				t.logger().Warn("timers: firing failed", "channel", channel, "err", err)
				continue
			}
			if mine {
				fired++
				t.deliver(ctx, channel, resp)
			}
		}
		if len(due) < batch {
			break
		}
	}
	return fired, nil
}

// deliver sends a firing's messages, fitted to Discord's limits: the turn
// message first, its public ones to the battle's channel, its direct
// messages to their users (one not delivered: its Instead posted, or else
// its Desk told), its posts to theirs.
func (t *Timer) deliver(ctx context.Context, channel string, resp interaction.Response) {
	resp = interaction.Fit(resp)
	var errs []error
	if resp.Turn != nil {
		errs = append(errs, t.Sender.ShowTurn(ctx, resp.Turn))
	}
	for _, m := range resp.Public {
		errs = append(errs, t.Sender.Send(ctx, channel, m))
	}
	for _, dm := range resp.DMs {
		err := t.Sender.DM(ctx, dm.UserID, dm.Message)
		switch {
		case err == nil:
		case len(dm.Instead) > 0:
			for _, p := range dm.Instead {
				err = errors.Join(err, t.Sender.Send(ctx, p.ChannelID, p.Message))
			}
		case dm.Desk != "":
			p := render.Undelivered(dm)
			err = errors.Join(err, t.Sender.Send(ctx, p.ChannelID, p.Message))
		}
		errs = append(errs, err)
	}
	for _, p := range resp.Posts {
		errs = append(errs, t.Sender.Send(ctx, p.ChannelID, p.Message))
	}
	if err := errors.Join(errs...); err != nil {
		t.logger().Warn("timers: delivery failed", "channel", channel, "err", err)
	}
}

func (t *Timer) logger() *slog.Logger {
	if t.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return t.Logger
}
