package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// redisLog carries go-redis's own messages (reconnections, Sentinel failovers,
// Cluster topology changes) into the process's structured log.
type redisLog struct{ log *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, fmt.Sprintf(format, v...), "component", "redis")
}

// routeRedisLogs sends go-redis's logger (a package global) to logger.
func routeRedisLogs(logger *slog.Logger) { redis.SetLogger(redisLog{logger}) }
