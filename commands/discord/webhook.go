package discord

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord answers a followup, an edit or a delete of an interaction's
// messages with 404, code 10015 (Unknown Webhook), until it has taken the
// interaction's response; over HTTP it takes the answer some time after
// the bot wrote it. Such a call is retried with backoff.
const (
	// DefaultRetryFirst is the first wait before a call is tried again;
	// each wait doubles, up to DefaultRetryMax.
	DefaultRetryFirst = 100 * time.Millisecond
	DefaultRetryMax   = 2 * time.Second
	// DefaultRetryBudget bounds the waits of one call: past it the call is
	// given up, logged and counted (Events.FollowupLost).
	DefaultRetryBudget = 15 * time.Second
)

// A Backoff paces the retries of a webhook call Discord answered 10015. Its
// zero value is the default: 100 ms, doubled up to 2 s, 15 s in all.
type Backoff struct {
	First, Max, Budget time.Duration
	// Sleep waits d, or returns ctx's error first; nil: a timer. A test
	// injects one that does not wait, so that the retries it counts do not
	// depend on the machine's speed.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Waits lists the waits before each retry, in order: they add up to Budget.
func (b Backoff) Waits() []time.Duration {
	first, most, budget := b.First, b.Max, b.Budget
	if first <= 0 {
		first = DefaultRetryFirst
	}
	if most <= 0 {
		most = DefaultRetryMax
	}
	if budget <= 0 {
		budget = DefaultRetryBudget
	}
	var out []time.Duration
	for wait, left := first, budget; left > 0; wait = min(2*wait, most) {
		w := min(wait, left)
		out = append(out, w)
		left -= w
	}
	return out
}

func (b Backoff) sleep(ctx context.Context, d time.Duration) error {
	if b.Sleep != nil {
		return b.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// UnknownWebhook reports whether err is Discord's 404, code 10015: the
// interaction's response is not taken yet (or its token has expired).
func UnknownWebhook(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownWebhook
}

// webhook makes a call about an interaction's messages (what: "followup",
// "edit original"…) that uploads files, trying it again after each wait of
// the Backoff while Discord answers 10015, the files read anew each time.
// A call that fails is logged; one given up after the whole budget is logged
// as lost and counted.
func (r *Responder) webhook(ctx context.Context, log *slog.Logger, what string, files []*discordgo.File, send func() error) error {
	call := func() error {
		for _, f := range files {
			if s, ok := f.Reader.(io.Seeker); ok {
				if _, err := s.Seek(0, io.SeekStart); err != nil {
					return err
				}
			}
		}
		return send()
	}
	err := call()
	if UnknownWebhook(err) {
		waited := time.Duration(0)
		for _, wait := range r.Backoff.Waits() {
			if r.Backoff.sleep(ctx, wait) != nil {
				break
			}
			waited += wait
			if err = call(); !UnknownWebhook(err) {
				break
			}
		}
		if UnknownWebhook(err) {
			log.Error(what+" lost: Discord did not take the interaction's response in time", "waited", waited, "err", err)
			if r.Events != nil {
				r.Events.FollowupLost()
			}
			return err
		}
	}
	if err != nil {
		log.Error(what+" failed", "err", err)
	}
	return err
}

// EditOriginal edits the interaction's own message (its deferral, say) into
// edit, retrying while Discord has not taken the interaction's response.
func (r *Responder) EditOriginal(ctx context.Context, i *Interaction, edit *MessageBody) error {
	log := r.logger().With("interaction", i.ID, "guild", i.GuildID, "channel", i.ChannelID)
	return r.webhook(ctx, log, "edit original", edit.Files, func() error {
		return editOriginal(r.REST, i.AppID, i.Token, edit, edit.Files, discordgo.WithContext(ctx))
	})
}
