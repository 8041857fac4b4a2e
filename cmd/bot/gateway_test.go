package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
)

var (
	alice = discordtest.User{ID: "300000000000000001", Name: "alice"}
	bob   = discordtest.User{ID: "300000000000000002", Name: "bob"}
)

const channel = "400000000000000001"

// syncBuffer collects the bot's log output safely across goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func envFor(t *testing.T, d *discordtest.Server) map[string]string {
	return map[string]string{
		"DISCORD_TOKEN":    d.Token,
		"DISCORD_APP_ID":   d.AppID,
		"DISCORD_API_URL":  d.URL,
		"DISCORD_GUILD_ID": d.Guild,
		"DATA_DIR":         t.TempDir(),
		"LOG_LEVEL":        "debug",
	}
}

func getenv(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// bot is a running referee under test.
type bot struct {
	cancel context.CancelFunc
	done   chan error
	logs   *syncBuffer

	once sync.Once
	err  error
}

// stop sends the shutdown signal (as SIGTERM does) and returns what run
// returned; it may be called more than once.
func (b *bot) stop(t *testing.T) error {
	t.Helper()
	b.cancel()
	b.once.Do(func() {
		select {
		case b.err = <-b.done:
		case <-time.After(20 * time.Second):
			b.err = errors.New("the bot did not stop within 20s")
		}
	})
	return b.err
}

// startRun starts the real run, as main does, against the double.
func startRun(t *testing.T, d *discordtest.Server, env map[string]string) *bot {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b := &bot{cancel: cancel, done: make(chan error, 1), logs: &syncBuffer{}}
	go func() {
		b.done <- run(ctx, []string{"bot"}, getenv(env), strings.NewReader(""), &bytes.Buffer{}, b.logs)
	}()
	t.Cleanup(func() {
		if err := b.stop(t); err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("bot stopped with: %v", err)
		}
		if t.Failed() {
			t.Logf("bot logs:\n%s", b.logs)
		}
	})
	return b
}

// startWith starts the gateway with extra test-only routes.
func startWith(t *testing.T, d *discordtest.Server, extend func(*core)) *bot {
	t.Helper()
	cfg, err := loadConfig(getenv(envFor(t, d)), modeGateway)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := &bot{cancel: cancel, done: make(chan error, 1), logs: &syncBuffer{}}
	go func() { b.done <- runGateway(ctx, cfg, extend, b.logs) }()
	t.Cleanup(func() {
		if err := b.stop(t); err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("bot stopped with: %v", err)
		}
		if t.Failed() {
			t.Logf("bot logs:\n%s", b.logs)
		}
	})
	d.WaitReady(t)
	return b
}

func TestGatewayRegistersAndAnswersHelp(t *testing.T) {
	d := discordtest.Start(t)
	b := startRun(t, d, envFor(t, d))
	d.WaitReady(t)

	defs := d.Commands(d.Guild)
	if !hasCommand(defs, "help") {
		t.Fatalf("commands registered in the guild = %v, want /help among them", names(defs))
	}
	if len(d.Commands("")) != 0 {
		t.Errorf("commands registered globally too: %v", names(d.Commands("")))
	}
	if intents := d.Gateway().Intents; intents != int(discordgo.IntentsNone) {
		t.Errorf("IDENTIFY intents = %d, want %d (none)", intents, discordgo.IntentsNone)
	}

	r := d.Slash(alice, channel, "help").WaitAnswered(t)
	if r.Callback != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("/help callback type = %d, want %d (answered by the callback)", r.Callback, discordgo.InteractionResponseChannelMessageWithSource)
	}
	if eph := r.Ephemeral(); len(eph) != 1 || !strings.Contains(eph[0].Text(), "Referee") {
		t.Fatalf("/help ephemeral messages = %+v, want the help embed", eph)
	}
	if !r.Original.NoMentions {
		t.Errorf("/help sent without allowed_mentions {parse: []}")
	}
	if lag := r.AckedAt.Sub(r.SentAt); lag > 3*time.Second {
		t.Errorf("/help acknowledged after %v, want within 3s", lag)
	}
	if err := b.stop(t); err != nil {
		t.Fatalf("run after shutdown = %v, want nil", err)
	}
}

func TestGatewayRegistersGloballyWithoutGuild(t *testing.T) {
	d := discordtest.Start(t)
	env := envFor(t, d)
	delete(env, "DISCORD_GUILD_ID")
	startRun(t, d, env)
	d.WaitReady(t)
	if defs := d.Commands(""); !hasCommand(defs, "help") {
		t.Fatalf("global commands = %v, want /help among them", names(defs))
	}
}

