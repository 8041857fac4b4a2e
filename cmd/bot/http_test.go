package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/state/redistest"
)

func TestHTTPModeNeedsItsKeys(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"no public key", map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "123"}, []string{"DISCORD_PUBLIC_KEY: required with -http"}},
		{"none", map[string]string{}, []string{"DISCORD_PUBLIC_KEY: required", "DISCORD_TOKEN: required", "DISCORD_APP_ID: required"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(context.Background(), []string{"bot", "-http", "127.0.0.1:0"}, getenv(tt.env), strings.NewReader(""), io.Discard, io.Discard)
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("run -http = %v, want an error saying %q", err, w)
				}
			}
		})
	}
	for _, args := range [][]string{{"bot", "-http"}, {"bot", "-http", "nowhere"}, {"bot", "-http", ":8080", "extra"}} {
		if _, ok, err := httpMode(args); !ok || err == nil {
			t.Errorf("httpMode(%q) = ok %v, err %v; want an error", args, ok, err)
		}
	}
	for _, args := range [][]string{{"bot", "-http", ":8080"}, {"bot", "--http=:8080"}} {
		if addr, ok, err := httpMode(args); !ok || err != nil || addr != ":8080" {
			t.Errorf("httpMode(%q) = %q, %v, %v", args, addr, ok, err)
		}
	}
}

// get polls url until it answers and returns the status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp.StatusCode, string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s: %v", url, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startArgs runs the real run with args, as main does.
func startArgs(t *testing.T, env map[string]string, args ...string) *bot {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b := &bot{cancel: cancel, done: make(chan error, 1), logs: &syncBuffer{}}
	go func() {
		b.done <- run(ctx, append([]string{"bot"}, args...), getenv(env), strings.NewReader(""), &bytes.Buffer{}, b.logs)
	}()
	t.Cleanup(func() {
		if err := b.stop(t); err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("bot stopped with: %v", err)
		}
		if t.Failed() {
			t.Logf("bot logs:\n%s", b.logs)
		}
	})
	return b
}

// TestHTTPModeEndToEnd: bot -http over Redis registers the commands, answers
// /help in the HTTP body, serves readiness, metrics and (PROFILING) Go's
// profiles on HTTP_ADDR, and, asked to (HEALTH_ON_INTERACTIONS_PORT),
// /livez and /readyz on the interactions port, never its metrics or
// profiles; the interactions counted are the ones served.
func TestHTTPModeEndToEnd(t *testing.T) {
	d := discordtest.Start(t)
	env := envFor(t, d)
	env["DISCORD_PUBLIC_KEY"] = d.PublicKey()
	env["REDIS_URL"] = redistest.Start(t).URL()
	env["LOG_FORMAT"] = "json"
	env["PROFILING"] = "true"
	env["HEALTH_ON_INTERACTIONS_PORT"] = "true"
	ops := freeAddr(t)
	env["HTTP_ADDR"] = ops
	addr := freeAddr(t)
	b := startArgs(t, env, "-http", addr)
	if status, body := get(t, "http://"+addr+"/livez"); status != http.StatusOK {
		t.Fatalf("/livez = %d %s", status, body)
	}
	if !hasCommand(d.Commands(d.Guild), "help") {
		t.Fatalf("commands registered: %v", names(d.Commands(d.Guild)))
	}
	for _, base := range []string{addr, ops} {
		if status, body := get(t, "http://"+base+"/readyz"); status != http.StatusOK {
			t.Fatalf("/readyz on %s = %d %s", base, status, body)
		}
	}
	d.PostTo("http://" + addr + "/interactions")
	sent := d.Slash(alice, channel, "help")
	r := sent.WaitAnswered(t)
	if sent.HTTPStatus() != http.StatusOK || r.Callback != discordgo.InteractionResponseChannelMessageWithSource || len(r.Ephemeral()) != 1 {
		t.Fatalf("/help over HTTP: status %d, callback %d, %+v", sent.HTTPStatus(), r.Callback, r.All())
	}
	_, metrics := get(t, "http://"+ops+"/metrics")
	for _, want := range []string{`referee_interactions_total{command="help",outcome="ok"} 1`, "referee_store_round_trips_total", "referee_store_retries_total"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if status, body := get(t, "http://"+ops+"/debug/pprof/"); status != http.StatusOK || !strings.Contains(body, "goroutine") {
		t.Errorf("/debug/pprof/ = %d %.80q, want the index of Go's profiles", status, body)
	}
	for _, path := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/profile?seconds=1"} {
		if status, body := get(t, "http://"+addr+path); status != http.StatusMethodNotAllowed {
			t.Errorf("GET %s on the interactions port = %d %.80q, want 405: only interactions and health answer there", path, status, body)
		}
	}
	if err := b.stop(t); err != nil {
		t.Fatalf("run -http after SIGTERM = %v", err)
	}
	if strings.Contains(b.logs.String(), d.Token) {
		t.Error("the token appears in the logs")
	}
}

