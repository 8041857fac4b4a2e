package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestAnswerOf(t *testing.T) {
	message := func(d *discordgo.InteractionResponseData) *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}
	}
	tests := []struct {
		name      string
		resp      *discordgo.InteractionResponse
		typ, flag int
	}{
		{"public", message(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{{Title: "Roll 2d6+1"}}}), 4, 0},
		{"ephemeral", message(&discordgo.InteractionResponseData{Content: "not your turn", Flags: discordgo.MessageFlagsEphemeral}), 4, 64},
		{"ephemeral, embeds suppressed", message(&discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds}), 4, 68},
		{"flags quoted in the content", message(&discordgo.InteractionResponseData{Content: `"flags":64}}`}), 4, 0},
		{"an attachment's flags", message(&discordgo.InteractionResponseData{Attachments: &[]*discordgo.MessageAttachment{{ID: "1", Flags: 64}}}), 4, 0},
		{"deferred", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, 5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := json.NewEncoder(&b).Encode(tt.resp); err != nil { // as the bot writes it
				t.Fatal(err)
			}
			typ, flags, ok := answerOf(b.Bytes())
			if !ok || typ != tt.typ || flags != tt.flag {
				t.Errorf("answerOf(%s) = %d, %d, %t, want %d, %d, true", b.Bytes(), typ, flags, ok, tt.typ, tt.flag)
			}
		})
	}
	if _, _, ok := answerOf([]byte("internal error\n")); ok {
		t.Errorf("answerOf(internal error) is ok, want not")
	}
}

func testLoad(t *testing.T, addr string, roster int) (*load, ed25519.PublicKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	l := &load{addr: addr, priv: priv, roster: roster, mix: map[string]int{},
		channels: []*channel{{id: "700000000000000000", game: true}, {id: "700000000000000001"}}}
	return l, pub
}

func TestPickMix(t *testing.T) {
	for _, roster := range []int{0, 15, 100} {
		l, _ := testLoad(t, "bot", roster)
		rnd := rand.New(rand.NewPCG(1, 2))
		kinds := map[string]int{}
		for range 4000 {
			c := l.pick(rnd)
			if inBattle := c.kind != "roll" && c.kind != "quick ruling"; inBattle != c.ch.game {
				t.Fatalf("roster %d: %s in channel %s, a battle: %t", roster, c.kind, c.ch.id, c.ch.game)
			}
			kinds[c.kind]++
		}
		battle := kinds["roll in a battle"] + kinds["ruling in a battle"] + kinds["roster change"]
		if got := 100 * kinds["roster change"] / battle; got < roster-3 || got > roster+3 {
			t.Errorf("roster %d: %d %% of the commands in battles are roster changes: %v", roster, got, kinds)
		}
		for _, kind := range []string{"roll", "quick ruling"} {
			if kinds[kind] < 800 {
				t.Errorf("roster %d: %d of 4000 commands are a %s, want about 1000: %v", roster, kinds[kind], kind, kinds)
			}
		}
		if roster < 100 && (kinds["roll in a battle"] == 0 || kinds["ruling in a battle"] == 0) {
			t.Errorf("roster %d: no rolls or no rulings in battles: %v", roster, kinds)
		}
	}
}

// stubBot answers signed interactions as the bot would, checking the signature,
// the timestamp and that each interaction id is new.
type stubBot struct {
	key   ed25519.PublicKey
	ids   map[string]bool
	conns atomic.Int32
}

func (b *stubBot) serve(t *testing.T) *httptest.Server {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts := r.Header.Get("X-Signature-Timestamp")
		sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
		var i discordgo.Interaction
		if !ed25519.Verify(b.key, append([]byte(ts), body...), sig) || json.Unmarshal(body, &i) != nil || b.ids[i.ID] {
			t.Errorf("POST %s: bad signature, body or repeated id: %s", r.URL, body)
			http.Error(w, "refused", http.StatusUnauthorized)
			return
		}
		b.ids[i.ID] = true
		if secs, _ := strconv.ParseInt(ts, 10, 64); time.Since(time.Unix(secs, 0)).Abs() > fresh {
			t.Errorf("interaction %s signed at %s, not fresh", i.ID, time.Unix(secs, 0))
		}
		json.NewEncoder(w).Encode(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: i.ChannelID}})
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			b.conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func TestClient(t *testing.T) {
	b := &stubBot{ids: map[string]bool{}}
	srv := b.serve(t)
	l, pub := testLoad(t, srv.Listener.Addr().String(), 15)
	b.key = pub
	c := &client{addr: l.addr}
	defer c.close()
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		r, err := l.sign(l.pick(rnd), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if public, err := c.post(r); err != nil || !public {
			t.Fatalf("post(%s) = %t, %v, want a public answer", r.wire, public, err)
		}
	}
	if n := b.conns.Load(); n != 1 {
		t.Errorf("5 requests took %d connections, want 1 kept alive", n)
	}
	c.used = time.Now().Add(-idleFor - time.Second)
	r, _ := l.sign(l.pick(rnd), time.Now())
	if _, err := c.post(r); err != nil {
		t.Fatal(err)
	}
	if n := b.conns.Load(); n != 2 {
		t.Errorf("after an idle connection, %d connections, want a new one (2)", n)
	}
}

func TestPresignedQueue(t *testing.T) {
	b := &stubBot{ids: map[string]bool{}}
	srv := b.serve(t)
	l, pub := testLoad(t, srv.Listener.Addr().String(), 15)
	b.key = pub
	if err := l.presign(10, 5); err != nil {
		t.Fatal(err)
	}
	if l.signed.Load() != 10 {
		t.Errorf("presign(10) signed %d requests", l.signed.Load())
	}
	for i, r := range l.queue {
		if after, planned := float64(r.ts-l.queue[0].ts), float64(i)/5; after < planned-1 || after > planned+1 {
			t.Errorf("queue[%d] signed %.0f s after the first, want its planned %.1f s (5 per second)", i, after, planned)
		}
	}
	l.queue[3].ts = time.Now().Add(-fresh - time.Minute).Unix() // as if the run fell far behind
	c := &client{addr: l.addr}
	defer c.close()
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 12 {
		r, err := l.take(rnd)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.post(r); err != nil {
			t.Fatal(err)
		}
	}
	if l.signed.Load() != 13 || l.unqueued.Load() != 3 {
		t.Errorf("12 taken from a queue of 10 with one stale: %d signed in all, %d past the queue; want 13 and 3",
			l.signed.Load(), l.unqueued.Load())
	}
}
