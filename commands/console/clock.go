package console

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A Clock is the console's clock: a base clock moved on by !advance.
type Clock struct {
	mu   sync.Mutex
	base func() time.Time
	by   time.Duration
}

// NewClock returns a clock that reads base, until moved on.
func NewClock(base func() time.Time) *Clock { return &Clock{base: base} }

// Now is the base clock's time, moved on.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.base().Add(c.by)
}

func (c *Clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.by += d
}

// A Ticker fires what is due now (timer.Timer is one).
type Ticker interface {
	Tick(ctx context.Context) (int, error)
}

// An Outbox is the console's timer.Sender: it keeps what the timers send,
// for the !advance line that made them fire.
type Outbox struct {
	mu   sync.Mutex
	sent []sent
}

type sent struct {
	channel, user string // one of them, or neither for turn
	m             interaction.Message
	turn          *interaction.TurnMessage
}

// Send keeps a message to a channel.
func (o *Outbox) Send(_ context.Context, channel string, m interaction.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, sent{channel: channel, m: m})
	return nil
}

// DM keeps a direct message.
func (o *Outbox) DM(_ context.Context, user string, m interaction.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, sent{user: user, m: m})
	return nil
}

// ShowTurn shows the battle's turn message as a firing left it, posting
// it (and recording its id) when it is new.
func (o *Outbox) ShowTurn(ctx context.Context, tm *interaction.TurnMessage) error {
	if err := postTurn(ctx, tm); err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, sent{turn: tm})
	return nil
}

func (o *Outbox) take() []sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	s := o.sent
	o.sent = nil
	return s
}

// advanceStep is how far the clock moves between two firings: the timers'
// own resolution in a deployment, so that each reminder goes at its time.
const advanceStep = time.Minute

// advance is !advance <span>: the clock moves on a minute at a time,
// firing what falls due at each, and the line shows what was sent: in the
// console's channel as public messages, direct messages by user, other
// channels by name.
func (c *Console) advance(ctx context.Context, w io.Writer, speaker, span string) bool {
	if c.Clock == nil || c.Timer == nil || c.Outbox == nil {
		c.print(w, speaker, interaction.Response{}, "This console's clock cannot be moved.")
		return false
	}
	d, err := pace.ParseSpan(span)
	if err != nil {
		c.print(w, speaker, interaction.Response{}, render.Sentence(err.Error()))
		return false
	}
	for left := time.Duration(d); left > 0; left -= advanceStep {
		c.Clock.advance(min(left, advanceStep))
		if _, err := c.Timer.Tick(ctx); err != nil {
			c.print(w, speaker, interaction.Response{}, render.Sentence(err.Error()))
			return false
		}
	}
	var resp interaction.Response
	for _, s := range c.Outbox.take() {
		switch {
		case s.turn != nil:
			resp.Turn = laterTurn(resp.Turn, s.turn)
		case s.user != "":
			resp.DMs = append(resp.DMs, interaction.DM{UserID: s.user, Message: s.m})
		case s.channel == c.Channel:
			resp.Public = append(resp.Public, s.m)
		default:
			resp.Posts = append(resp.Posts, interaction.Post{ChannelID: s.channel, Message: s.m})
		}
	}
	c.remember(resp)
	resp.Result = struct {
		Now time.Time `json:"now"`
	}{c.Clock.Now().UTC().Truncate(time.Second)}
	if !c.JSON {
		fmt.Fprintf(w, "(the clock moves on %s, to %s)\n", d, c.Clock.Now().UTC().Format("2006-01-02 15:04 UTC"))
	}
	c.print(w, speaker, resp, "")
	return true
}
