package httpapi_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands"
	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/httpapi"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/state"
	"github.com/referee-bot/referee/state/redisstore"
	"github.com/referee-bot/referee/state/redistest"
)

var (
	alice = discordtest.User{ID: "300000000000000001", Name: "alice"}
	bob   = discordtest.User{ID: "300000000000000002", Name: "bob"}
)

// instance is one bot replica in HTTP mode: the real routes over a Redis
// store, behind an httpapi.Server, as cmd/bot wires them.
type instance struct {
	url    string
	store  *redisstore.Store
	router *interaction.Router
	// served counts requests that reached the router.
	served atomic.Int64
	// march, a slow command, finishes when march is closed.
	march chan struct{}
	// stop shuts the endpoint down and returns what Serve returned.
	stop func() error
	// lost counts the followups and edits given up (Events.FollowupLost),
	// and is told of each on gaveUp.
	lost   atomic.Int64
	gaveUp chan struct{}
}

func (in *instance) DMFailed()           {}
func (in *instance) GatewayReconnected() {}
func (in *instance) FollowupLost() {
	in.lost.Add(1)
	select {
	case in.gaveUp <- struct{}{}:
	default:
	}
}

func (in *instance) Observe(interaction.Request, interaction.Outcome, time.Duration) {
	in.served.Add(1)
}

func startInstance(t *testing.T, d *discordtest.Server, redisURL string) *instance {
	t.Helper()
	return startWithBackoff(t, d, redisURL, discord.Backoff{})
}

// startWithBackoff is startInstance with the Responder's retries of a
// followup or edit Discord answers 10015 paced by b.
func startWithBackoff(t *testing.T, d *discordtest.Server, redisURL string, b discord.Backoff) *instance {
	t.Helper()
	store, err := redisstore.Open(context.Background(), redisURL, redisstore.Options{CallTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := battle.NewService(store, time.Now, nil, commands.Rulesets()...)
	in := &instance{store: store, march: make(chan struct{}), gaveUp: make(chan struct{}, 16)}
	in.router, _ = commands.New(commands.Deps{Battles: svc})
	in.router.Observer = in
	in.router.Command("muster", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		time.Sleep(50 * time.Millisecond)
		return interaction.Say("The brigade is mustered."), nil
	}, interaction.Slow())
	in.router.Command("march", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		select {
		case <-in.march:
			return interaction.Say("The column has marched."), nil
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
	}, interaction.Slow())
	in.router.Command("seal", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public:    []interaction.Message{{Content: "Orders sealed for turn 1."}},
			Ephemeral: []interaction.Message{{Content: "Your orders, as sealed: advance to the ford."}},
		}, nil
	})
	in.router.Command("deal", func(ctx context.Context, req interaction.Request) (interaction.Response, error) {
		return interaction.Response{
			Public: []interaction.Message{{Content: "Cards dealt."}},
			DMs: []interaction.DM{
				{UserID: alice.ID, UserName: alice.Name, Message: interaction.Message{Content: "Your card: 3 action points."}},
				{UserID: bob.ID, UserName: bob.Name, Message: interaction.Message{Content: "Your card: 2 action points."}, Fallback: "they can see it with /card."},
			},
		}, nil
	})
	session, err := discord.NewSession(d.Token, d.URL)
	if err != nil {
		t.Fatal(err)
	}
	key, err := httpapi.ParsePublicKey(d.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	srv := &httpapi.Server{Key: key, Responder: &discord.Responder{REST: session, Router: in.router, DeferAfter: time.Second, Backoff: b, Events: in}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	in.stop = sync.OnceValue(func() error {
		cancel()
		return <-done
	})
	t.Cleanup(func() {
		if err := in.stop(); err != nil {
			t.Errorf("Serve = %v", err)
		}
	})
	in.url = "http://" + ln.Addr().String() + "/interactions"
	return in
}

// command is a slash command from alice as Discord sends it.
func command(d *discordtest.Server, id, channel, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) []byte {
	return commandAs(d, id, channel, alice, name, opts...)
}

// commandAs is a slash command from user as Discord sends it.
func commandAs(d *discordtest.Server, id, channel string, user discordtest.User, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) []byte {
	words := strings.Fields(name)
	for k := len(words) - 1; k >= 1; k-- {
		t := discordgo.ApplicationCommandOptionSubCommand
		if k < len(words)-1 {
			t = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: words[k], Type: t, Options: opts}}
	}
	data := discordgo.ApplicationCommandInteractionData{ID: "cmd-" + words[0], Name: words[0], Options: opts}
	b, err := json.Marshal(&discordgo.Interaction{
		ID: id, AppID: d.AppID, Type: discordgo.InteractionApplicationCommand, Token: "token-" + id,
		GuildID: d.Guild, ChannelID: channel, Version: 1,
		Member: &discordgo.Member{User: &discordgo.User{ID: user.ID, Username: user.Name}, Permissions: 8},
		Data:   data,
	})
	if err != nil {
		panic(err)
	}
	return b
}

