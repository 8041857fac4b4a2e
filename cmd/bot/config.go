package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/referee-bot/referee/commands/discord"
)

// Config is the process's configuration, from the environment (and .env).
type Config struct {
	DiscordToken     string
	DiscordAppID     string
	DiscordPublicKey string
	DiscordGuildID   string
	DiscordAPIURL    string
	RedisURL         string
	DataDir          string
	ShardID          int
	ShardCount       int
	// HTTPAddr is where health, readiness, metrics and (Profiling) Go's
	// profiles are served: a port that is not public. They are never served
	// on the interactions port.
	HTTPAddr string
	// HealthOnInteractionsPort serves /livez and /readyz, and nothing else of
	// the operator's, on the public interactions port too, in HTTP mode
	// (HEALTH_ON_INTERACTIONS_PORT), for a platform that health-checks that
	// port only.
	HealthOnInteractionsPort bool
	// Profiling serves Go's profiles beside the metrics on HTTP_ADDR
	// (PROFILING).
	Profiling bool
	// LogLevel is the bot's (gateway, HTTP); the console has its own,
	// -log-level, so that a .env made for the bot does not make it noisy.
	LogLevel  slog.Level
	LogFormat string
	GameTTL   time.Duration
	// AllShards is true when SHARD_COUNT is set without SHARD_ID: this process
	// runs every shard.
	AllShards bool
}

// LogValue keeps secrets out of logs.
func (c Config) LogValue() slog.Value {
	store := "embedded (" + c.DataDir + ")"
	if c.RedisURL != "" {
		store = "redis"
	}
	return slog.GroupValue(
		slog.Bool("token", c.DiscordToken != ""),
		slog.String("app_id", c.DiscordAppID),
		slog.String("guild_id", c.DiscordGuildID),
		slog.String("api_url", c.DiscordAPIURL),
		slog.String("store", store),
		slog.Int("shard_id", c.ShardID),
		slog.Int("shard_count", c.ShardCount),
		slog.Bool("all_shards", c.AllShards),
		slog.String("http_addr", c.HTTPAddr),
		slog.Bool("health_on_interactions_port", c.HealthOnInteractionsPort),
		slog.Bool("profiling", c.Profiling),
		slog.Duration("game_ttl", c.GameTTL),
	)
}

// A mode is what the process serves. Each reads the keys it needs and no
// others: a key another mode needs is not checked (a gateway bot does not
// fail on the placeholder of a public key it never reads).
type mode int

const (
	modeConsole mode = iota
	modeGateway
	modeHTTP
)

func (m mode) String() string {
	switch m {
	case modeGateway:
		return "gateway"
	case modeHTTP:
		return "http"
	}
	return "console"
}

