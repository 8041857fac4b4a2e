package main

import (
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestLoadConfigDefaults(t *testing.T) {
	c, err := loadConfig(getenv(map[string]string{}))
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
		"SHARD_ID": "2", "SHARD_COUNT": "4", "HTTP_ADDR": ":8080",
		"LOG_LEVEL": "debug", "LOG_FORMAT": "JSON", "GAME_TTL": "30d", "PROFILING": "true",
		"OPS_ON_INTERACTIONS_PORT": "1",
	}))
	if err != nil {
		t.Fatalf("loadConfig = %v", err)
	}
	if c.DiscordToken != "abc.def" || c.DiscordAPIURL != "http://127.0.0.1:8080" || c.ShardID != 2 ||
		c.ShardCount != 4 || c.LogLevel != slog.LevelDebug || c.LogFormat != "json" || c.GameTTL != 30*24*time.Hour ||
		!c.Profiling || !c.OpsOnInteractionsPort {
		t.Fatalf("config = %+v", c)
	}
}

func TestLoadConfigReportsEveryBadKey(t *testing.T) {
	_, err := loadConfig(getenv(map[string]string{
		"DISCORD_APP_ID": "my-app", "DISCORD_GUILD_ID": "guild", "DISCORD_PUBLIC_KEY": "zz",
		"DISCORD_API_URL": "discord.com", "REDIS_URL": "localhost:6379",
		"SHARD_ID": "5", "SHARD_COUNT": "2", "HTTP_ADDR": "8080",
		"LOG_LEVEL": "loud", "LOG_FORMAT": "xml", "GAME_TTL": "forever", "PROFILING": "sometimes",
		"OPS_ON_INTERACTIONS_PORT": "public",
	}))
	if err == nil {
		t.Fatal("loadConfig accepted bad values")
	}
	for _, key := range []string{"DISCORD_APP_ID", "DISCORD_GUILD_ID", "DISCORD_PUBLIC_KEY", "DISCORD_API_URL",
		"REDIS_URL", "SHARD_ID", "HTTP_ADDR", "LOG_LEVEL", "LOG_FORMAT", "GAME_TTL", "PROFILING", "OPS_ON_INTERACTIONS_PORT"} {
		if !strings.Contains(err.Error(), key+":") {
			t.Errorf("error does not mention %s:\n%v", key, err)
		}
	}
}

func TestConfigLogValueHidesToken(t *testing.T) {
	c := Config{DiscordToken: "very-secret", RedisURL: "redis://:pw@host:6379"}
	if s := c.LogValue().String(); strings.Contains(s, "very-secret") || strings.Contains(s, "pw") {
		t.Fatalf("LogValue = %s, shows a secret", s)
	}
}
