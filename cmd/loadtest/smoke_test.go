package main

import (
	"strings"
	"testing"
	"time"
)

// TestSmoke is the load run CI affords: the real bot binary in HTTP mode over
// a redis-server, a few seconds of the mix with roster changes across 200
// channels, each battle ended (confirmed) and restarted every 5 commands in
// it, at a fixed 500 commands a second, signed ahead (the battle restarts as
// they are sent). At full speed the run would take every core CI has for
// as long as it lasts; TestFloor drives at full speed. It checks that every
// command is answered and the report is filled in; the targets are for the
// full run (see the load benchmark in docs/benchmarks.md).
//
// It has no deadline of its own: it builds the bot first, which from a cold
// cache takes minutes on a busy machine; go test's -timeout stops a hang.
func TestSmoke(t *testing.T) {
	rep, err := run(t.Context(), options{duration: 2 * time.Second, warmup: time.Second, rate: 500, clients: 16, channels: 200, roster: 15, restartEvery: 5})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.print(&out)
	t.Log("\n" + out.String())
	if rep.Failed > 0 || rep.Commands == 0 {
		t.Fatalf("%d commands answered, %d failed", rep.Commands, rep.Failed)
	}
	for _, kind := range []string{"roll", "quick ruling", "roll in a battle", "ruling in a battle", "roster change", "battle restart"} {
		if rep.Mix[kind] == 0 {
			t.Errorf("no %s in the mix: %v", kind, rep.Mix)
		}
	}
	if rep.Refused > 0 {
		t.Errorf("%d commands refused: the mix should be all valid moves", rep.Refused)
	}
	if rep.ServerP99 <= 0 || rep.TripsPerCmd <= 0 || rep.RedisCPU <= 0 || rep.RSSMaxMiB <= 0 || rep.BotCPU <= 0 || rep.GenCPU <= 0 || rep.Presigned == 0 {
		t.Errorf("report incomplete: server p99 %.2f ms, %.2f trips/command, Redis %.0f µs/command, RSS %.1f MiB, bot %.0f µs/command, generator %.0f µs/command, %d signed ahead",
			rep.ServerP99, rep.TripsPerCmd, rep.RedisCPU, rep.RSSMaxMiB, rep.BotCPU, rep.GenCPU, rep.Presigned)
	}
}
