package fogproof_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/mapcmd"
	"github.com/referee-bot/referee/commands/timer"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/state/boltstore"
)

// The battle's channels: its own (the main channel, which every side
// reads), each side's, and the umpire's desk.
const (
	mainChannel = "main"
	channelA    = "side-a"
	channelB    = "side-b"
	desk        = "desk"
)

// Who plays: the umpire; a1, who commands side A's units in sight, and a2,
// who commands its hidden ones in one play, a3 in the other (a4 a second
// command of side A in sight, where a test has one); b1 and b2 of side B;
// and a watcher, who reads the main channel alone.
var (
	umpire  = interaction.User{ID: "100", Name: "Umpire"}
	a1      = interaction.User{ID: "201", Name: "Anne"}
	a2      = interaction.User{ID: "202", Name: "Abel"}
	a3      = interaction.User{ID: "203", Name: "Alain"}
	a4      = interaction.User{ID: "204", Name: "Ada"}
	b1      = interaction.User{ID: "301", Name: "Bea"}
	b2      = interaction.User{ID: "302", Name: "Ben"}
	watcher = interaction.User{ID: "400", Name: "Watcher"}
)

// An audience is whom what the referee sends reaches.
type audience string

const (
	sideB    audience = "side B"
	mainRead audience = "the main channel"
	sideA    audience = "side A"
	umpires  audience = "the umpire"
)

// compared are the audiences that must not tell the two plays apart.
var compared = []audience{sideB, mainRead}

func channelAudience(channel string) audience {
	switch channel {
	case mainChannel:
		return mainRead
	case channelB:
		return sideB
	case channelA:
		return sideA
	}
	return umpires
}

func userAudience(id string) audience {
	switch id {
	case b1.ID, b2.ID:
		return sideB
	case watcher.ID:
		return mainRead
	case a1.ID, a2.ID, a3.ID, a4.ID:
		return sideA
	}
	return umpires
}

// A play is one playing of a generated battle through the command layer,
// with everything each audience was sent, byte for byte, in order.
type play struct {
	t   testing.TB
	h   *commandstest.Harness
	rs  *ruleset
	alt bool // the other play: side A's hidden units renamed, re-ranked, given other orders

	mu    sync.Mutex
	clock time.Time
	timer *timer.Timer
	heard map[audience]*strings.Builder
	// buttons are the ids of the buttons each audience was shown, newest last.
	buttons map[audience][]string
	sent    map[string]int // requests by each user, for their interaction ids
	turns   int            // turn messages posted

	// common draws every choice but side A's hidden units': the same in both
	// plays as long as B and the main channel are told the same. secret
	// draws the hidden units' choices, its own in each play.
	common, secret *rand.Rand
	// where and hideAt draw where units stand on the table: where those in
	// sight (the same in both plays), hideAt side A's hidden ones (each
	// play its own). Streams of their own, so that the table changes no
	// other choice.
	where, hideAt *rand.Rand
	// deadlines: moves have a deadline, which a hidden unit's holder may
	// let pass.
	deadlines bool
	// peek has B's player ask /peek first whenever he reads (the deliberate
	// leaks of TestADeliberateLeakIsCaught and
	// TestADeliberatePositionLeakIsCaught).
	peek bool
	// hush marks the requests that are not the same in both plays (side A's
	// hidden units' orders, the umpire's placing of them): no step mark.
	hush bool
}

// pictures are the pictures of the table drawn lately, which all the
// package's plays share as a process's battles do (a picture kept is, byte
// for byte, the one drawn afresh): the tests play the same battles, and
// the two plays compared show side B and the main channel the same tables.
var pictures = new(mapcmd.Pictures)

// newPlay sets up a play of rs from seed, the other play when alt.
func newPlay(t testing.TB, rs *ruleset, seed uint64, alt bool) *play {
	p := &play{t: t, rs: rs, alt: alt, clock: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC),
		heard: map[audience]*strings.Builder{}, buttons: map[audience][]string{}, sent: map[string]int{},
		common: rand.New(rand.NewPCG(seed, 1))}
	secret := uint64(2)
	if alt {
		secret = 3
	}
	p.secret = rand.New(rand.NewPCG(seed, secret))
	p.where, p.hideAt = rand.New(rand.NewPCG(seed, 4)), rand.New(rand.NewPCG(seed, 4+secret))
	for _, a := range []audience{sideB, mainRead, sideA, umpires} {
		p.heard[a] = &strings.Builder{}
	}
	p.h = commandstest.New(t, commandstest.Entropy(freshDraws{seed}), commandstest.Channel(mainChannel),
		commandstest.Clock(p.now), commandstest.Store(store(t)), commandstest.Pictures(pictures))
	p.timer = &timer.Timer{Battles: p.h.Service, Sender: p}
	p.deadlines = p.common.IntN(2) == 0
	return p
}

