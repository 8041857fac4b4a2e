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
	// HTTPAddr is where health, readiness and metrics are served.
	HTTPAddr string
	// OpsOnInteractionsPort serves them, in HTTP mode, on the public
	// interactions port too (OPS_ON_INTERACTIONS_PORT), for a platform that
	// checks the health of that port only.
	OpsOnInteractionsPort bool
	// Profiling serves Go's profiles beside the metrics (PROFILING).
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
		slog.Bool("ops_on_interactions_port", c.OpsOnInteractionsPort),
		slog.Bool("profiling", c.Profiling),
		slog.Duration("game_ttl", c.GameTTL),
	)
}

// loadConfig reads the configuration, reporting every missing or bad key at
// once.
func loadConfig(getenv func(string) string) (Config, error) {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...)))
	}
	get := func(key string) string { return strings.TrimSpace(getenv(key)) }
	c := Config{
		DiscordToken:     get("DISCORD_TOKEN"),
		DiscordAppID:     get("DISCORD_APP_ID"),
		DiscordPublicKey: get("DISCORD_PUBLIC_KEY"),
		DiscordGuildID:   get("DISCORD_GUILD_ID"),
		DiscordAPIURL:    get("DISCORD_API_URL"),
		RedisURL:         get("REDIS_URL"),
		DataDir:          get("DATA_DIR"),
		HTTPAddr:         get("HTTP_ADDR"),
		LogFormat:        strings.ToLower(get("LOG_FORMAT")),
		ShardCount:       1,
		GameTTL:          90 * 24 * time.Hour,
	}
	c.DiscordToken = strings.TrimPrefix(c.DiscordToken, "Bot ")
	if strings.ContainsAny(c.DiscordToken, " \t") {
		bad("DISCORD_TOKEN", "contains spaces; paste the token alone, as the Developer Portal shows it")
	}
	for _, k := range []struct{ key, val string }{{"DISCORD_APP_ID", c.DiscordAppID}, {"DISCORD_GUILD_ID", c.DiscordGuildID}} {
		if k.val != "" && !snowflake(k.val) {
			bad(k.key, "%q is not a Discord id (digits only; copy it with Developer Mode on)", k.val)
		}
	}
	if c.DiscordPublicKey != "" {
		if b, err := hex.DecodeString(c.DiscordPublicKey); err != nil || len(b) != 32 {
			bad("DISCORD_PUBLIC_KEY", "want the 64 hex digits of the application's public key")
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
	for _, k := range []struct {
		key string
		on  *bool
	}{{"PROFILING", &c.Profiling}, {"OPS_ON_INTERACTIONS_PORT", &c.OpsOnInteractionsPort}} {
		if v := get(k.key); v != "" {
			on, err := strconv.ParseBool(v)
			if err != nil {
				bad(k.key, "%q: want true or false", v)
			}
			*k.on = on
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
