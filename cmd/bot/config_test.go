package main

import (
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestLoadConfigDefaults(t *testing.T) {
	c, err := loadConfig(getenv(map[string]string{}), modeConsole)
	if err != nil {
		t.Fatalf("loadConfig(empty) = %v", err)
	}
	if c.DiscordAPIURL != "https://discord.com" || c.DataDir != "./data" || c.ShardCount != 1 ||
		c.LogFormat != "text" || c.LogLevel != slog.LevelInfo || c.GameTTL != 90*24*time.Hour {
		t.Fatalf("defaults = %+v", c)
	}
}

func TestLoadConfigValues(t *testing.T) {
	c, err := loadConfig(getenv(map[string]string{
		"DISCORD_TOKEN": "Bot abc.def", "DISCORD_APP_ID": "123", "DISCORD_GUILD_ID": "456",
		"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32), "DISCORD_API_URL": "http://127.0.0.1:8080/",
		"REDIS_URL": "redis://localhost:6379/0", "DATA_DIR": "/var/lib/referee",
		"SHARD_ID": "2", "SHARD_COUNT": "4", "HTTP_ADDR": ":9090",
		"LOG_LEVEL": "debug", "LOG_FORMAT": "JSON", "GAME_TTL": "30d", "PROFILING": "true",
		"HEALTH_ON_INTERACTIONS_PORT": "1", "OPS_ON_INTERACTIONS_PORT": "false",
	}), modeHTTP)
	if err != nil {
		t.Fatalf("loadConfig = %v", err)
	}
	if c.DiscordToken != "abc.def" || c.DiscordAppID != "123" || c.DiscordPublicKey != strings.Repeat("ab", 32) ||
		c.DiscordAPIURL != "http://127.0.0.1:8080" || c.ShardID != 2 ||
		c.ShardCount != 4 || c.LogLevel != slog.LevelDebug || c.LogFormat != "json" || c.GameTTL != 30*24*time.Hour ||
		!c.Profiling || !c.HealthOnInteractionsPort {
		t.Fatalf("config = %+v", c)
	}
}

func TestLoadConfigReportsEveryBadKey(t *testing.T) {
	_, err := loadConfig(getenv(map[string]string{
		"DISCORD_APP_ID": "my-app", "DISCORD_GUILD_ID": "guild", "DISCORD_PUBLIC_KEY": "zz",
		"DISCORD_API_URL": "discord.com", "REDIS_URL": "localhost:6379",
		"SHARD_ID": "5", "SHARD_COUNT": "2", "HTTP_ADDR": "8080",
		"LOG_LEVEL": "loud", "LOG_FORMAT": "xml", "GAME_TTL": "forever", "PROFILING": "sometimes",
		"HEALTH_ON_INTERACTIONS_PORT": "public", "OPS_ON_INTERACTIONS_PORT": "public",
	}), modeHTTP)
	if err == nil {
		t.Fatal("loadConfig accepted bad values")
	}
	for _, key := range []string{"DISCORD_TOKEN", "DISCORD_APP_ID", "DISCORD_GUILD_ID", "DISCORD_PUBLIC_KEY", "DISCORD_API_URL",
		"REDIS_URL", "SHARD_ID", "HTTP_ADDR", "LOG_LEVEL", "LOG_FORMAT", "GAME_TTL", "PROFILING",
		"HEALTH_ON_INTERACTIONS_PORT", "OPS_ON_INTERACTIONS_PORT"} {
		if !strings.Contains(err.Error(), key+":") {
			t.Errorf("error does not mention %s:\n%v", key, err)
		}
	}
}

// TestSecretsByMode: each mode refuses to start only for the keys it needs,
// naming them; a key only another mode reads may hold anything (a
// placeholder, or nothing).
func TestSecretsByMode(t *testing.T) {
	key := strings.Repeat("ab", 32)
	tests := []struct {
		name string
		m    mode
		env  map[string]string
		want []string // keys refused, in order; none: it starts
	}{
		{"gateway: the token alone", modeGateway, map[string]string{"DISCORD_TOKEN": "t"}, nil},
		{"gateway: the HTTP keys' placeholders are not read", modeGateway,
			map[string]string{"DISCORD_TOKEN": "t", "DISCORD_PUBLIC_KEY": "replace-me"}, nil},
		{"gateway: no token", modeGateway, map[string]string{"DISCORD_PUBLIC_KEY": key}, []string{"DISCORD_TOKEN"}},
		{"gateway: an application id it would use, not an id", modeGateway,
			map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "replace-me"}, []string{"DISCORD_APP_ID"}},
		{"http: all three", modeHTTP, map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "123", "DISCORD_PUBLIC_KEY": key}, nil},
		{"http: none", modeHTTP, map[string]string{}, []string{"DISCORD_TOKEN", "DISCORD_APP_ID", "DISCORD_PUBLIC_KEY"}},
		{"http: no application id", modeHTTP, map[string]string{"DISCORD_TOKEN": "t", "DISCORD_PUBLIC_KEY": key}, []string{"DISCORD_APP_ID"}},
		{"http: placeholders", modeHTTP, map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "replace-me", "DISCORD_PUBLIC_KEY": "replace-me"},
			[]string{"DISCORD_APP_ID", "DISCORD_PUBLIC_KEY"}},
		{"console: nothing needed", modeConsole, map[string]string{"DISCORD_APP_ID": "replace-me", "DISCORD_PUBLIC_KEY": "replace-me"}, nil},
	}
	all := []string{"DISCORD_TOKEN", "DISCORD_APP_ID", "DISCORD_PUBLIC_KEY"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadConfig(getenv(tt.env), tt.m)
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("loadConfig(%s) = %v, want it to start", tt.m, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("loadConfig(%s) started, want %v refused", tt.m, tt.want)
			}
			for _, k := range all {
				named := strings.Contains(err.Error(), k+":")
				if want := slices.Contains(tt.want, k); named != want {
					t.Errorf("loadConfig(%s) names %s: %v, want %v:\n%v", tt.m, k, named, want, err)
				}
			}
		})
	}
}

