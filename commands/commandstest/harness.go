package commandstest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/settle"
	"github.com/referee-bot/referee/commands/gamecmd"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state/boltstore"
)

// start is when the clock starts: its first reading is a minute later.
var start = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// An Option changes how New and Discord build the core.
type Option func(*config)

type config struct {
	seed       [32]byte
	entropy    io.Reader
	store      battle.Store
	rulesets   []battle.Ruleset
	routes     func(*battle.Service) *interaction.Router
	channel    string
	deferAfter time.Duration
	watch      func(*Harness, interaction.Request, interaction.Response)
	now        func() time.Time
	threads    gamecmd.Threads
	pictures   *mapcmd.Pictures
}

// Seed sets the key of the ChaCha8 entropy the battles' seeds are drawn from
// (the leading bytes; the rest are zero). Without it the key is all zero.
func Seed(key ...byte) Option {
	return func(c *config) {
		c.seed = [32]byte{}
		copy(c.seed[:], key)
	}
}

// Entropy has the battles' seeds and the sealed orders' salts drawn from r
// instead of the ChaCha8 entropy Seed keys.
func Entropy(r io.Reader) Option { return func(c *config) { c.entropy = r } }

// Store puts the battles in store instead of a fresh bbolt file in t.TempDir().
func Store(store battle.Store) Option { return func(c *config) { c.store = store } }

// Rulesets serves these rule sets instead of commands.Rulesets().
func Rulesets(rs ...battle.Ruleset) Option { return func(c *config) { c.rulesets = rs } }

// Routes builds the router over the service instead of commands.New (for a
// package that tests its own handlers); the harness then has no Commands.
func Routes(routes func(*battle.Service) *interaction.Router) Option {
	return func(c *config) { c.routes = routes }
}

// Channel sets the channel Do, Press and Game use (default "c1"; for Discord a
// channel snowflake).
func Channel(id string) Option { return func(c *config) { c.channel = id } }

// Watch has the harness call fn with every request it serves and the
// response, once served: to check something of every answer (that nothing
// public shows a secret) without wrapping every call.
func Watch(fn func(h *Harness, req interaction.Request, r interaction.Response)) Option {
	return func(c *config) { c.watch = fn }
}

// Clock is the battles' clock instead of the harness's, which moves on a
// minute at every reading.
func Clock(now func() time.Time) Option { return func(c *config) { c.now = now } }

// Threads opens battles' threads with t (Discord sets it: discord.Threads
// over its session); without it /game start thread:true and a desk thread
// are refused.
func Threads(t gamecmd.Threads) Option { return func(c *config) { c.threads = t } }

// Pictures keeps the pictures of the table the router draws in p, which
// other harnesses may share, instead of in the router's own.
func Pictures(p *mapcmd.Pictures) Option { return func(c *config) { c.pictures = p } }

// DeferAfter sets the Discord transport's deferral delay (its default when 0).
func DeferAfter(d time.Duration) Option { return func(c *config) { c.deferAfter = d } }

// A Harness serves requests to the router as a transport would, one channel
// of guild g1 at a time, each with a fresh interaction id.
type Harness struct {
	T       testing.TB
	Store   battle.Store
	Service *battle.Service
	Router  *interaction.Router
	// Commands are the slash-command definitions commands.New returned.
	Commands []*discordgo.ApplicationCommand
	// Channel is where Do, Press and Game act.
	Channel string

	ids   atomic.Int64
	ticks atomic.Int64
	last  atomic.Value // the interaction.Outcome of the last request served
	watch func(*Harness, interaction.Request, interaction.Response)
}