func TestGatewayRefusedToken(t *testing.T) {
	for _, tc := range []struct {
		name   string
		refuse func(*discordtest.Server)
		want   string
	}{
		{"rest 401", (*discordtest.Server).RejectToken, "DISCORD_TOKEN was refused by Discord (401)"},
		{"gateway 4004", (*discordtest.Server).RejectIdentify, "DISCORD_TOKEN was refused by Discord (gateway close 4004"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := discordtest.Start(t)
			tc.refuse(d)
			logs := &syncBuffer{}
			err := run(context.Background(), []string{"bot"}, getenv(envFor(t, d)), strings.NewReader(""), &bytes.Buffer{}, logs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestGatewayDefersSlowCommandAndEditsInPlace(t *testing.T) {
	d := discordtest.Start(t)
	release := make(chan struct{})
	startWith(t, d, func(c *core) {
		c.router.Command("muster", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			<-release
			return interaction.Say("The brigade is mustered."), nil
		}, interaction.Slow())
	})
	sent := d.Slash(alice, channel, "muster")
	r := sent.Wait(t, "the deferral", func(r discordtest.Reply) bool { return r.Callback != 0 })
	if r.Callback != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("slow command callback = %d, want %d (deferred)", r.Callback, discordgo.InteractionResponseDeferredChannelMessageWithSource)
	}
	close(release)
	r = sent.WaitAnswered(t)
	if r.Original == nil || r.Original.Content != "The brigade is mustered." || r.Original.Edits != 1 {
		t.Fatalf("original after the edit = %+v, want the answer edited in place", r.Original)
	}
	if len(r.Followups) != 0 {
		t.Errorf("followups = %+v, want none", r.Followups)
	}
}

func TestGatewayDirectMessagesAndRefusal(t *testing.T) {
	d := discordtest.Start(t)
	d.RefuseDMs(bob.ID)
	startWith(t, d, func(c *core) {
		c.router.Command("deal", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			return interaction.Response{
				Public: []interaction.Message{{Content: "Cards dealt."}},
				DMs: []interaction.DM{
					{UserID: alice.ID, UserName: "alice", Message: interaction.Message{Content: "Your card: 3 action points."}},
					{UserID: bob.ID, UserName: "bob", Message: interaction.Message{Content: "Your card: 2 action points."}, Fallback: "they can see it with /card."},
				},
			}, nil
		})
		c.router.Command("mine", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			return interaction.Response{DMs: []interaction.DM{{UserID: req.User.ID, UserName: req.User.Name, Message: interaction.Message{Content: "Your card: 1 action point."}}}}, nil
		})
	})

	sent := d.Slash(alice, channel, "deal")
	r := sent.Wait(t, "the fallback note", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
	if got := d.DMs(alice.ID); len(got) != 1 || got[0].Content != "Your card: 3 action points." || !got[0].NoMentions {
		t.Fatalf("alice's DMs = %+v, want her card, sent with mentions disabled", got)
	}
	if got := d.DMs(bob.ID); len(got) != 0 {
		t.Fatalf("bob's DMs = %+v, want none (he refuses them)", got)
	}
	want := "bob does not accept direct messages from the referee; they can see it with /card."
	if eph := r.Ephemeral(); eph[0].Content != want {
		t.Fatalf("fallback = %q, want %q", eph[0].Content, want)
	}
	if strings.Contains(r.Ephemeral()[0].Content, "2 action points") {
		t.Fatal("bob's secret card was shown to alice")
	}

	// A DM the invoker refuses is shown to them ephemerally instead.
	r = d.Slash(bob, channel, "mine").Wait(t, "the card shown ephemerally", func(r discordtest.Reply) bool {
		for _, m := range r.Ephemeral() {
			if m.Content == "Your card: 1 action point." {
				return true
			}
		}
		return false
	})
	if pub := r.Public(); len(pub) != 0 {
		t.Fatalf("public messages = %+v, want none", pub)
	}
}

func TestGatewayContainsPanic(t *testing.T) {
	d := discordtest.Start(t)
	startWith(t, d, func(c *core) {
		c.router.Command("boom", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			panic("the powder store exploded")
		})
	})
	r := d.Slash(alice, channel, "boom").WaitAnswered(t)
	if eph := r.Ephemeral(); len(eph) != 1 || eph[0].Content != interaction.MsgInternal {
		t.Fatalf("panicking command answered %+v, want %q", r.All(), interaction.MsgInternal)
	}
	if strings.Contains(r.Ephemeral()[0].Content, "powder") {
		t.Fatal("the panic value was shown to the user")
	}
	r = d.Slash(alice, channel, "help").WaitAnswered(t)
	if len(r.Ephemeral()) != 1 {
		t.Fatalf("/help after a panic = %+v, want the help", r.All())
	}
}

