package settle

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
)

// Settling bounds: a change the store did not confirm is settled in the
// background, a try after each wait of settleWait, at most settleTries
// tries and within settleWithin of the command (Discord's interaction
// token, which the answer needs, lasts 15 minutes).
const (
	settleTries  = 12
	settleWithin = 14 * time.Minute
	deliverIn    = 10 * time.Second
)

// settleWait is the wait before try n (from 1): 0.5 s, doubling, at most a
// minute.
func settleWait(n int) time.Duration {
	return min(500*time.Millisecond<<min(n-1, 7), time.Minute)
}

// A Settling settles a service's changes the store did not confirm, each
// on a goroutine of its own, until Close.
type Settling struct {
	svc     *battle.Service
	mu      sync.Mutex
	stop    chan struct{}
	stopped bool
	wg      sync.WaitGroup
	wait    func(n int) time.Duration
}

// New returns the settling of svc's changes; install its Later with
// svc.SettleBy.
func New(svc *battle.Service) *Settling {
	return &Settling{svc: svc, stop: make(chan struct{}), wait: settleWait}
}

// Close stops settling and waits for the settles under way to end; their
// answers are left as they were ("the referee will say"). Call it at
// shutdown, after the transports have stopped.
func (st *Settling) Close() {
	st.mu.Lock()
	if !st.stopped {
		st.stopped = true
		close(st.stop)
	}
	st.mu.Unlock()
	st.wg.Wait()
}

// firingKey is the context key of a firing's ours (Firing).
type firingKey struct{}

// Firing marks ctx as a firing's (commands/battle/deadline.Fire), made by
// the clock, not a person: one the store did not confirm is settled in the
// background and, once the store says it was applied and ours says its
// stored answer is this call's firing, what it did (its reminders, passes,
// notices) is delivered through ctx's Later as the firing would have
// delivered it; ours may decode the answer's Result further. A firing not
// applied, or another replica's (which delivered it), or one the store
// never answered for, delivers nothing: the battle is due again.
func Firing(ctx context.Context, ours func(*interaction.Response) bool) context.Context {
	return context.WithValue(ctx, firingKey{}, ours)
}

// Later is the service's Unconfirmed (battle.Service.SettleBy): it
// settles, in the background, the change of req the store did not
// confirm, and tells the invoker the truth through the transport's Later
// (the firing's, for a firing: Firing). A transport that cannot answer
// later gets nothing settled: its answer already said the change may have
// been recorded.
func (st *Settling) Later(ctx context.Context, req interaction.Request) {
	later, ok := interaction.LaterOf(ctx)
	if !ok || req.ID == "" {
		return
	}
	answer := func(got *state.Settled) (interaction.Response, bool) {
		if got == nil {
			return unsettled(req), true
		}
		return settled(req, *got), true
	}
	if ours, ok := ctx.Value(firingKey{}).(func(*interaction.Response) bool); ok {
		answer = func(got *state.Settled) (interaction.Response, bool) {
			if got == nil || !got.Applied {
				return interaction.Response{}, false
			}
			r, err := battle.DecodeReply(got.Reply)
			if err != nil || !ours(&r.Response) {
				return interaction.Response{}, false
			}
			return r.Response, true
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.stopped {
		return
	}
	st.wg.Go(func() { st.settle(req, later, answer) })
}

// settle asks the store whether req's change was applied and delivers,
// through later, what answer makes of its answer (nil: the store did not
// answer in time), unless answer says there is nothing to deliver. A
// change settled as applied has its turn message redrawn.
func (st *Settling) settle(req interaction.Request, later interaction.Later, answer func(*state.Settled) (interaction.Response, bool)) {
	ctx, cancel := context.WithTimeout(context.Background(), settleWithin)
	defer cancel()
	go func() {
		select {
		case <-st.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	var got *state.Settled
	for n := 1; n <= settleTries; n++ {
		if !pause(ctx, st.wait(n)) {
			break
		}
		if g, err := st.svc.Store().Settle(ctx, req.ChannelID, req.ID); err == nil {
			got = &g
			break
		}
	}
	resp, ok := answer(got)
	if ok && got != nil && got.Applied {
		// What the change did to the turn message was lost with its
		// answer: it is shown as the battle now stands.
		resp.Turn, _ = turnmsg.Redraw(ctx, st.svc, req.ChannelID, req.ID) // left stale, the next change shows it
	}
	select {
	case <-st.stop:
		return // shutting down: the transport may be gone
	default:
	}
	if !ok {
		return
	}
	deliver, done := context.WithTimeout(context.Background(), deliverIn)
	defer done()
	later(deliver, resp) // the transport logs a failed delivery
}

func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// what names the command in a settling message.
func what(req interaction.Request) string {
	if req.Kind == interaction.KindComponent {
		return "that button press"
	}
	return "`/" + req.Path + "`"
}

// settled is the answer that follows up a change once the store has said
// whether it was applied: the note and, when it was, the command's own
// answer as it would have been given (its public messages, the note heading
// the first, its secrets and direct messages).
func settled(req interaction.Request, got state.Settled) interaction.Response {
	if !got.Applied {
		return interaction.Whisper(fmt.Sprintf("The battle store has answered: %s was not recorded; nothing changed. Try it again.", what(req)))
	}
	r, err := battle.DecodeReply(got.Reply)
	if got.Reply == nil || err != nil {
		return interaction.Whisper(fmt.Sprintf("The battle store has answered: %s was recorded (`/game log` shows it).", what(req)))
	}
	as := ""
	switch {
	case r.Roll > 0:
		as = fmt.Sprintf(" as roll #%d", r.Roll)
	case r.Entry > 0:
		as = fmt.Sprintf(" as log entry #%d", r.Entry)
	}
	note := fmt.Sprintf("The battle store has answered: %s was recorded%s.", what(req), as)
	resp := r.Response
	resp.UpdateSource, resp.Choices, resp.Result = false, nil, nil
	switch {
	case len(resp.Public) > 0 && len(note)+1+len(resp.Public[0].Content) <= interaction.MaxContent:
		resp.Public = slices.Clone(resp.Public)
		resp.Public[0].Content = strings.TrimSpace(note + "\n" + resp.Public[0].Content)
	case len(resp.Public) > 0:
		resp.Public = append([]interaction.Message{{Content: note}}, resp.Public...)
	default:
		resp.Ephemeral = append([]interaction.Message{{Content: note}}, resp.Ephemeral...)
	}
	return resp
}

// unsettled is the answer when the store has not answered for as long as
// the referee could wait.
func unsettled(req interaction.Request) interaction.Response {
	return interaction.Whisper(fmt.Sprintf("The battle store has still not answered; whether %s was recorded is unknown. `/game log` will show it once the store is back.", what(req)))
}
