package redisstore

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/referee-bot/referee/state/redistest"
)

// BenchmarkDueScan is the timers' cost with 100,000 battles whose deadlines
// are pending, spread over the next week, on a real redis-server: one scan
// (what every replica does every 15 s) when nothing is due, and when a full
// batch of 100 is; the index's memory per battle. Report with
//
//	go test ./state/redisstore -run '^$' -bench DueScan -benchtime 2000x
func BenchmarkDueScan(b *testing.B) {
	const battles = 100_000
	ctx := context.Background()
	srv := redistest.StartLocal(b)
	s, err := Open(ctx, srv.URL(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	before := usedMemory(b, s.rdb)
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	week := 7 * 24 * time.Hour
	for from := 0; from < battles; from += 1000 {
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i := from; i < from+1000; i++ {
				channel := strconv.Itoa(1_200_000_000_000_000_000 + i*7919)
				at := t0.Add(week / battles * time.Duration(i))
				p.ZAdd(ctx, dueKey(channel), redis.Z{Score: float64(at.UnixMilli()), Member: channel})
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	perBattle := float64(usedMemory(b, s.rdb)-before) / battles
	for _, bc := range []struct {
		name string
		now  time.Time
		want int
	}{
		{"none due", t0.Add(-time.Minute), 0},
		{"100 due", t0.Add(week / 2), 100},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				due, err := s.Due(ctx, bc.now, 100)
				if err != nil || len(due) != bc.want {
					b.Fatalf("Due = %d channels, %v; want %d", len(due), err, bc.want)
				}
			}
			scan := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(scan*4/1e3, "µs-per-minute/replica") // a scan every 15 s
			b.ReportMetric(perBattle, "index-bytes/battle")
		})
	}
}

// usedMemory is the server's used_memory.
func usedMemory(b *testing.B, rdb redis.UniversalClient) int64 {
	info, err := rdb.Info(context.Background(), "memory").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(info, "\r\n") {
		if v, ok := strings.CutPrefix(l, "used_memory:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	b.Fatal(fmt.Errorf("no used_memory in INFO"))
	return 0
}