// TestOpsNeverOnTheInteractionsPort: a setting that would put metrics or
// profiles on the public interactions port is refused, with why.
func TestOpsNeverOnTheInteractionsPort(t *testing.T) {
	http := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "123", "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32)}
	with := func(kv ...string) map[string]string {
		env := map[string]string{}
		for k, v := range http {
			env[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	tests := []struct {
		name string
		m    mode
		env  map[string]string
		want string // "" for accepted
	}{
		{"OPS_ON_INTERACTIONS_PORT with PROFILING", modeHTTP, with("OPS_ON_INTERACTIONS_PORT", "true", "PROFILING", "true", "HTTP_ADDR", ":9090"),
			"OPS_ON_INTERACTIONS_PORT: metrics and profiles are never served on the public interactions port, where anyone could read them"},
		{"OPS_ON_INTERACTIONS_PORT alone", modeHTTP, with("OPS_ON_INTERACTIONS_PORT", "1"), "HEALTH_ON_INTERACTIONS_PORT=true"},
		{"OPS_ON_INTERACTIONS_PORT on the gateway", modeGateway, map[string]string{"DISCORD_TOKEN": "t", "OPS_ON_INTERACTIONS_PORT": "true"}, "OPS_ON_INTERACTIONS_PORT:"},
		{"PROFILING with nowhere private to serve it", modeHTTP, with("PROFILING", "true", "HEALTH_ON_INTERACTIONS_PORT", "true"),
			"PROFILING: Go's profiles are served on HTTP_ADDR only, never on the interactions port, and HTTP_ADDR is not set"},
		{"PROFILING on the gateway without HTTP_ADDR", modeGateway, map[string]string{"DISCORD_TOKEN": "t", "PROFILING": "true"}, "PROFILING:"},
		{"health alone on the interactions port", modeHTTP, with("HEALTH_ON_INTERACTIONS_PORT", "true", "PROFILING", "true", "HTTP_ADDR", ":9090"), ""},
		{"OPS_ON_INTERACTIONS_PORT=false", modeHTTP, with("OPS_ON_INTERACTIONS_PORT", "false"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadConfig(getenv(tt.env), tt.m)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("loadConfig = %v, want it accepted", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("loadConfig = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestSamePort(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{":8080", ":8080", true},
		{":8080", "127.0.0.1:8080", true},
		{"0.0.0.0:8080", "10.0.0.1:8080", true},
		{"[::]:8080", "127.0.0.1:8080", true},
		{"127.0.0.1:8080", "127.0.0.1:8080", true},
		{"127.0.0.1:9090", "127.0.0.1:8080", false},
		{"127.0.0.1:8080", "10.0.0.1:8080", false},
		{":9090", ":8080", false},
	} {
		if got := samePort(tt.a, tt.b); got != tt.want {
			t.Errorf("samePort(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestConfigLogValueHidesToken(t *testing.T) {
	c := Config{DiscordToken: "very-secret", RedisURL: "redis://:pw@host:6379"}
	if s := c.LogValue().String(); strings.Contains(s, "very-secret") || strings.Contains(s, "pw") {
		t.Fatalf("LogValue = %s, shows a secret", s)
	}
}
