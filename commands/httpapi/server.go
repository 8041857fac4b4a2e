package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discord"
)

// A Server is the interactions endpoint: it answers Discord's signed POSTs with
// the same Responder (router, deferral, delivery) as the gateway.
type Server struct {
	// Key is the application's public key (DISCORD_PUBLIC_KEY, ParsePublicKey).
	Key       *PublicKey
	Responder *discord.Responder
	Logger    *slog.Logger
	// Now is the clock the timestamp freshness is judged by (time.Now when nil).
	Now func() time.Time
	// Drain bounds the wait for interactions in flight at shutdown.
	Drain time.Duration
	// Timing, when set, is told how long each interaction took from its
	// request being read to its initial response being written.
	Timing Timing

	// base outlives the requests: deliveries after the HTTP answer (followups,
	// DMs) run under it and are waited for at shutdown.
	base     context.Context
	inflight sync.WaitGroup
	ready    bool
	mu       sync.Mutex
	workers  workers
}

// Timing receives response times (monitor.Metrics is one).
type Timing interface {
	Responded(elapsed time.Duration)
}

// Ready reports whether the endpoint is listening (for readiness).
func (s *Server) Ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ready
}

// Run listens on addr and serves until ctx is done; then it stops taking
// interactions, finishes those in flight (up to Drain) and returns nil.
func (s *Server) Run(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve is Run on a listener the caller opened.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error { return s.ServeWith(ctx, ln, s) }

// ServeWith is Serve with h answering the requests: a mux that routes other
// paths (health, metrics) and hands interactions to s.
func (s *Server) ServeWith(ctx context.Context, ln net.Listener, h http.Handler) error {
	s.base = context.WithoutCancel(ctx)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second}
	s.mu.Lock()
	s.ready = true
	s.mu.Unlock()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.mu.Lock()
	s.ready = false
	s.mu.Unlock()
	drain := s.Drain
	if drain <= 0 {
		drain = discord.DefaultDrain
	}
	shutdown, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		s.logger().Warn("interactions endpoint did not drain in time", "err", err)
	}
	// The interactions answered go on after their HTTP answer: wait for
	// them too, within the same bound.
	finished := make(chan struct{})
	go func() { s.inflight.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-shutdown.Done():
		s.logger().Warn("interactions in flight not finished in time")
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (s *Server) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}

func (s *Server) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// ServeHTTP verifies one interaction before parsing it, answers a PING with a
// PONG, and otherwise hands it to the Responder, writing its initial response
// as the HTTP answer.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	arrived := time.Now()
	body, status, err := verified(r, s.Key, s.now())
	if err != nil {
		s.logger().Info("interaction refused", "status", status, "reason", err)
		http.Error(w, http.StatusText(status), status)
		return
	}
	i, err := discord.DecodeInteraction(body)
	if err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discord.Answer{Type: discordgo.InteractionResponsePong})
		return
	}
	if !answerable(i) {
		s.logger().Info("interaction refused", "status", http.StatusBadRequest, "reason", "not an interaction the bot answers", "type", int(i.Type))
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}

	base := s.base
	if base == nil {
		base = context.WithoutCancel(r.Context())
	}
	// The interaction runs on a worker's goroutine (workers), to the end,
	// followups and direct messages included. When the Responder acknowledges it
	// (from that goroutine, or the deferral timer's), the answer is handed
	// here, written whole (its length declared) and flushed, and this
	// handler returns: the response is complete. Only then does the ack
	// return (written is sent as the handler returns, one wakeup of the
	// worker), so that no followup or edit is sent before the answer it
	// follows has been taken; one that Discord still answers 10015 is
	// retried (discord.Backoff).
	// The HTTP answer cannot carry files (Discord fails an interaction
	// answered multipart): an answer with files is sent as Discord documents,
	// a deferral in the HTTP answer (deferralOf), then the deferred original
	// edited in over REST, a multipart PATCH of payload_json and files[n]
	// (discord.MessageBody.Edit).
	answers := make(chan *discord.Answer)
	written := make(chan error, 1)
	handled := make(chan struct{})
	var acked atomic.Bool
	s.inflight.Add(1)
	s.workers.run(func() {
		defer s.inflight.Done()
		defer close(handled)
		s.Responder.Handle(base, i, func(resp *discord.Answer) error {
			if acked.Swap(true) {
				return errAnswered
			}
			answers <- resp
			if err := <-written; err != nil {
				return err
			}
			if len(resp.Files()) > 0 {
				s.Responder.EditOriginal(base, i, resp.Message.Edit())
			}
			return nil
		})
	})
	select {
	case resp := <-answers:
		var err error
		defer func() { written <- err }()
		deferred := resp
		if len(resp.Files()) > 0 {
			deferred = deferralOf(resp)
		}
		err = writeJSON(w, deferred)
		if f, ok := w.(http.Flusher); ok && err == nil {
			f.Flush()
		}
		if s.Timing != nil {
			s.Timing.Responded(time.Since(arrived))
		}
	case <-handled:
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

// errAnswered is a second acknowledgement of one interaction, refused.
var errAnswered = errors.New("the interaction is answered already")

// answerable reports whether i is an interaction the Responder answers: a
// command, an autocomplete or a button press, with the id and token its
// answer is addressed by. A signed body that is none of these (a signed
// "{}") is a bad request, not the bot's fault.
func answerable(i *discord.Interaction) bool {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete, discordgo.InteractionMessageComponent:
		return i.ID != "" && i.Token != ""
	}
	return false
}

// deferralOf is the deferral that stands in for resp in the HTTP answer:
// "thinking…", ephemeral when resp is, for a message; the quiet deferral of
// an update for the edit of the message a button is on.
func deferralOf(resp *discord.Answer) *discord.Answer {
	if resp.Type == discordgo.InteractionResponseUpdateMessage {
		return &discord.Answer{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return &discord.Answer{
		Type:      discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Ephemeral: resp.Message.Flags&discordgo.MessageFlagsEphemeral != 0,
	}
}

// writeJSON writes the answer as the whole JSON body, its length declared.
// The answer's own encoding is the body: json.Marshal would only check and
// compact it again (its MarshalJSON is json.Marshal's output already).
func writeJSON(w http.ResponseWriter, a *discord.Answer) error {
	b, err := a.MarshalJSON()
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	_, err = w.Write(b)
	return err
}