func TestGatewayResumesAfterDroppedSocket(t *testing.T) {
	d := discordtest.Start(t)
	startRun(t, d, envFor(t, d))
	d.WaitReady(t)
	d.Slash(alice, channel, "help").WaitAnswered(t)

	d.DropSocket()
	r := d.Slash(alice, channel, "help").WaitAnswered(t)
	if len(r.Ephemeral()) != 1 {
		t.Fatalf("/help after a dropped socket = %+v", r.All())
	}
	gw := d.Gateway()
	identifies, resumes := gw.Identifies, gw.Resumes
	if identifies+resumes < 2 {
		t.Fatalf("identifies=%d resumes=%d, want a resume or a new session after the drop", identifies, resumes)
	}
	if resumes != 1 {
		t.Errorf("resumes = %d, want 1 (the session is resumed, not replaced)", resumes)
	}
}

func TestGatewayRetriesAfterRateLimit(t *testing.T) {
	d := discordtest.Start(t)
	startRun(t, d, envFor(t, d))
	d.WaitReady(t)
	d.RateLimitOnce("/callback")
	r := d.Slash(alice, channel, "help").WaitAnswered(t)
	if len(r.Ephemeral()) != 1 {
		t.Fatalf("/help after a 429 = %+v", r.All())
	}
	var statuses []int
	for _, c := range d.Calls() {
		if strings.HasSuffix(c.Path, "/callback") {
			statuses = append(statuses, c.Status)
		}
	}
	if len(statuses) != 2 || statuses[0] != 429 || statuses[1] != 204 {
		t.Fatalf("callback statuses = %v, want [429 204]", statuses)
	}
}

func TestGatewayDrainsInFlightOnShutdown(t *testing.T) {
	d := discordtest.Start(t)
	started := make(chan struct{})
	release := make(chan struct{})
	b := startWith(t, d, func(c *core) {
		c.router.Command("march", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			close(started)
			<-release
			return interaction.Say("The column has arrived."), nil
		}, interaction.Slow())
	})
	sent := d.Slash(alice, channel, "march")
	<-started
	time.AfterFunc(100*time.Millisecond, func() { close(release) })
	if err := b.stop(t); err != nil { // SIGTERM while the command is in flight
		t.Fatalf("run after SIGTERM = %v, want nil", err)
	}
	r := sent.Reply()
	if r.Original == nil || r.Original.Content != "The column has arrived." {
		t.Fatalf("in-flight command after shutdown = %+v, want its answer delivered", r.Original)
	}
	if d.Gateway().Connected {
		t.Error("gateway still connected after shutdown")
	}
}

func TestGatewayFetchesAttachments(t *testing.T) {
	d := discordtest.Start(t)
	startWith(t, d, func(c *core) {
		c.router.Command("inspect", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
			f, ok := req.FileOption("file")
			u, _ := req.UserOption("who")
			if !ok {
				return interaction.Response{}, errors.New("no file")
			}
			return interaction.Say(f.Name + ": " + string(f.Content) + " for " + u.Name), nil
		})
	})
	r := d.Slash(alice, channel, "inspect",
		discordtest.Opt("file", discordtest.Attachment{Name: "orbat.txt", Content: []byte("3 battalions")}),
		discordtest.Opt("who", bob),
	).WaitAnswered(t)
	if pub := r.Public(); len(pub) != 1 || pub[0].Content != "orbat.txt: 3 battalions for bob" {
		t.Fatalf("answer = %+v, want the file's content read", r.All())
	}
}

func hasCommand(defs []*discordgo.ApplicationCommand, name string) bool {
	for _, d := range defs {
		if d.Name == name {
			return true
		}
	}
	return false
}

func names(defs []*discordgo.ApplicationCommand) []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return out
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// waitHTTP polls until a server answers on addr (the bot starts it in the
// background; there is no other signal to wait on).
func waitHTTP(t *testing.T, url string) *http.Response {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			return resp
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing answers at %s: %v", url, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHealthAndMetrics(t *testing.T) {
	d := discordtest.Start(t)
	env := envFor(t, d)
	addr := freeAddr(t)
	env["HTTP_ADDR"] = addr
	startRun(t, d, env)
	d.WaitReady(t)
	d.Slash(alice, channel, "help").WaitAnswered(t)
	for path, want := range map[string]string{"/livez": "ok", "/readyz": `"ready":true`, "/metrics": "referee_"} {
		resp := waitHTTP(t, "http://"+addr+path)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s = %d %.200s, want %q", path, resp.StatusCode, b, want)
		}
	}
}
