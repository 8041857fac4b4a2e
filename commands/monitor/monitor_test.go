package monitor

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
)

type counters struct{ trips, retries uint64 }

func (c counters) RoundTrips() uint64 { return c.trips }
func (c counters) Retries() uint64    { return c.retries }

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	b, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(b)
}

func TestReadinessNamesWhatFails(t *testing.T) {
	h := NewHealth()
	storeDown := true
	h.Add("store", func(context.Context) error {
		if storeDown {
			return errors.New("the battle store is unavailable")
		}
		return nil
	})
	h.Add("gateway", func(context.Context) error { return nil })
	mux := Mux(h, NewMetrics())
	if code, body := get(t, mux, "/livez"); code != http.StatusOK {
		t.Errorf("/livez = %d %s", code, body)
	}
	code, body := get(t, mux, "/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, `"store":"the battle store is unavailable"`) || strings.Contains(body, "gateway") {
		t.Errorf("/readyz with the store down = %d %s", code, body)
	}
	storeDown = false
	if code, body := get(t, mux, "/readyz"); code != http.StatusOK || !strings.Contains(body, `"ready":true`) {
		t.Errorf("/readyz = %d %s", code, body)
	}
}

func TestReadinessCheckIsBounded(t *testing.T) {
	h := NewHealth()
	h.Timeout = 20 * time.Millisecond
	h.Add("store", func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })
	start := time.Now()
	if failed := h.Ready(context.Background()); failed["store"] == "" {
		t.Errorf("a hung check passed: %v", failed)
	}
	if time.Since(start) > time.Second {
		t.Errorf("a hung check held readiness for %v", time.Since(start))
	}
}

func TestMetricsExposition(t *testing.T) {
	m := NewMetrics()
	m.WatchStore(counters{trips: 7, retries: 2})
	m.Observe(interaction.Request{Path: "roll"}, interaction.OutcomeOK, 3*time.Millisecond)
	m.Observe(interaction.Request{Path: "game start"}, interaction.OutcomePanic, time.Millisecond)
	m.Observe(interaction.Request{Path: "rm -rf /"}, interaction.OutcomeUnknown, time.Millisecond)
	m.DMFailed()
	m.GatewayReconnected()
	m.FollowupLost()
	m.Responded(2 * time.Millisecond)
	_, body := get(t, m.Handler(), "/metrics")
	for _, want := range []string{
		`referee_interactions_total{command="roll",outcome="ok"} 1`,
		`referee_interactions_total{command="game start",outcome="panic"} 1`,
		`referee_interactions_total{command="unknown",outcome="unknown"} 1`,
		`referee_handler_seconds_bucket{command="roll",le="0.005"} 1`,
		`referee_response_seconds_count 1`,
		`referee_store_round_trips_total 7`,
		`referee_store_retries_total 2`,
		`referee_dm_failures_total 1`,
		`referee_panics_recovered_total 1`,
		`referee_gateway_reconnects_total 1`,
		`referee_followups_lost_total 1`,
		`process_resident_memory_bytes`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, "rm -rf") {
		t.Error("an unrouted command's text became a label")
	}
}
