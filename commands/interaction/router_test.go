package interaction

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state"
)

type observed struct {
	path    string
	outcome Outcome
}

type recorder struct{ got []observed }

func (r *recorder) Observe(req Request, o Outcome, _ time.Duration) {
	r.got = append(r.got, observed{req.Path, o})
}

func answer(text string) Handler {
	return func(context.Context, Request) (Response, error) { return Say(text), nil }
}

func fail(err error) Handler {
	return func(context.Context, Request) (Response, error) { return Say("half done"), err }
}

func TestServeRendersErrorsAsSentences(t *testing.T) {
	tests := []struct {
		name    string
		handler Handler
		want    Response
		outcome Outcome
	}{
		{"answer", answer("Rolled 7."), Say("Rolled 7."), OutcomeOK},
		{"refusal", fail(Refuse("Only the umpire can end the game.")), Whisper("Only the umpire can end the game."), OutcomeRefused},
		{"wrapped refusal", fail(fmt.Errorf("ctx: %w", Refusef("No squad named %q.", "Rifles"))), Whisper(`No squad named "Rifles".`), OutcomeRefused},
		{"rule breach", fail(rules.Breachf("The squad is not loaded.")), Whisper("The squad is not loaded."), OutcomeRefused},
		{"no game", fail(fmt.Errorf("load: %w", state.ErrNotFound)), Whisper(MsgNoGame), OutcomeRefused},
		{"store down", fail(fmt.Errorf("update: %w", state.ErrUnavailable)), Whisper(MsgUnavailable), OutcomeUnavailable},
		{"conflict", fail(state.ErrConflict), Whisper(MsgConflict), OutcomeUnavailable},
		{"raw error hidden", fail(errors.New("dial tcp 10.0.0.1:6379: secret detail")), Whisper(MsgInternal), OutcomeError},
		{"panic contained", func(context.Context, Request) (Response, error) { panic("boom") }, Whisper(MsgInternal), OutcomePanic},
		{"deadline", func(ctx context.Context, _ Request) (Response, error) {
			<-ctx.Done()
			return Response{}, ctx.Err()
		}, Whisper(MsgTimeout), OutcomeTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obs := &recorder{}
			r := NewRouter(nil)
			r.Timeout = 50 * time.Millisecond
			r.Observer = obs
			r.Command("test", tt.handler)
			got := r.Serve(context.Background(), Request{Kind: KindCommand, Path: "test"})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Serve() mismatch (-want +got):\n%s", diff)
			}
			if want := []observed{{"test", tt.outcome}}; !slices.Equal(obs.got, want) {
				t.Errorf("observed %v, want %v", obs.got, want)
			}
		})
	}
}

func TestServeAfterPanicGoesOn(t *testing.T) {
	r := NewRouter(nil)
	r.Command("boom", func(context.Context, Request) (Response, error) { panic("boom") })
	r.Command("roll", answer("ok"))
	r.Serve(context.Background(), Request{Path: "boom"})
	if got := r.Serve(context.Background(), Request{Path: "roll"}); !cmp.Equal(got, Say("ok")) {
		t.Errorf("after a panic, Serve(roll) = %v, want ok", got)
	}
}

func TestComponentRoutesByPrefix(t *testing.T) {
	r := NewRouter(nil)
	var args []string
	var path string
	r.Component("v1/turn/next", func(_ context.Context, req Request) (Response, error) {
		args, path = req.Args, req.Path
		return Say("next"), nil
	})
	got := r.Serve(context.Background(), Request{Kind: KindComponent, CustomID: "v1/turn/next/abc/2"})
	if !cmp.Equal(got, Say("next")) || path != "v1/turn/next" || !cmp.Equal(args, []string{"abc", "2"}) {
		t.Errorf("Serve(button) = %v, path %q, args %v; want next, v1/turn/next, [abc 2]", got, path, args)
	}
	if got := r.Serve(context.Background(), Request{Kind: KindComponent, CustomID: "v1/turn"}); !cmp.Equal(got, Whisper(MsgUnknown)) {
		t.Errorf("Serve(unrouted button) = %v, want %q", got, MsgUnknown)
	}
}

func TestUnknownCommandAndAutocompleteFailure(t *testing.T) {
	obs := &recorder{}
	r := NewRouter(nil)
	r.Observer = obs
	r.Autocomplete("game house-rule", fail(errors.New("store down")))
	if got := r.Serve(context.Background(), Request{Path: "nope <@123>"}); !cmp.Equal(got, Whisper(MsgUnknown)) {
		t.Errorf("Serve(unknown) = %v, want %q", got, MsgUnknown)
	}
	got := r.Serve(context.Background(), Request{Kind: KindAutocomplete, Path: "game house-rule"})
	if got.Choices == nil || len(got.Choices) != 0 || len(got.Ephemeral) != 0 {
		t.Errorf("failed autocomplete = %+v, want no choices and no message", got)
	}
	if obs.got[0].outcome != OutcomeUnknown {
		t.Errorf("unknown command observed as %v", obs.got[0])
	}
}

