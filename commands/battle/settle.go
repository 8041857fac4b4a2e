package battle

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/referee-bot/referee/commands/battle/working"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

// A storedReply is what the store remembers of a command under its
// interaction id: its response, and where it went in the game, so that a
// change settled after the store failed to confirm it can be reported
// ("recorded as roll #37"). A reply stored before it had these decodes as a
// bare response. A ruling's Result (a rules.Ruling, for the console's -json
// output, which never replays) is not kept: a replay answers Discord, which
// does not read it, and the ruling's working is kept for its Details button
// apart (its log entry's, or Working); it was most of the reply's bytes.
type storedReply struct {
	interaction.Response
	Roll  uint64 `json:"settled_roll,omitempty"`
	Entry int    `json:"settled_entry,omitempty"`
	// Working is the working of the rulings a quick ruling outside a battle
	// showed, packed as a log entry keeps it (working.Pack), for their
	// Details buttons (in a battle its log entry keeps them); a reply stored
	// before has them as Rulings, unpacked.
	Working []byte         `json:"working,omitempty"`
	Rulings []rules.Ruling `json:"rulings,omitempty"`
}

// rulings are the rulings a quick ruling outside a battle showed.
func (r storedReply) rulings() ([]rules.Ruling, error) {
	if len(r.Working) == 0 {
		return r.Rulings, nil
	}
	return working.Unpack(r.Working)
}

func encodeReply(resp interaction.Response, tx *Tx) ([]byte, error) {
	r := storedReply{Response: resp}
	// Under fog of war the note numbers nothing: the roll number and the
	// log's own numbers count the hidden units' acts too.
	fogged := tx.Game != nil && tx.Game.Fogged()
	if !fogged {
		r.Roll = tx.RollNumber()
	}
	if _, ruling := resp.Result.(rules.Ruling); ruling {
		r.Result = nil
	}
	if tx.Game == nil && len(tx.rulings) > 0 {
		w, err := working.Pack(tx.rulings)
		if err != nil {
			return nil, err
		}
		r.Working = w
	}
	if n := len(tx.logged); n > 0 && !fogged {
		r.Entry = tx.logged[n-1].N
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode reply: %w", err)
	}
	return b, nil
}

func decodeReply(b []byte) (storedReply, error) {
	var r storedReply
	if err := json.Unmarshal(b, &r); err != nil {
		return storedReply{}, fmt.Errorf("decode reply: %w", err)
	}
	return r, nil
}

// Settling bounds: a change the store did not confirm is settled in the
// background, a try after each wait of settleWait, at most settleTries tries
// and within settleWithin of the command (Discord's interaction token, which
// the answer needs, lasts 15 minutes).
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

// settling runs the service's settles and stops them at Close.
type settling struct {
	mu      sync.Mutex
	stop    chan struct{}
	stopped bool
	wg      sync.WaitGroup
	wait    func(n int) time.Duration
}

func newSettling() *settling {
	return &settling{stop: make(chan struct{}), wait: settleWait}
}

// run runs job on a goroutine of its own, unless the service is closing.
func (st *settling) run(job func(stop <-chan struct{})) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.stopped {
		return
	}
	st.wg.Go(func() { job(st.stop) })
}

// Close stops settling the changes the store did not confirm and waits for
// their goroutines to end; their answers are left as they were ("the referee
// will say"). Call it at shutdown, after the transports have stopped.
func (s *Service) Close() {
	st := s.settling
	st.mu.Lock()
	if !st.stopped {
		st.stopped = true
		close(st.stop)
	}
	st.mu.Unlock()
	st.wg.Wait()
}

// settleLater settles, in the background, the change of req the store did
// not confirm, and tells the invoker the truth through the transport's
// Later. A transport that cannot answer later gets nothing settled: its
// answer already said the change may have been recorded.
func (s *Service) settleLater(ctx context.Context, req interaction.Request) {
	s.settleWith(ctx, req, func(got *state.Settled) (interaction.Response, bool) {
		if got == nil {
			return unsettled(req), true
		}
		return settled(req, *got), true
	})
}

// settleFiring settles, in the background, a firing the store did not
// confirm (Fire): once the store says it was applied and ours says its
// stored answer is this call's firing, what it did (its reminders, passes,
// notices) is delivered through the timer's Later as the firing would have
// delivered it. A firing not applied, or another replica's (which
// delivered it), or one the store never answered for, delivers nothing:
// the battle is due again.
func (s *Service) settleFiring(ctx context.Context, req interaction.Request, ours func(*interaction.Response) bool) {
	s.settleWith(ctx, req, func(got *state.Settled) (interaction.Response, bool) {
		if got == nil || !got.Applied {
			return interaction.Response{}, false
		}
		r, err := decodeReply(got.Reply)
		if err != nil || !ours(&r.Response) {
			return interaction.Response{}, false
		}
		return r.Response, true
	})
}

// settleWith settles req in the background and delivers, through ctx's
// Later, what answer makes of the store's answer (nil: the store did not
// answer in time), unless answer says there is nothing to deliver. A
// change settled as applied has its turn message redrawn.
func (s *Service) settleWith(ctx context.Context, req interaction.Request, answer func(*state.Settled) (interaction.Response, bool)) {
	later, ok := interaction.LaterOf(ctx)
	if !ok || req.ID == "" {
		return
	}
	s.settling.run(func(stop <-chan struct{}) { s.settle(stop, req, later, answer) })
}

func (s *Service) settle(stop <-chan struct{}, req interaction.Request, later interaction.Later, answer func(*state.Settled) (interaction.Response, bool)) {
	ctx, cancel := context.WithTimeout(context.Background(), settleWithin)
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	var got *state.Settled
	for n := 1; n <= settleTries; n++ {
		if !pause(ctx, s.settling.wait(n)) {
			break
		}
		if g, err := s.store.Settle(ctx, req.ChannelID, req.ID); err == nil {
			got = &g
			break
		}
	}
	resp, ok := answer(got)
	if ok && got != nil && got.Applied {
		// What the change did to the turn message was lost with its
		// answer: it is shown as the battle now stands.
		resp.Turn, _ = s.RedrawTurn(ctx, req.ChannelID, req.ID) // left stale, the next change shows it
	}
	select {
	case <-stop:
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
	r, err := decodeReply(got.Reply)
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
	case len(resp.Public) > 0 && len(note)+1+len(resp.Public[0].Content) <= maxContent:
		resp.Public = slices.Clone(resp.Public)
		resp.Public[0].Content = strings.TrimSpace(note + "\n" + resp.Public[0].Content)
	case len(resp.Public) > 0:
		resp.Public = append([]interaction.Message{{Content: note}}, resp.Public...)
	default:
		resp.Ephemeral = append([]interaction.Message{{Content: note}}, resp.Ephemeral...)
	}
	return resp
}

// maxContent is Discord's limit on a message's content.
const maxContent = 2000

// unsettled is the answer when the store has not answered for as long as
// the referee could wait.
func unsettled(req interaction.Request) interaction.Response {
	return interaction.Whisper(fmt.Sprintf("The battle store has still not answered; whether %s was recorded is unknown. `/game log` will show it once the store is back.", what(req)))
}