// New returns a harness over a fresh store; see the options.
func New(t testing.TB, opts ...Option) *Harness {
	t.Helper()
	c := config{channel: "c1"}
	for _, o := range opts {
		o(&c)
	}
	h := &Harness{T: t, Channel: c.channel, watch: c.watch}
	h.Store = c.store
	if h.Store == nil {
		store, err := boltstore.Open(t.TempDir(), boltstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		h.Store = store
	}
	rulesets := c.rulesets
	if rulesets == nil {
		rulesets = commands.Rulesets()
	}
	now := c.now
	if now == nil {
		now = h.tick
	}
	entropy := c.entropy
	if entropy == nil {
		entropy = rand.NewChaCha8(c.seed)
	}
	h.Service = battle.NewService(h.Store, now, entropy, rulesets...)
	if c.routes != nil {
		h.Router = c.routes(h.Service)
	} else {
		settling := settle.New(h.Service) // as the bot wires it
		t.Cleanup(settling.Close)
		h.Router, h.Commands = commands.New(commands.Deps{Battles: h.Service, Threads: c.threads, Settle: settling, Pictures: c.pictures})
		// A deadline for a handler that hangs, not for one that is slow: the
		// race detector on a loaded machine makes a /game verify take more
		// than the bot's 10 s.
		h.Router.Timeout = time.Minute
	}
	h.Router.Observer = h
	return h
}

// tick is the service's clock: a minute passes at every reading, from 12:00
// UTC on 29 November 2026.
func (h *Harness) tick() time.Time {
	return start.Add(time.Duration(h.ticks.Add(1)) * time.Minute)
}

// Observe records how each request ended, for Outcome and Expect.
func (h *Harness) Observe(_ interaction.Request, o interaction.Outcome, _ time.Duration) {
	h.last.Store(o)
}

// Outcome is how the last request served ended.
func (h *Harness) Outcome() interaction.Outcome {
	o, _ := h.last.Load().(interaction.Outcome)
	return o
}

// Request builds a slash command by u in channel; opts are name, value pairs.
func (h *Harness) Request(channel string, u interaction.User, path string, opts ...any) interaction.Request {
	return interaction.Request{Kind: interaction.KindCommand, ID: h.nextID(), GuildID: "g1",
		ChannelID: channel, User: u, Path: path, Options: options(opts)}
}

// Autocomplete builds the autocomplete request for the focused option of
// path, typed so far, in the harness's channel; opts are the other options.
func (h *Harness) Autocomplete(u interaction.User, path, focused, typed string, opts ...any) interaction.Request {
	req := h.Request(h.Channel, u, path, opts...)
	req.Kind, req.Focused = interaction.KindAutocomplete, focused
	req.Options[focused] = typed
	return req
}

func (h *Harness) nextID() string { return fmt.Sprintf("i%d", h.ids.Add(1)) }

func options(pairs []any) map[string]any {
	o := map[string]any{}
	for i := 0; i+1 < len(pairs); i += 2 {
		v := pairs[i+1]
		if n, ok := v.(int); ok {
			v = int64(n)
		}
		o[pairs[i].(string)] = v
	}
	return o
}

// Serve serves one request, and shows it and its response to the Watch
// function if there is one.
func (h *Harness) Serve(req interaction.Request) interaction.Response {
	r := h.Router.Serve(context.Background(), req)
	if h.watch != nil {
		h.watch(h, req, r)
	}
	return r
}

// In runs a slash command by u in channel.
func (h *Harness) In(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	return h.Serve(h.Request(channel, u, path, opts...))
}

// Do runs a slash command by u in the harness's channel.
func (h *Harness) Do(u interaction.User, path string, opts ...any) interaction.Response {
	return h.In(h.Channel, u, path, opts...)
}

// Press presses the button id as u in the harness's channel.
func (h *Harness) Press(u interaction.User, id string) interaction.Response {
	return h.Serve(interaction.Request{Kind: interaction.KindComponent, ID: h.nextID(), GuildID: "g1",
		ChannelID: h.Channel, User: u, CustomID: id})
}

// Detailed is r with the answers to its Details buttons (a ruling's full
// working), pressed by u in channel, added as ephemeral messages: what a
// player reads of a ruling after one tap.
func (h *Harness) Detailed(channel string, u interaction.User, r interaction.Response) interaction.Response {
	h.T.Helper()
	for _, m := range slices.Concat(r.Public, r.Ephemeral) {
		for _, b := range m.Buttons {
			if !strings.HasPrefix(b.ID, battle.ButtonDetails+"/") {
				continue
			}
			d := h.Serve(interaction.Request{Kind: interaction.KindComponent, ID: h.nextID(), GuildID: "g1",
				ChannelID: channel, User: u, CustomID: b.ID})
			if IsRefusal(d) || len(d.Ephemeral) != 1 || len(d.Public) != 0 {
				h.T.Fatalf("Details %s: %s, want the working to the presser alone", b.ID, Text(d))
			}
			r.Ephemeral = append(r.Ephemeral, d.Ephemeral...)
		}
	}
	return r
}

// PressIn presses the button id as u in channel.
func (h *Harness) PressIn(channel string, u interaction.User, id string) interaction.Response {
	return h.Serve(interaction.Request{Kind: interaction.KindComponent, ID: h.nextID(), GuildID: "g1",
		ChannelID: channel, User: u, CustomID: id})
}

// End is /game end by u in channel, confirmed with the button it shows: the
// press's response, or /game end's own when it showed no button (a refusal).
func (h *Harness) End(channel string, u interaction.User) interaction.Response {
	r := h.In(channel, u, "game end")
	for _, m := range append(r.Ephemeral, r.Public...) {
		for _, b := range m.Buttons {
			if strings.HasPrefix(b.ID, gamecmd.ButtonEnd+"/") {
				return h.PressIn(channel, u, b.ID)
			}
		}
	}
	return r
}

// HandOver is /game umpire user:to by from in channel, accepted by to with
// the Accept button it shows (in the battle's channel): the press's
// response, or /game umpire's own when it showed no button (a refusal).
func (h *Harness) HandOver(channel string, from, to interaction.User) interaction.Response {
	r := h.In(channel, from, "game umpire", "user", to)
	shown := []interaction.Post{}
	for _, m := range r.Public {
		shown = append(shown, interaction.Post{ChannelID: channel, Message: m})
	}
	for _, p := range append(shown, r.Posts...) {
		for _, b := range p.Message.Buttons {
			if strings.HasPrefix(b.ID, gamecmd.ButtonUmpireOffer+"/") && strings.HasSuffix(b.ID, "/accept") {
				return h.PressIn(p.ChannelID, to, b.ID)
			}
		}
	}
	return r
}

// OK runs a command that must be served without a refusal or an error.
func (h *Harness) OK(u interaction.User, path string, opts ...any) interaction.Response {
	h.T.Helper()
	r := h.Do(u, path, opts...)
	if IsRefusal(r) || h.Outcome() != interaction.OutcomeOK {
		h.T.Fatalf("%s %v refused: %s", path, opts, Text(r))
	}
	return r
}

// Public runs a command that must answer in public (a message, or the turn
// message shown), and not be refused.
func (h *Harness) Public(u interaction.User, path string, opts ...any) interaction.Response {
	h.T.Helper()
	r := h.OK(u, path, opts...)
	if len(r.Public) == 0 && TurnShown(r) == nil {
		h.T.Fatalf("%s %v answered only privately: %s", path, opts, Text(r))
	}
	return r
}

// Refused runs a command that must be refused with a sentence containing want.
func (h *Harness) Refused(want string, u interaction.User, path string, opts ...any) {
	h.T.Helper()
	r := h.Do(u, path, opts...)
	if !IsRefusal(r) || !strings.Contains(r.Ephemeral[0].Content, want) {
		h.T.Fatalf("%s %v = %s, want a refusal containing %q", path, opts, Text(r), want)
	}
}

// Expect checks that r says every want, and that it is (or is not) a refusal
// as IsRefusal sees it: one private sentence and nothing else.
func Expect(t testing.TB, step string, r interaction.Response, refusal bool, wants ...string) {
	t.Helper()
	got := Text(r)
	if IsRefusal(r) != refusal {
		t.Errorf("%s: refused %v, want %v:\n%s", step, IsRefusal(r), refusal, got)
	}
	says(t, step, got, wants)
}

func says(t testing.TB, step, got string, wants []string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: response does not say %q:\n%s", step, w, got)
		}
	}
}