// freshDraws is the service's entropy (the battle's seed, the sealed
// orders' salts) as the test takes it: each draw the same bytes, keyed by
// the play's seed. A real source's draws are independent of one another, so
// that a salt side A's hidden player draws changes nothing of what side B's
// next draws could be; a stream shared by all draws would tell the plays
// apart by the salts of B's own orders.
type freshDraws struct{ seed uint64 }

func (d freshDraws) Read(b []byte) (int, error) {
	return rand.NewChaCha8([32]byte{byte(d.seed), byte(d.seed >> 8)}).Read(b)
}

// store is a fresh bbolt store, in memory where the system has a tmpfs
// (/dev/shm): a play writes hundreds of changes, each one fsynced.
func store(t testing.TB) battle.Store {
	dir := t.TempDir()
	if shm, err := os.MkdirTemp("/dev/shm", "fogproof"); err == nil {
		dir = shm
		t.Cleanup(func() { os.RemoveAll(shm) })
	}
	s, err := boltstore.Open(dir, boltstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func (p *play) now() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock
}

// mark writes a step into the compared audiences' transcripts, so that what
// they are sent is compared step by step, not only in order.
func (p *play) mark(format string, args ...any) {
	if p.hush {
		return
	}
	for _, a := range compared {
		fmt.Fprintf(p.heard[a], "» "+format+"\n", args...)
	}
}

// secretly runs fn's requests unmarked: what differs between the plays.
func (p *play) secretly(fn func()) {
	was := p.hush
	p.hush = true
	defer func() { p.hush = was }()
	fn()
}

// request builds u's request in channel, with his own interaction id (the
// same in both plays for all but side A's hidden units' holder).
func (p *play) request(channel string, u interaction.User, path string, opts ...any) interaction.Request {
	p.sent[u.ID]++
	req := p.h.Request(channel, u, path, opts...)
	req.ID = fmt.Sprintf("%s-%d", u.ID, p.sent[u.ID])
	return req
}

// in is u's command in channel: it is served and what it answers heard.
func (p *play) in(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	if userAudience(u.ID) == sideA || u == umpire {
		p.mark("%s in %s: /%s", u.Name, channel, path)
	} else {
		p.mark("%s in %s: /%s %v", u.Name, channel, path, opts)
	}
	return p.serve(p.request(channel, u, path, opts...))
}

// must is in for a command that must be carried out.
func (p *play) must(channel string, u interaction.User, path string, opts ...any) interaction.Response {
	p.t.Helper()
	r := p.in(channel, u, path, opts...)
	if o := p.h.Outcome(); o != interaction.OutcomeOK {
		p.t.Fatalf("%s by %s in %s %v: %s: %s", path, u.Name, channel, opts, o, commandstest.Text(r))
	}
	return r
}

// choices asks autocomplete for the focused option of path, typed so far.
func (p *play) choices(channel string, u interaction.User, path, focused, typed string) {
	p.mark("%s in %s: autocomplete /%s %s:%q", u.Name, channel, path, focused, typed)
	req := p.request(channel, u, path, focused, typed)
	req.Kind, req.Focused = interaction.KindAutocomplete, focused
	p.serve(req)
}

// press presses button id as u in channel.
func (p *play) press(channel string, u interaction.User, id string) interaction.Response {
	p.mark("%s in %s: press %s", u.Name, channel, id)
	req := p.request(channel, u, "")
	req.Kind, req.Path, req.CustomID, req.Options = interaction.KindComponent, "", id, nil
	return p.serve(req)
}

func (p *play) serve(req interaction.Request) interaction.Response {
	r := p.h.Serve(req)
	p.heardResponse(req, r)
	return r
}

// heardResponse writes what r sends to each audience: its public messages
// to the channel's, its private ones, choices and result to the invoker's,
// direct messages to their addressee's, posts to their channel's, the turn
// message to its channel's.
func (p *play) heardResponse(req interaction.Request, r interaction.Response) {
	here, by := channelAudience(req.ChannelID), userAudience(req.User.ID)
	for _, m := range r.Public {
		p.message(here, "public in "+req.ChannelID, m)
	}
	if r.UpdateSource || r.DisableSource {
		p.write(here, fmt.Sprintf("the message pressed: update %v, disable %v", r.UpdateSource, r.DisableSource))
	}
	for _, m := range r.Ephemeral {
		p.message(by, "ephemeral to "+req.User.ID, m)
	}
	for _, c := range r.Choices {
		p.write(by, fmt.Sprintf("choice %q = %q", c.Name, c.Value))
	}
	if r.Result != nil {
		b, err := json.Marshal(r.Result)
		if err != nil {
			p.t.Fatalf("result of %s: %v", req.Path, err)
		}
		p.write(by, "result "+string(b))
	}
	for _, dm := range r.DMs {
		p.message(userAudience(dm.UserID), "dm to "+dm.UserID, dm.Message)
	}
	for _, post := range r.Posts {
		p.message(channelAudience(post.ChannelID), "post in "+post.ChannelID, post.Message)
	}
	if err := p.ShowTurn(context.Background(), r.Turn); err != nil {
		p.t.Fatal(err)
	}
}

func (p *play) write(a audience, line string) {
	fmt.Fprintln(p.heard[a], line)
}

// message writes m whole: its JSON (content, embeds, buttons, files'
// names) and each file's bytes, by their SHA-256 (the same digest, the
// same bytes: quoting every picture's bytes whole cost more than
// comparing them).
func (p *play) message(a audience, kind string, m interaction.Message) {
	b, err := json.Marshal(m)
	if err != nil {
		p.t.Fatal(err)
	}
	p.write(a, kind+" "+string(b))
	for _, f := range m.Files {
		p.write(a, fmt.Sprintf("file %s sha256 %x", f.Name, sha256.Sum256(f.Content)))
	}
	for _, btn := range m.Buttons {
		p.buttons[a] = append(p.buttons[a], btn.ID)
	}
}

// Send, DM and ShowTurn deliver what the timers send (timer.Sender).
func (p *play) Send(_ context.Context, channel string, m interaction.Message) error {
	p.message(channelAudience(channel), "timer post in "+channel, m)
	return nil
}

func (p *play) DM(_ context.Context, user string, m interaction.Message) error {
	p.message(userAudience(user), "timer dm to "+user, m)
	return nil
}

// ShowTurn shows the turn message as a transport does: edited in place, or
// posted and its id recorded; then the superseded ones retired.
func (p *play) ShowTurn(ctx context.Context, tm *interaction.TurnMessage) error {
	if tm == nil {
		return nil
	}
	channel := tm.ChannelID
	if channel == "" {
		channel = mainChannel
	}
	a := channelAudience(channel)
	if tm.Show {
		p.message(a, fmt.Sprintf("turn message in %s (edit %q)", channel, tm.Edit), tm.Message)
		if tm.Edit == "" && tm.Posted != nil {
			p.turns++
			if _, err := tm.Posted(ctx, fmt.Sprintf("turn-%d", p.turns)); err != nil {
				return err
			}
		}
	}
	if len(tm.Retire) > 0 {
		p.write(a, fmt.Sprintf("turn messages retired %q", tm.Retire))
	}
	return nil
}

// wait moves the clock on by d, firing what falls due a minute at a time.
func (p *play) wait(d time.Duration) {
	p.mark("the clock moves on %s", d)
	for left := d; left > 0; left -= time.Minute {
		p.mu.Lock()
		p.clock = p.clock.Add(min(left, time.Minute))
		p.mu.Unlock()
		if _, err := p.timer.Tick(context.Background()); err != nil {
			p.t.Fatal(err)
		}
	}
}

// game is the battle as stored: the umpire's whole of it.
func (p *play) game() *battle.Game { return p.h.Game(mainChannel) }

// waiting is whom the battle waits on now, and where the turn stands.
func (p *play) waiting() ([]battle.Wait, rules.Moment) {
	p.t.Helper()
	g := p.game()
	rs, _ := p.h.Service.Ruleset(g.Ruleset)
	te, ok := rs.(battle.TurnEngine)
	if !ok {
		p.t.Fatalf("%s has no turn engine", g.Ruleset)
	}
	ws, err := te.Waiting(g)
	if err != nil {
		p.t.Fatal(err)
	}
	m, err := te.Moment(g)
	if err != nil {
		p.t.Fatal(err)
	}
	return ws, m
}

func waitsOn(ws []battle.Wait, u interaction.User) bool {
	return slices.ContainsFunc(ws, func(w battle.Wait) bool { return w.User == u.ID })
}

// pick is one of xs, drawn from r.
func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// autocompleted are the options of the rule set's commands, /game's and
// /map's that autocomplete, as "path option".
func autocompleted(defs []*discordgo.ApplicationCommand, ruleset string) [][2]string {
	var out [][2]string
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(path+" "+o.Name, o.Options)
			default:
				if o.Autocomplete {
					out = append(out, [2]string{path, o.Name})
				}
			}
		}
	}
	for _, d := range defs {
		if strings.HasPrefix(d.Name, ruleset) || d.Name == "game" || d.Name == "map" {
			walk(d.Name, d.Options)
		}
	}
	return out
}

// hider is who commands side A's hidden units in this play.
func (p *play) hider() interaction.User {
	if p.alt {
		return a3
	}
	return a2
}

// hiddenOf is the play's half of names.
func (p *play) hiddenOf(names [2][]string) []string {
	if p.alt {
		return names[1]
	}
	return names[0]
}
