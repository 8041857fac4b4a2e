package main

import (
	"math"
	"testing"
	"time"
)

// TestFloor runs the floor responder (cmd/loadtest/floorbot) briefly as the
// load benchmark drives it: every command, battle restarts included, is
// answered, each with one Redis round trip, and its CPU is measured.
func TestFloor(t *testing.T) {
	rep, err := run(t.Context(), options{floor: true, duration: 2 * time.Second, warmup: time.Second, clients: 8, channels: 20, maxRate: 500, restartEvery: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed > 0 || rep.Refused > 0 || rep.Commands == 0 || rep.Mix["battle restart"] == 0 {
		t.Fatalf("%d commands answered, %d failed, %d refused, mix %v", rep.Commands, rep.Failed, rep.Refused, rep.Mix)
	}
	// The counters are read a moment apart from Redis's: about one EVALSHA.
	if evalsha := rep.RedisByName["evalsha"]; rep.TripsPerCmd != 1 || math.Abs(evalsha-1) > 0.05 {
		t.Errorf("%.2f round trips per command, %.3f EVALSHA, want 1 each", rep.TripsPerCmd, evalsha)
	}
	if rep.BotCPU <= 0 || rep.RedisCPU <= 0 {
		t.Errorf("report incomplete: the floor %.0f µs/command, Redis %.0f µs/command", rep.BotCPU, rep.RedisCPU)
	}
}