func TestPingPong(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	status, header, body := d.Post(in.url, []byte(`{"id":"1","type":1,"application_id":"`+d.AppID+`","token":"t","version":1}`), time.Now())
	var got struct{ Type int }
	json.Unmarshal(body, &got)
	if status != http.StatusOK || got.Type != int(discordgo.InteractionResponsePong) || header.Get("Content-Type") != "application/json" {
		t.Fatalf("PING answered %d %s %q, want 200 and a PONG", status, header.Get("Content-Type"), body)
	}
	if n := header.Get("Content-Length"); n != strconv.Itoa(len(body)) || bytes.HasSuffix(body, []byte("\n")) {
		t.Errorf("PONG body %q with Content-Length %s, want the JSON alone, its length declared", body, n)
	}
	if in.served.Load() != 0 {
		t.Errorf("a PING reached the router")
	}
}

// TestSignedNonsenseIsABadRequest: a properly signed body that is not an
// interaction the bot answers gets 400, and reaches no handler.
func TestSignedNonsenseIsABadRequest(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	for _, body := range []string{
		`{}`,
		`{"type":2}`,
		`{"id":"1","type":2,"version":1}`,
		`{"id":"1","type":99,"token":"t","version":1}`,
		`{"id":"1","type":5,"token":"t","version":1,"data":{"custom_id":"m"}}`,
	} {
		status, _, answer := d.Post(in.url, []byte(body), time.Now())
		if status != http.StatusBadRequest {
			t.Errorf("signed %s answered %d %q, want 400", body, status, answer)
		}
	}
	if n := in.served.Load(); n != 0 {
		t.Errorf("%d of them reached the router", n)
	}
}

// TestUnverifiedRunsNothing: a game start that is not properly signed, is
// stale or is too large is refused before it is parsed: no handler runs, no
// game is created.
func TestUnverifiedRunsNothing(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	const ch = "400000000000000009"
	start := command(d, "500000000000000001", ch, "game start",
		&discordgo.ApplicationCommandInteractionDataOption{Name: "ruleset", Type: discordgo.ApplicationCommandOptionString, Value: "greenjackets"})
	_, otherKey, _ := ed25519.GenerateKey(nil)
	now := strconv.FormatInt(time.Now().Unix(), 10)
	stale := strconv.FormatInt(time.Now().Add(-6*time.Minute).Unix(), 10)
	// Padding after the JSON object keeps it a valid interaction, but too big.
	huge := append(bytes.Clone(start), bytes.Repeat([]byte(" "), httpapi.MaxBody)...)
	tests := []struct {
		name    string
		body    []byte
		headers map[string]string
		want    int
	}{
		{"no signature", start, map[string]string{"X-Signature-Timestamp": now}, http.StatusUnauthorized},
		{"no timestamp", start, map[string]string{"X-Signature-Ed25519": d.Sign(now, start)}, http.StatusUnauthorized},
		{"signed by another key", start, map[string]string{
			"X-Signature-Ed25519":   hex.EncodeToString(ed25519.Sign(otherKey, append([]byte(now), start...))),
			"X-Signature-Timestamp": now,
		}, http.StatusUnauthorized},
		{"signature of another body", start, map[string]string{
			"X-Signature-Ed25519": d.Sign(now, []byte(`{"type":1}`)), "X-Signature-Timestamp": now,
		}, http.StatusUnauthorized},
		{"stale timestamp, correctly signed", start, map[string]string{
			"X-Signature-Ed25519": d.Sign(stale, start), "X-Signature-Timestamp": stale,
		}, http.StatusUnauthorized},
		{"over 64 KiB, correctly signed", huge, map[string]string{
			"X-Signature-Ed25519": d.Sign(now, huge), "X-Signature-Timestamp": now,
		}, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, _ := d.PostRaw(in.url, tt.body, tt.headers)
			if status != tt.want {
				t.Errorf("status = %d, want %d", status, tt.want)
			}
		})
	}
	if n := in.served.Load(); n != 0 {
		t.Errorf("%d refused interactions reached the router", n)
	}
	if _, _, err := in.store.Get(context.Background(), ch); !errors.Is(err, state.ErrNotFound) {
		t.Errorf("store after refused game starts: %v, want no game", err)
	}
	if calls := d.Calls(); len(calls) != 0 {
		t.Errorf("REST calls after refused interactions: %+v", calls)
	}
	// The same interaction, properly signed, does start the game.
	status, _, _ := d.Post(in.url, start, time.Now())
	if status != http.StatusOK {
		t.Fatalf("signed game start: status %d", status)
	}
	if _, _, err := in.store.Get(context.Background(), ch); err != nil {
		t.Fatalf("signed game start stored nothing: %v", err)
	}
}