// TestHTTPModeRefusesOpsOnTheInteractionsPort: HTTP_ADDR on the port of
// -http (the image's default HTTP_ADDR=:8080 with -http :8080, or a host
// of its own on that port) is refused with why and what to do, rather than
// failing to listen or serving metrics in public.
func TestHTTPModeRefusesOpsOnTheInteractionsPort(t *testing.T) {
	for _, tt := range []struct{ ops, interactions string }{{":8080", ":8080"}, {":8080", "127.0.0.1:8080"}, {"0.0.0.0:8080", ":8080"}} {
		env := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "123", "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32), "HTTP_ADDR": tt.ops}
		err := run(context.Background(), []string{"bot", "-http", tt.interactions}, getenv(env), strings.NewReader(""), io.Discard, io.Discard)
		want := "HTTP_ADDR: " + tt.ops + " is the interactions port too (-http " + tt.interactions + "), which is public, and metrics and profiles are never served there"
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "HEALTH_ON_INTERACTIONS_PORT=true") {
			t.Errorf("run -http %s with HTTP_ADDR=%s = %v, want a configuration error saying %q and what to do", tt.interactions, tt.ops, err, want)
		}
	}
}

// TestHTTPModeKeepsOpsOffThePublicPort: health and metrics are served on
// HTTP_ADDR, and the interactions port answers only interactions.
func TestHTTPModeKeepsOpsOffThePublicPort(t *testing.T) {
	d := discordtest.Start(t)
	env := envFor(t, d)
	env["DISCORD_PUBLIC_KEY"] = d.PublicKey()
	env["PROFILING"] = "true"
	ops := freeAddr(t)
	env["HTTP_ADDR"] = ops
	addr := freeAddr(t)
	startArgs(t, env, "-http", addr)
	if status, body := get(t, "http://"+ops+"/metrics"); status != http.StatusOK || !strings.Contains(body, "referee_") {
		t.Fatalf("/metrics on HTTP_ADDR = %d %.80q", status, body)
	}
	for _, path := range []string{"/livez", "/readyz", "/metrics", "/debug/pprof/"} {
		if status, body := get(t, "http://"+addr+path); status != http.StatusMethodNotAllowed {
			t.Errorf("GET %s on the interactions port = %d %.80q, want 405: only interactions are POSTed there", path, status, body)
		}
	}
}

// TestAllShardsInOneProcess: SHARD_COUNT without SHARD_ID runs every shard,
// each identifying with its shard array; ready once all are connected.
func TestAllShardsInOneProcess(t *testing.T) {
	d := discordtest.Start(t)
	d.SetMaxConcurrency(2)
	env := envFor(t, d)
	env["SHARD_COUNT"] = "2"
	ops := freeAddr(t)
	env["HTTP_ADDR"] = ops
	startArgs(t, env)
	ids := d.WaitIdentifies(t, 2)
	got := map[string]bool{}
	for _, id := range ids {
		got[fmt.Sprint(id.Shard)] = true
	}
	if !got["[0 2]"] || !got["[1 2]"] {
		t.Fatalf("IDENTIFY shards = %v, want [0 2] and [1 2]", ids)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		status, body := get(t, "http://"+ops+"/readyz")
		if status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz = %d %s", status, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if r := d.Slash(alice, channel, "help").WaitAnswered(t); len(r.Ephemeral()) != 1 {
		t.Fatalf("/help on two shards = %+v", r.All())
	}
}

func TestShardCountAloneMeansAllShards(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		all  bool
		id   int
		want int
	}{
		{map[string]string{}, false, 0, 1},
		{map[string]string{"SHARD_COUNT": "4"}, true, 0, 4},
		{map[string]string{"SHARD_COUNT": "4", "SHARD_ID": "3"}, false, 3, 4},
	} {
		cfg, err := loadConfig(getenv(tt.env), modeConsole)
		if err != nil || cfg.AllShards != tt.all || cfg.ShardID != tt.id || cfg.ShardCount != tt.want {
			t.Errorf("loadConfig(%v) = all %v, shard %d of %d, %v; want all %v, shard %d of %d",
				tt.env, cfg.AllShards, cfg.ShardID, cfg.ShardCount, err, tt.all, tt.id, tt.want)
		}
	}
}
