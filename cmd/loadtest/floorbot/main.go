// Command floorbot is the least any referee must do for an HTTP interaction,
// the load benchmark's floor: it reads the POST over net/http, checks its
// Ed25519 signature with the bot's verifier (commands/httpapi), decodes the
// interaction with the bot's decoder (commands/discord), makes one Redis round
// trip of the bot's size (an EVALSHA writing 3 KB to the channel's key, what
// state/redisstore's update script is sent on average in the load mix), and
// answers with a public message of the bot's answer type and about its size
// (780 bytes). It keeps no game and refuses nothing.
//
// It is started as the bot is in HTTP mode (-http, DISCORD_PUBLIC_KEY,
// REDIS_URL, HTTP_ADDR for /readyz, /metrics and /debug/pprof/profile), so
// that cmd/loadtest drives it unchanged: `go run ./cmd/loadtest -floor`. What
// it answers is the most commands a second the machine can carry with the
// generator and Redis on it.
package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/bwmarrin/discordgo"
	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/commands/discord"
	"github.com/referee-bot/referee/commands/httpapi"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "floorbot:", err)
		os.Exit(1)
	}
}

// docSize is the bytes an update sends Redis in the load mix (INFO stats'
// total_net_input_bytes ÷ EVALSHA calls: the document, the reply recorded and
// the log entry of a change in a battle; the reply alone outside one).
const docSize = 3 << 10

// writeScript stands for the update script: one write of the document.
var writeScript = redis.NewScript(`redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'last', ARGV[2]) return 1`)

// answer is a ruling's answer as the bot writes it: an embed and a Details
// button.
var answer = discord.Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Message: &discord.MessageBody{
	Embeds: []*discordgo.MessageEmbed{{
		Title:       "Fire: 6 trained muskets at 12\"",
		Description: strings.Repeat("Hits on 4+: 6, 3, 5, 1, 4, 2 → 3 hits; saves on 5+: 2, 6, 1 → 2 casualties. ", 5),
		Color:       0x4a6b3a,
		Footer:      &discordgo.MessageEmbedFooter{Text: "Green Jackets, the fire chart (rulebook p. 24)"},
	}},
	Components: []discord.Row{{Type: discordgo.ActionsRowComponent, Components: []discord.Component{
		{Type: discordgo.ButtonComponent, CustomID: "v1/details/0123456789abcdef/1", Label: "Details", Style: discordgo.SecondaryButton},
	}}},
	AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
}}

type floor struct {
	key    *httpapi.PublicKey
	rdb    *redis.Client
	doc    []byte
	served atomic.Int64
}

func run(ctx context.Context, args []string, getenv func(string) string) error {
	flags := flag.NewFlagSet("floorbot", flag.ContinueOnError)
	addr := flags.String("http", "", "the interactions address, host:port")
	if err := flags.Parse(args); err != nil {
		return err
	}
	key, err := httpapi.ParsePublicKey(getenv("DISCORD_PUBLIC_KEY"))
	if err != nil {
		return err
	}
	opts, err := redis.ParseURL(getenv("REDIS_URL"))
	if err != nil {
		return fmt.Errorf("REDIS_URL: %w", err)
	}
	f := &floor{key: key, rdb: redis.NewClient(opts), doc: bytes.Repeat([]byte("d"), docSize)}
	defer f.rdb.Close()
	if err := writeScript.Load(ctx, f.rdb).Err(); err != nil {
		return fmt.Errorf("redis: %w", err)
	}
	ops := http.NewServeMux()
	ops.HandleFunc("/readyz", func(http.ResponseWriter, *http.Request) {})
	ops.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		n := f.served.Load()
		fmt.Fprintf(w, "referee_interactions_total %d\nreferee_store_round_trips_total %d\n", n, n)
	})
	ops.HandleFunc("/debug/pprof/profile", pprof.Profile) // cmd/loadtest -cpuprofile
	servers := []*http.Server{{Addr: *addr, Handler: f}, {Addr: getenv("HTTP_ADDR"), Handler: ops}}
	errs := make(chan error, len(servers))
	for _, s := range servers {
		ln, err := net.Listen("tcp", s.Addr)
		if err != nil {
			return err
		}
		defer s.Close()
		go func() { errs <- s.Serve(ln) }()
	}
	select {
	case <-ctx.Done():
		return nil
	case err := <-errs:
		return err
	}
}

// ServeHTTP answers one interaction: signature, decoding, one write, answer.
func (f *floor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ts := r.Header.Get("X-Signature-Timestamp")
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	if _, bad := strconv.ParseInt(ts, 10, 64); err != nil || bad != nil {
		http.Error(w, "missing or malformed signature", http.StatusUnauthorized)
		return
	}
	msg := bytes.NewBuffer(make([]byte, 0, len(ts)+int(max(r.ContentLength, 0))+1))
	msg.WriteString(ts)
	if _, err := msg.ReadFrom(io.LimitReader(r.Body, httpapi.MaxBody)); err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if !f.key.Verify(msg.Bytes(), sig) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	i, err := discord.DecodeInteraction(msg.Bytes()[len(ts):])
	if err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if err := writeScript.Run(r.Context(), f.rdb, []string{"floor:" + i.ChannelID}, f.doc, i.ID).Err(); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	b, err := answer.MarshalJSON()
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
	f.served.Add(1)
}