func TestHelpInTheHTTPAnswer(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	sent := d.Slash(alice, "400000000000000001", "help")
	r := sent.WaitAnswered(t)
	if sent.HTTPStatus() != http.StatusOK || r.Callback != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("/help: status %d, callback %d; want 200 and a message in the answer", sent.HTTPStatus(), r.Callback)
	}
	if eph := r.Ephemeral(); len(eph) != 1 || !strings.Contains(eph[0].Text(), "/roll") {
		t.Fatalf("/help answered %+v", r.All())
	}
	for _, c := range d.Calls() {
		if strings.Contains(c.Path, "/webhooks/") || strings.Contains(c.Path, "/callback") {
			t.Errorf("/help made a REST call %s %s; want everything in the HTTP answer", c.Method, c.Path)
		}
	}
}

// TestFilesByTheDocumentedPath: an HTTP answer cannot carry files (the
// double fails an interaction answered multipart, as Discord does), so /odds
// and /game export defer in the answer and edit the message, with its files,
// in over REST: multipart payload_json and files[n].
func TestFilesByTheDocumentedPath(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	const ch = "400000000000000021"

	odds := d.Slash(alice, ch, "odds", discordtest.Opt("dice", "d6"))
	r := odds.WaitAnswered(t)
	pub := r.Public()
	if odds.HTTPStatus() != http.StatusOK || r.Callback != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		len(pub) != 1 || !strings.HasPrefix(pub[0].Files["odds.png"], "\x89PNG") || !strings.Contains(pub[0].Text(), "16.67%") {
		t.Fatalf("/odds: status %d, callback %d, public %+v; want a deferral edited into the odds with odds.png", odds.HTTPStatus(), r.Callback, pub)
	}

	d.Slash(alice, ch, "game start", discordtest.Opt("ruleset", "greenjackets")).WaitAnswered(t)
	export := d.Slash(alice, ch, "game export")
	r = export.WaitAnswered(t)
	eph := r.Ephemeral()
	if r.Callback != discordgo.InteractionResponseDeferredChannelMessageWithSource || len(r.Public()) != 0 || len(eph) != 1 || len(eph[0].Files) != 1 {
		t.Fatalf("/game export: callback %d, public %+v, ephemeral %+v; want an ephemeral deferral edited into the file", r.Callback, r.Public(), eph)
	}
	for name, content := range eph[0].Files {
		if !strings.HasPrefix(name, "greenjackets-") || !strings.Contains(content, `"ruleset": "greenjackets"`) {
			t.Errorf("/game export attached %s: %.80q", name, content)
		}
	}

	edits := 0
	for _, c := range d.Calls() {
		if c.Method == http.MethodPatch && strings.HasSuffix(c.Path, "/messages/@original") && len(c.Files) > 0 && c.Status == http.StatusOK {
			edits++
		}
	}
	if edits != 2 {
		t.Errorf("%d multipart edits of the original, want 2 (one for each file answer)", edits)
	}
}

func TestSlowCommandDeferredThenEdited(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	r := d.Slash(alice, "400000000000000001", "muster").WaitAnswered(t)
	if r.Callback != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callback = %d, want the deferral in the HTTP answer", r.Callback)
	}
	if r.Original == nil || r.Original.Content != "The brigade is mustered." || r.Original.Edits != 1 {
		t.Fatalf("original = %+v, want the deferred answer edited in place", r.Original)
	}
}