func TestDuplicateRoutePanics(t *testing.T) {
	r := NewRouter(nil)
	r.Command("roll", answer("a"))
	defer func() {
		v := recover()
		if v == nil || !strings.Contains(fmt.Sprint(v), `"roll" already exists`) {
			t.Errorf("second Command(roll) recovered %v, want an 'already exists' panic", v)
		}
	}()
	r.Command("roll", answer("b"))
}

func TestSlow(t *testing.T) {
	r := NewRouter(nil)
	r.Command("turn new", answer("dealt"), Slow())
	r.Command("roll", answer("7"))
	if !r.Slow(Request{Path: "turn new"}) || r.Slow(Request{Path: "roll"}) || r.Slow(Request{Path: "missing"}) {
		t.Error("Slow() should be true only for routes registered Slow")
	}
}

func TestRequestAccessors(t *testing.T) {
	req := Request{Options: map[string]any{
		"label": "  volley ", "count": int64(3), "range": 7.5, "secret": true,
		"user": User{ID: "1", Name: "Harper"}, "file": File{Name: "oob.json"},
	}}
	if req.String("label") != "volley" || req.String("missing") != "" {
		t.Errorf("String() = %q", req.String("label"))
	}
	if n, ok := req.Int("count"); n != 3 || !ok {
		t.Errorf("Int(count) = %d, %v", n, ok)
	}
	if req.IntOr("missing", 10) != 10 {
		t.Error("IntOr(missing) should default")
	}
	if f, ok := req.Float("range"); f != 7.5 || !ok {
		t.Errorf("Float(range) = %v, %v", f, ok)
	}
	if !req.Bool("secret") || req.Bool("missing") || !req.Has("file") || req.Has("missing") {
		t.Error("Bool/Has wrong")
	}
	if u, ok := req.UserOption("user"); !ok || u.Name != "Harper" {
		t.Errorf("UserOption = %v, %v", u, ok)
	}
	if f, ok := req.FileOption("file"); !ok || f.Name != "oob.json" {
		t.Errorf("FileOption = %v, %v", f, ok)
	}
}

// logSpy is a slog.Handler keeping the records from level up, each as its
// message and attributes (With's included), and counting the With calls.
type logSpy struct {
	level slog.Level
	attrs []slog.Attr
	seen  *spied
}

type spied struct {
	withs   int
	records []map[string]string
}

func (h logSpy) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }

func (h logSpy) Handle(_ context.Context, r slog.Record) error {
	rec := map[string]string{"msg": r.Message}
	for _, a := range h.attrs {
		rec[a.Key] = a.Value.String()
	}
	r.Attrs(func(a slog.Attr) bool {
		rec[a.Key] = a.Value.String()
		return true
	})
	h.seen.records = append(h.seen.records, rec)
	return nil
}

func (h logSpy) WithAttrs(attrs []slog.Attr) slog.Handler {
	h.seen.withs++
	h.attrs = append(slices.Clone(h.attrs), attrs...)
	return h
}

func (h logSpy) WithGroup(string) slog.Handler { return h }

// TestServeLogsRequestFields: a record carries the request's fields as it
// came in; a request whose records are all dropped costs no With.
func TestServeLogsRequestFields(t *testing.T) {
	req := Request{Kind: KindCommand, ID: "i1", GuildID: "g1", ChannelID: "c1", User: User{ID: "u1"}, Path: "test"}
	fields := map[string]string{"interaction": "i1", "guild": "g1", "channel": "c1", "user": "u1", "cmd": "test"}
	with := func(kv ...string) map[string]string {
		m := maps.Clone(fields)
		for k := 0; k < len(kv); k += 2 {
			m[kv[k]] = kv[k+1]
		}
		return m
	}
	tests := []struct {
		name    string
		level   slog.Level
		handler Handler
		want    []map[string]string
	}{
		{"answered, info", slog.LevelInfo, answer("ok"), nil},
		{"refused, info", slog.LevelInfo, fail(Refuse("No.")), nil},
		{"failed, info", slog.LevelInfo, fail(errors.New("disk on fire")), []map[string]string{
			with("msg", "handler failed", "err", "disk on fire"),
		}},
		{"answered, debug", slog.LevelDebug, answer("ok"), []map[string]string{
			with("msg", "served", "outcome", "ok"),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spy := logSpy{level: tt.level, seen: &spied{}}
			r := NewRouter(slog.New(spy))
			r.Command("test", tt.handler)
			r.Serve(context.Background(), req)
			for _, rec := range spy.seen.records {
				delete(rec, "latency")
			}
			if diff := cmp.Diff(tt.want, spy.seen.records); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			if spy.seen.withs != len(tt.want) {
				t.Errorf("%d With calls for %d records", spy.seen.withs, len(tt.want))
			}
		})
	}
}
