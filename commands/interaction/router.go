package interaction

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"
)

// A Handler answers one request. It returns values; the router and the transport
// do all delivery.
type Handler func(ctx context.Context, req Request) (Response, error)

// An Observer is told how every request ended (metrics).
type Observer interface {
	Observe(req Request, outcome Outcome, elapsed time.Duration)
}

// RouteOption adjusts one route.
type RouteOption func(*route)

// Slow marks a route whose handler may take longer than Discord's 3 seconds
// (store round trips, many DMs); transports acknowledge it with a deferral first.
func Slow() RouteOption { return func(r *route) { r.slow = true } }

type route struct {
	handler Handler
	slow    bool
}

// A Router maps command paths, component ids and autocomplete requests to
// handlers. Every route is registered once, in the commands package's routes
// file; registering a path twice panics at start.
type Router struct {
	commands     map[string]route
	components   map[string]route
	autocomplete map[string]route
	// Timeout bounds every handler (default 10 s).
	Timeout  time.Duration
	Logger   *slog.Logger
	Observer Observer
}

// NewRouter returns an empty router.
func NewRouter(logger *slog.Logger) *Router {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Router{
		commands:     map[string]route{},
		components:   map[string]route{},
		autocomplete: map[string]route{},
		Timeout:      10 * time.Second,
		Logger:       logger,
	}
}

func add(m map[string]route, kind, key string, h Handler, opts []RouteOption) {
	if _, dup := m[key]; dup {
		panic(fmt.Sprintf("interaction: %s route %q already exists", kind, key))
	}
	r := route{handler: h}
	for _, o := range opts {
		o(&r)
	}
	m[key] = r
}

// Command registers a slash-command path ("game start").
func (r *Router) Command(path string, h Handler, opts ...RouteOption) {
	add(r.commands, "command", path, h, opts)
}

// Component registers a button route: custom ids "<prefix>/<arg>/<arg>…" reach h
// with Request.Args set to the segments after the prefix.
func (r *Router) Component(prefix string, h Handler, opts ...RouteOption) {
	add(r.components, "component", prefix, h, opts)
}

// Autocomplete registers the choices handler of a command path.
func (r *Router) Autocomplete(path string, h Handler) {
	add(r.autocomplete, "autocomplete", path, h, nil)
}

// Commands lists the registered command paths.
func (r *Router) Commands() []string {
	out := make([]string, 0, len(r.commands))
	for p := range r.commands {
		out = append(out, p)
	}
	return out
}

// Autocompletes lists the command paths with an autocomplete route.
func (r *Router) Autocompletes() []string {
	out := make([]string, 0, len(r.autocomplete))
	for p := range r.autocomplete {
		out = append(out, p)
	}
	return out
}

func (r *Router) find(req *Request) (route, bool) {
	switch req.Kind {
	case KindComponent:
		parts := strings.Split(req.CustomID, "/")
		for n := len(parts); n > 0; n-- {
			prefix := strings.Join(parts[:n], "/")
			if rt, ok := r.components[prefix]; ok {
				req.Path, req.Args = prefix, parts[n:]
				return rt, true
			}
		}
		return route{}, false
	case KindAutocomplete:
		rt, ok := r.autocomplete[req.Path]
		return rt, ok
	}
	rt, ok := r.commands[req.Path]
	return rt, ok
}

// Slow reports whether the request's handler should be deferred first.
func (r *Router) Slow(req Request) bool {
	rt, ok := r.find(&req)
	return ok && rt.slow
}

// Serve runs the request's handler under the router's deadline and a recover, and
// always returns something to deliver: a handler's error becomes one short
// ephemeral sentence (never raw error text, unless the error is a Refusal or a
// rules.Breach, which are written for the user).
// What it returns is within Discord's limits (Fit).
func (r *Router) Serve(ctx context.Context, req Request) Response {
	start := time.Now()
	log := requestLog{logger: r.Logger, req: req}
	rt, ok := r.find(&req)
	if !ok {
		r.observe(req, OutcomeUnknown, start)
		log.log(ctx, slog.LevelWarn, "no route", "custom_id", req.CustomID)
		return Whisper(MsgUnknown)
	}
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	resp, err := run(ctx, rt.handler, req)
	outcome := OutcomeOK
	if err != nil {
		var msg string
		msg, outcome = explain(err)
		if p, isPanic := err.(panicError); isPanic {
			outcome = OutcomePanic
			log.log(ctx, slog.LevelError, "handler panicked", "panic", p.value, "stack", p.stack)
		} else {
			logFailure(ctx, log, outcome, msg, err)
		}
		var refusal *Refusal
		switch {
		case req.Kind == KindAutocomplete:
			resp = Response{Choices: []Choice{}}
		case req.Kind == KindComponent && errors.As(err, &refusal) && refusal.Superseded:
			resp = Whisper(msg)
			resp.DisableSource = true
		default:
			resp = Whisper(msg)
		}
	}
	r.observe(req, outcome, start)
	log.log(ctx, slog.LevelDebug, "served", "outcome", outcome, "latency", time.Since(start))
	return Fit(resp)
}

func logFailure(ctx context.Context, log requestLog, outcome Outcome, msg string, err error) {
	switch outcome {
	case OutcomeRefused:
		log.log(ctx, slog.LevelDebug, "refused", "reason", msg)
	case OutcomeError:
		log.log(ctx, slog.LevelError, "handler failed", "err", err)
	default:
		log.log(ctx, slog.LevelWarn, "handler failed", "outcome", outcome, "err", err)
	}
}

// A requestLog logs for one request, with its fields as it came in
// (interaction, guild, channel, user, cmd). They are added (With, which costs
// as much as a record) only to a record the logger keeps: most requests log
// nothing.
type requestLog struct {
	logger *slog.Logger
	req    Request
}

func (l requestLog) log(ctx context.Context, level slog.Level, msg string, args ...any) {
	if !l.logger.Enabled(ctx, level) {
		return
	}
	l.logger.With("interaction", l.req.ID, "guild", l.req.GuildID, "channel", l.req.ChannelID,
		"user", l.req.User.ID, "cmd", l.req.Path).Log(ctx, level, msg, args...)
}

func (r *Router) observe(req Request, o Outcome, start time.Time) {
	if r.Observer != nil {
		r.Observer.Observe(req, o, time.Since(start))
	}
}

type panicError struct {
	value any
	stack string
}

func (p panicError) Error() string { return fmt.Sprintf("panic: %v", p.value) }

func run(ctx context.Context, h Handler, req Request) (resp Response, err error) {
	defer func() {
		if v := recover(); v != nil {
			resp, err = Response{}, panicError{value: v, stack: string(debug.Stack())}
		}
	}()
	return h(ctx, req)
}