// Expect checks that r, the answer to the last request served, says every
// want, and that the router refused it (then as one private sentence) or
// served it without a refusal or an error. Unlike the package's Expect, a
// private sentence the router did not refuse (a player's own card, a turn's
// status) is no refusal.
func (h *Harness) Expect(t testing.TB, step string, r interaction.Response, refusal bool, wants ...string) {
	t.Helper()
	want := interaction.OutcomeOK
	if refusal {
		want = interaction.OutcomeRefused
	}
	if o := h.Outcome(); o != want || refusal && !IsRefusal(r) {
		t.Errorf("%s: outcome %s, want %s:\n%s", step, o, want, Text(r))
	}
	says(t, step, Text(r), wants)
}

// Game is channel's game as stored.
func (h *Harness) Game(channel string) *battle.Game {
	h.T.Helper()
	g, err := h.Service.View(context.Background(), channel)
	if err != nil {
		h.T.Fatalf("View(%s): %v", channel, err)
	}
	return g
}

// Log is channel's whole game log, voided entries marked.
func (h *Harness) Log(channel string) []gamelog.Entry {
	h.T.Helper()
	_, log, err := h.Service.ViewLog(context.Background(), channel, 0)
	if err != nil {
		h.T.Fatalf("ViewLog(%s): %v", channel, err)
	}
	return log
}

// Doc is channel's stored document.
func (h *Harness) Doc(channel string) []byte {
	h.T.Helper()
	b, _, err := h.Store.Get(context.Background(), channel)
	if err != nil {
		h.T.Fatalf("Get(%s): %v", channel, err)
	}
	return b
}

// Unchanged runs fn and fails if it changed channel's stored document.
func (h *Harness) Unchanged(channel, step string, fn func()) {
	h.T.Helper()
	before, v1, _ := h.Store.Get(context.Background(), channel)
	fn()
	after, v2, _ := h.Store.Get(context.Background(), channel)
	if !bytes.Equal(before, after) || v1 != v2 {
		h.T.Errorf("%s changed the battle (version %d → %d)", step, v1, v2)
	}
}

// Board decodes a game's board, the rule set's own state.
func Board[B any](t testing.TB, g *battle.Game) B {
	t.Helper()
	var b B
	if err := json.Unmarshal(g.Board, &b); err != nil {
		t.Fatalf("board: %v", err)
	}
	return b
}