// TestShutdownFinishesInFlight: an interaction answered (deferred) before a
// shutdown is finished, its message edited, before the endpoint stops.
func TestShutdownFinishesInFlight(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	sent := d.Slash(alice, "400000000000000001", "march")
	sent.Wait(t, "the deferral", func(r discordtest.Reply) bool { return r.Callback != 0 })
	stopped := make(chan error, 1)
	go func() { stopped <- in.stop() }()
	select {
	case err := <-stopped:
		t.Fatalf("Serve returned (%v) with an interaction in flight", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(in.march)
	if err := <-stopped; err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if r := sent.Reply(); r.Original == nil || r.Original.Content != "The column has marched." {
		t.Fatalf("original = %+v at shutdown, want the deferred answer edited", r.Original)
	}
}

func TestDirectMessageRefused(t *testing.T) {
	d := discordtest.Start(t)
	d.RefuseDMs(bob.ID)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	r := d.Slash(alice, "400000000000000001", "deal").Wait(t, "the fallback note", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
	if pub := r.Public(); len(pub) != 1 || pub[0].Content != "Cards dealt." || r.Callback != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("public = %+v (callback %d), want the answer in the HTTP body", pub, r.Callback)
	}
	if got := d.DMs(alice.ID); len(got) != 1 || got[0].Content != "Your card: 3 action points." {
		t.Fatalf("alice's DMs = %+v", got)
	}
	want := "bob does not accept direct messages from the referee; they can see it with /card."
	if eph := r.Ephemeral(); eph[0].Content != want {
		t.Fatalf("fallback = %q, want %q", eph[0].Content, want)
	}
}

// TestTwoReplicasOneChannel: two replicas behind a load balancer (the double
// POSTs to them in turn) play the same battles over one Redis; every roll is
// answered and logged once, numbered without a gap.
func TestTwoReplicasOneChannel(t *testing.T) {
	d := discordtest.Start(t)
	srv := redistest.Start(t)
	a, b := startInstance(t, d, srv.URL()), startInstance(t, d, srv.URL())
	d.PostTo(a.url, b.url)
	chans := []string{"400000000000000011", "400000000000000012"}
	for _, ch := range chans {
		if r := d.Slash(alice, ch, "game start", discordtest.Opt("ruleset", "greenjackets")).WaitAnswered(t); len(r.Public()) == 0 {
			t.Fatalf("game start: %+v", r.All())
		}
	}
	const players, rolls = 10, 20
	var wg sync.WaitGroup
	for p := range players {
		user := discordtest.User{ID: fmt.Sprint(310000000000000000 + p), Name: fmt.Sprint("player", p)}
		wg.Go(func() {
			for i := range rolls {
				r := d.Slash(user, chans[(p+i)%2], "roll", discordtest.Opt("dice", "2d6")).WaitAnswered(t)
				if len(r.Public()) != 1 {
					t.Errorf("roll answered %+v", r.All())
					return
				}
			}
		})
	}
	wg.Wait()
	if a.served.Load() == 0 || b.served.Load() == 0 {
		t.Fatalf("served %d and %d: want both replicas used", a.served.Load(), b.served.Load())
	}
	rolled := 0
	for _, ch := range chans {
		r, err := a.store.GetLog(context.Background(), ch, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		g, err := battle.DecodeGame(r.Doc)
		if err != nil {
			t.Fatal(err)
		}
		if g.LogLen != r.LogLen {
			t.Fatalf("%s: the game counts %d log entries; the log holds %d", ch, g.LogLen, r.LogLen)
		}
		for n, b := range r.Log {
			var e gamelog.Entry
			if err := json.Unmarshal(b, &e); err != nil {
				t.Fatal(err)
			}
			if e.N != n+1 {
				t.Fatalf("%s: entry %d numbered %d", ch, n+1, e.N)
			}
			if e.Command == "roll" {
				rolled++
			}
		}
	}
	if rolled != players*rolls {
		t.Errorf("%d rolls logged, want %d", rolled, players*rolls)
	}
}

// TestTurnMessageOverHTTP: in HTTP mode the turn message is a bot message
// too, posted over REST with the bot token, and the next turn's message
// disables the buttons of the one before, which no one pressed.
func TestTurnMessageOverHTTP(t *testing.T) {
	d := discordtest.Start(t)
	in := startInstance(t, d, redistest.Start(t).URL())
	d.PostTo(in.url)
	const ch = "400000000000000031"
	d.Slash(alice, ch, "game start", discordtest.Opt("ruleset", "firing2007")).WaitAnswered(t)
	for _, step := range []string{"turn new", "turn next"} {
		r := d.Slash(alice, ch, step).Wait(t, step+" answered", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
		if eph := r.Ephemeral(); len(r.Public()) != 0 || !strings.Contains(eph[0].Text(), "the [turn message]") {
			t.Fatalf("/%s answered %+v, want a private link to the turn message", step, r.All())
		}
	}
	d.Wait(t, "turn 1's message retired", func() bool {
		ms := d.ChannelMessages(ch)
		return len(ms) == 2 && len(ms[0].Buttons()) == 1 && ms[0].Buttons()[0].Disabled && !ms[1].Buttons()[0].Disabled
	})
	ms := d.ChannelMessages(ch)
	if !strings.Contains(ms[0].Text(), "Turn 1") || !strings.Contains(ms[1].Text(), "Turn 2") {
		t.Errorf("the channel shows %q and %q, want turns 1 and 2", ms[0].Text(), ms[1].Text())
	}
	for _, c := range d.Calls() {
		if strings.HasPrefix(c.Path, "/channels/"+ch+"/messages") && c.Auth != "Bot "+d.Token {
			t.Errorf("%s %s sent with %q, want the bot token", c.Method, c.Path, c.Auth)
		}
	}
}

// TestNoFollowupLost: Discord takes an HTTP answer some time after the bot
// wrote it, and until then answers every followup and edit of the
// interaction 404, code 10015. The double does so until it has read the
// answer whole, and then (LagAnswers) for two calls more, counted in calls
// rather than time, so that every try needs its retries; over 12 tries
// nothing is lost: each private copy follows its public answer, each chart
// is edited into its deferral, and none is counted lost. The waits between
// retries are a millisecond or two here, so the test is fast and the
// retries it needs do not depend on the machine's speed. (It made 50 tries,
// and 200 before: each /odds draws a chart, most of the package's CPU under
// the race detector, and each try is refused alike.)
func TestNoFollowupLost(t *testing.T) {
	d := discordtest.Start(t)
	in := startWithBackoff(t, d, redistest.Start(t).URL(), discord.Backoff{First: time.Millisecond, Max: 2 * time.Millisecond})
	d.PostTo(in.url)
	d.LagAnswers(2)
	const tries = 12
	for n := range tries {
		ch := fmt.Sprint(400000000000000100 + n%4)
		if n%2 == 0 {
			r := d.Slash(alice, ch, "seal").Wait(t, "the private copy", func(r discordtest.Reply) bool { return len(r.Ephemeral()) > 0 })
			if pub, eph := r.Public(), r.Ephemeral(); len(pub) != 1 || len(eph) != 1 || eph[0].Content != "Your orders, as sealed: advance to the ford." {
				t.Fatalf("try %d: /seal answered public %+v, private %+v", n, pub, eph)
			}
			continue
		}
		r := d.Slash(alice, ch, "odds", discordtest.Opt("dice", "2d6")).WaitAnswered(t)
		if pub := r.Public(); len(pub) != 1 || !strings.HasPrefix(pub[0].Files["odds.png"], "\x89PNG") {
			t.Fatalf("try %d: /odds answered %+v, want its chart edited in", n, pub)
		}
	}
	refused := 0
	for _, c := range d.Calls() {
		if strings.HasPrefix(c.Path, "/webhooks/") && c.Status == http.StatusNotFound {
			refused++
		}
	}
	if refused < 2*tries {
		t.Errorf("%d calls answered 10015, want at least %d (2 a try)", refused, 2*tries)
	}
	if n := in.lost.Load(); n != 0 {
		t.Errorf("%d followups or edits lost", n)
	}
	t.Logf("%d tries, %d calls answered 10015 and retried, none lost", tries, refused)
}

// TestFollowupGivenUp: a followup Discord answers 10015 for longer than the
// whole budget of waits is given up, logged and counted: tried once and
// once after each wait, no more.
func TestFollowupGivenUp(t *testing.T) {
	d := discordtest.Start(t)
	b := discord.Backoff{First: time.Millisecond, Max: time.Millisecond, Budget: 5 * time.Millisecond}
	in := startWithBackoff(t, d, redistest.Start(t).URL(), b)
	d.PostTo(in.url)
	d.LagAnswers(1000)
	sent := d.Slash(alice, "400000000000000201", "seal")
	tries := 1 + len(b.Waits())
	followups := func() int {
		n := 0
		for _, c := range d.Calls() {
			if c.Method == http.MethodPost && strings.HasPrefix(c.Path, "/webhooks/") && strings.Contains(c.Path, sent.Token) {
				n++
			}
		}
		return n
	}
	select {
	case <-in.gaveUp:
	case <-time.After(d.Timeout):
		t.Fatalf("the followup was not given up after %d tries", followups())
	}
	if r := sent.Reply(); len(r.Public()) != 1 || len(r.Ephemeral()) != 0 {
		t.Errorf("reply %+v, want the public answer and no private copy", r.All())
	}
	if n := followups(); n != tries {
		t.Errorf("the followup was tried %d times, want %d (once, then after each of %v)", n, tries, b.Waits())
	}
}
