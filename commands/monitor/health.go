package monitor

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"
)

// A Check reports whether one dependency is ready (nil) or why not.
type Check func(ctx context.Context) error

// Health answers liveness and readiness. Liveness is the process answering;
// readiness is every named check passing (the transport connected, the store
// answering), so that a Redis outage takes a replica out of a load balancer
// instead of crash-looping it.
type Health struct {
	mu     sync.Mutex
	checks map[string]Check
	// Timeout bounds each readiness check (default 1 s).
	Timeout time.Duration
}

// NewHealth returns a Health with no checks.
func NewHealth() *Health { return &Health{checks: map[string]Check{}, Timeout: time.Second} }

// Add registers a readiness check under a name ("store", "gateway").
func (h *Health) Add(name string, c Check) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.checks[name] = c
}

// Ready runs every check and returns each failure by name.
func (h *Health) Ready(ctx context.Context) map[string]string {
	h.mu.Lock()
	checks := make(map[string]Check, len(h.checks))
	for n, c := range h.checks {
		checks[n] = c
	}
	h.mu.Unlock()
	failed := map[string]string{}
	for name, check := range checks {
		cctx, cancel := context.WithTimeout(ctx, h.Timeout)
		if err := check(cctx); err != nil {
			failed[name] = err.Error()
		}
		cancel()
	}
	return failed
}

// Mux serves /livez, /readyz and /metrics.
func Mux(h *Health, m *Metrics) *http.ServeMux {
	mux := HealthMux(h)
	mux.Handle("GET /metrics", m.Handler())
	return mux
}

// HealthMux serves /livez and /readyz alone: what may answer on a public port
// for a platform that health-checks it.
func HealthMux(h *Health) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		failed := h.Ready(r.Context())
		w.Header().Set("Content-Type", "application/json")
		if len(failed) > 0 {
			w.WriteHeader(http.StatusServiceUnavailable)
			json.NewEncoder(w).Encode(map[string]any{"ready": false, "failed": failed})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"ready": true})
	})
	return mux
}

// Profiling adds Go's profiles (net/http/pprof) to mux under /debug/pprof/,
// for an operator or the load benchmark to fetch: CPU, heap, goroutines.
func Profiling(mux *http.ServeMux) {
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
}