// Edit changes channel's board directly, outside any command (test set-up
// only): fn gets the board decoded, and what it leaves is stored.
func Edit[B any](h *Harness, channel string, fn func(b *B)) {
	h.T.Helper()
	_, err := h.Service.Change(context.Background(), h.Request(channel, interaction.User{ID: "test"}, "test edit"),
		func(tx *battle.Tx) (interaction.Response, error) {
			b, err := battle.TakeBoard[B](tx)
			if err != nil {
				return interaction.Response{}, err
			}
			fn(b)
			return interaction.Response{}, tx.SetBoard(b)
		})
	if err != nil {
		h.T.Fatalf("edit %s: %v", channel, err)
	}
}

// Ruling decodes the ruling a response carries as its result.
func Ruling(t testing.TB, r interaction.Response) rules.Ruling {
	t.Helper()
	b, err := json.Marshal(r.Result)
	if err != nil {
		t.Fatal(err)
	}
	var out rules.Ruling
	if err := json.Unmarshal(b, &out); err != nil || out.Title == "" || len(out.Steps) == 0 {
		t.Fatalf("response carries no ruling (%v):\n%s", err, Text(r))
	}
	return out
}

// Text is everything a response shows, flattened for matching: each message
// as "[turn] …" (the turn message shown), "[public] …", "[ephemeral] …" or
// "[dm userID] …", then as TextOf shows it.
func Text(r interaction.Response) string {
	var b strings.Builder
	if m := TurnShown(r); m != nil {
		write(&b, "turn", []interaction.Message{*m})
	}
	write(&b, "public", r.Public)
	write(&b, "ephemeral", r.Ephemeral)
	for _, dm := range r.DMs {
		write(&b, "dm "+dm.UserID, []interaction.Message{dm.Message})
	}
	return b.String()
}

// TextOf is what these messages show, flattened for matching: each message's
// content, its embeds' titles, descriptions, fields and footers, and its
// buttons as "(label id)".
func TextOf(ms []interaction.Message) string {
	var b strings.Builder
	write(&b, "", ms)
	return b.String()
}

func write(b *strings.Builder, kind string, ms []interaction.Message) {
	for _, m := range ms {
		if kind != "" {
			fmt.Fprintf(b, "[%s] ", kind)
		}
		fmt.Fprintf(b, "%s\n", m.Content)
		for _, e := range m.Embeds {
			fmt.Fprintf(b, "%s\n%s\n", e.Title, e.Description)
			for _, f := range e.Fields {
				fmt.Fprintf(b, "%s: %s\n", f.Name, f.Value)
			}
			fmt.Fprintf(b, "%s\n", e.Footer)
		}
		for _, btn := range m.Buttons {
			fmt.Fprintf(b, "(%s %s)\n", btn.Label, btn.ID)
		}
	}
}

// TurnShown is the turn message a response shows, new or edited (nil: none).
func TurnShown(r interaction.Response) *interaction.Message {
	if r.Turn == nil || !r.Turn.Show {
		return nil
	}
	return &r.Turn.Message
}

// IsRefusal reports whether a response is a refusal: one private sentence
// (no embed, no file) and nothing else.
func IsRefusal(r interaction.Response) bool {
	return len(r.Public) == 0 && len(r.DMs) == 0 && r.Turn == nil && len(r.Ephemeral) == 1 && len(r.Ephemeral[0].Embeds) == 0 &&
		len(r.Ephemeral[0].Files) == 0
}

// RefusedAsUnknown checks fog of war's refusal of u's command path naming
// hidden, an enemy his side has not seen, in the options opts hold as "?":
// it is refused with a sentence containing want, byte for byte as the same
// command naming madeUp, a name not on the roster at all, the name aside.
func (h *Harness) RefusedAsUnknown(want string, u interaction.User, hidden, madeUp, path string, opts ...any) {
	h.T.Helper()
	refusal := func(name string) string {
		h.T.Helper()
		named := slices.Clone(opts)
		for i, o := range named {
			if s, ok := o.(string); ok && i%2 == 1 {
				named[i] = strings.ReplaceAll(s, "?", name)
			}
		}
		r := h.Do(u, path, named...)
		if !IsRefusal(r) || !strings.Contains(r.Ephemeral[0].Content, want) {
			h.T.Fatalf("%s %v = %s, want a refusal containing %q", path, named, Text(r), want)
		}
		return strings.ReplaceAll(r.Ephemeral[0].Content, name, "<name>")
	}
	if a, b := refusal(hidden), refusal(madeUp); a != b {
		h.T.Errorf("%s naming the hidden %s is refused\n%q\nnaming %s, not on the roster,\n%q", path, hidden, a, madeUp, b)
	}
}