// loadConfig reads the configuration for mode m, reporting every missing or
// bad key at once. The gateway needs DISCORD_TOKEN (and reads
// DISCORD_APP_ID when set); HTTP mode needs DISCORD_TOKEN, DISCORD_APP_ID
// and DISCORD_PUBLIC_KEY; the console needs none.
func loadConfig(getenv func(string) string, m mode) (Config, error) {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...)))
	}
	get := func(key string) string { return strings.TrimSpace(getenv(key)) }
	c := Config{
		DiscordToken:   get("DISCORD_TOKEN"),
		DiscordGuildID: get("DISCORD_GUILD_ID"),
		DiscordAPIURL:  get("DISCORD_API_URL"),
		RedisURL:       get("REDIS_URL"),
		DataDir:        get("DATA_DIR"),
		HTTPAddr:       get("HTTP_ADDR"),
		LogFormat:      strings.ToLower(get("LOG_FORMAT")),
		ShardCount:     1,
		GameTTL:        90 * 24 * time.Hour,
	}
	c.DiscordToken = strings.TrimPrefix(c.DiscordToken, "Bot ")
	if strings.ContainsAny(c.DiscordToken, " \t") {
		bad("DISCORD_TOKEN", "contains spaces; paste the token alone, as the Developer Portal shows it")
	}
	if c.DiscordGuildID != "" && !snowflake(c.DiscordGuildID) {
		bad("DISCORD_GUILD_ID", "%q is not a Discord id (digits only; copy it with Developer Mode on)", c.DiscordGuildID)
	}
	switch m {
	case modeGateway:
		if c.DiscordToken == "" {
			bad("DISCORD_TOKEN", "required on the gateway: the bot token (Developer Portal → Bot → Reset Token)")
		}
		c.DiscordAppID = get("DISCORD_APP_ID")
		if c.DiscordAppID != "" && !snowflake(c.DiscordAppID) {
			bad("DISCORD_APP_ID", "%q is not a Discord id (digits only, General Information → Application ID); unset, the bot's own id is used", c.DiscordAppID)
		}
	case modeHTTP:
		if c.DiscordToken == "" {
			bad("DISCORD_TOKEN", "required with -http: the bot token registers the commands and sends direct messages and the turn messages")
		}
		c.DiscordAppID = get("DISCORD_APP_ID")
		switch {
		case c.DiscordAppID == "":
			bad("DISCORD_APP_ID", "required with -http: the application id (Developer Portal → General Information → Application ID)")
		case !snowflake(c.DiscordAppID):
			bad("DISCORD_APP_ID", "%q is not a Discord id (digits only, Developer Portal → General Information → Application ID)", c.DiscordAppID)
		}
		c.DiscordPublicKey = get("DISCORD_PUBLIC_KEY")
		if b, err := hex.DecodeString(c.DiscordPublicKey); c.DiscordPublicKey == "" {
			bad("DISCORD_PUBLIC_KEY", "required with -http: the application's public key, which verifies each interaction (Developer Portal → General Information)")
		} else if err != nil || len(b) != 32 {
			bad("DISCORD_PUBLIC_KEY", "want the 64 hex digits of the application's public key (Developer Portal → General Information)")
		}
	}
	if c.DiscordAPIURL == "" {
		c.DiscordAPIURL = discord.DefaultAPIURL
	} else if u, err := url.Parse(c.DiscordAPIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("DISCORD_API_URL", "%q: want http(s)://host[:port], e.g. https://discord.com", c.DiscordAPIURL)
	} else {
		c.DiscordAPIURL = strings.TrimSuffix(c.DiscordAPIURL, "/")
	}
	if c.RedisURL != "" && !strings.Contains(c.RedisURL, "://") {
		bad("REDIS_URL", "want a URL such as redis://localhost:6379/0")
	}
	if c.DataDir == "" {
		c.DataDir = "./data"
	}
	if v := get("SHARD_COUNT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad("SHARD_COUNT", "%q: want a whole number of at least 1", v)
		} else {
			c.ShardCount = n
		}
	}
	if v := get("SHARD_ID"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0:
			bad("SHARD_ID", "%q: want a whole number from 0", v)
		case n >= c.ShardCount:
			bad("SHARD_ID", "%d: must be less than SHARD_COUNT (%d)", n, c.ShardCount)
		default:
			c.ShardID = n
		}
	} else if get("SHARD_COUNT") != "" {
		c.AllShards = true
	}
	if c.HTTPAddr != "" {
		if _, port, err := net.SplitHostPort(c.HTTPAddr); err != nil || port == "" {
			bad("HTTP_ADDR", "%q: want host:port or :port, e.g. :8080", c.HTTPAddr)
		}
	}
	if v := get("LOG_LEVEL"); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			bad("LOG_LEVEL", "%q: want debug, info, warn or error", v)
		}
	}
	switch c.LogFormat {
	case "":
		c.LogFormat = "text"
	case "text", "json":
	default:
		bad("LOG_FORMAT", "%q: want text or json", c.LogFormat)
	}
	var opsOnInteractions bool
	for _, k := range []struct {
		key string
		on  *bool
	}{{"PROFILING", &c.Profiling}, {"HEALTH_ON_INTERACTIONS_PORT", &c.HealthOnInteractionsPort}, {"OPS_ON_INTERACTIONS_PORT", &opsOnInteractions}} {
		if v := get(k.key); v != "" {
			on, err := strconv.ParseBool(v)
			if err != nil {
				bad(k.key, "%q: want true or false", v)
			}
			*k.on = on
		}
	}
	if m != modeConsole {
		if opsOnInteractions {
			bad("OPS_ON_INTERACTIONS_PORT", "metrics and profiles are never served on the public interactions port, where anyone could read them: "+
				"serve them on HTTP_ADDR (a port that is not public), and set HEALTH_ON_INTERACTIONS_PORT=true if your platform health-checks only the interactions port")
		}
		if c.Profiling && c.HTTPAddr == "" {
			bad("PROFILING", "Go's profiles are served on HTTP_ADDR only, never on the interactions port, and HTTP_ADDR is not set: set it to a port that is not public, e.g. :9090")
		}
	}
	if v := get("GAME_TTL"); v != "" {
		d, err := parseTTL(v)
		if err != nil {
			bad("GAME_TTL", "%q: want a duration such as 90d or 720h", v)
		} else {
			c.GameTTL = d
		}
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration:\n  %w", joinLines(errs))
	}
	return c, nil
}

func snowflake(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// parseTTL reads a Go duration or a number of days ("90d").
func parseTTL(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 1 {
			return 0, errors.New("bad days")
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, errors.New("bad duration")
	}
	return d, nil
}

type lines []error

func (l lines) Error() string {
	var s []string
	for _, e := range l {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n  ")
}

func (l lines) Unwrap() []error { return l }

func joinLines(errs []error) error { return lines(errs) }
