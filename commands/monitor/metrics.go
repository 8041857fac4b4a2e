package monitor

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/referee-bot/referee/commands/interaction"
)

// Metrics are the referee's Prometheus metrics, on a registry of their own.
type Metrics struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	response     prometheus.Histogram
	dmFailures   prometheus.Counter
	panics       prometheus.Counter
	reconnects   prometheus.Counter
	lost         prometheus.Counter
}

// NewMetrics registers the referee's metrics and the Go runtime's.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "referee_interactions_total",
			Help: "Interactions served, by command path and outcome.",
		}, []string{"command", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "referee_handler_seconds",
			Help:    "Time from an interaction reaching the router to its response, by command path.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"command"}),
		response: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "referee_response_seconds",
			Help: "HTTP mode: time from an interaction request arriving to its initial response written (body read, signature checked, handler run).",
			Buckets: []float64{.0001, .00025, .0005, .00075, .001, .0015, .002, .003, .004, .005, .0075,
				.01, .025, .05, .1, .25, .5, 1, 2.5},
		}),
		dmFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "referee_dm_failures_total",
			Help: "Direct messages Discord refused (the user does not accept DMs) or that failed.",
		}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "referee_panics_recovered_total",
			Help: "Handler panics recovered by the router.",
		}),
		reconnects: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "referee_gateway_reconnects_total",
			Help: "Gateway connections resumed or re-established.",
		}),
		lost: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "referee_followups_lost_total",
			Help: "Followups and edits of an interaction's messages given up after Discord answered 10015 Unknown Webhook for 15 s.",
		}),
	}
	m.reg.MustRegister(m.interactions, m.latency, m.response, m.dmFailures, m.panics, m.reconnects, m.lost,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Observe records one interaction; it makes Metrics an interaction.Observer.
func (m *Metrics) Observe(req interaction.Request, outcome interaction.Outcome, elapsed time.Duration) {
	path := req.Path
	if outcome == interaction.OutcomeUnknown {
		path = "unknown" // an unrouted path is user input: keep it out of labels
	}
	m.interactions.WithLabelValues(path, string(outcome)).Inc()
	m.latency.WithLabelValues(path).Observe(elapsed.Seconds())
	if outcome == interaction.OutcomePanic {
		m.panics.Inc()
	}
}

// Responded records the time from an interaction's arrival to its initial
// response; it makes Metrics an httpapi.Timing.
func (m *Metrics) Responded(elapsed time.Duration) { m.response.Observe(elapsed.Seconds()) }

// DMFailed counts a direct message that could not be delivered.
func (m *Metrics) DMFailed() { m.dmFailures.Inc() }

// GatewayReconnected counts a resumed or re-established gateway connection.
func (m *Metrics) GatewayReconnected() { m.reconnects.Inc() }

// FollowupLost counts a followup or edit given up (referee_followups_lost_total).
func (m *Metrics) FollowupLost() { m.lost.Inc() }

// StoreCounters are the counts a store keeps of its own work.
type StoreCounters interface {
	// RoundTrips is the number of network round trips to the store so far.
	RoundTrips() uint64
	// Retries is the number of optimistic transactions retried after a lost race.
	Retries() uint64
}

// WatchStore exports a store's counters.
func (m *Metrics) WatchStore(s StoreCounters) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "referee_store_round_trips_total",
			Help: "Network round trips to the battle store.",
		}, func() float64 { return float64(s.RoundTrips()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "referee_store_retries_total",
			Help: "Store transactions retried after a concurrent change to the same battle.",
		}, func() float64 { return float64(s.Retries()) }),
	)
}

// Handler serves the metrics in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
