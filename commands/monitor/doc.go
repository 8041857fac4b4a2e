// Package monitor tells an operator how the referee is doing: Prometheus metrics
// (interactions by command and outcome, handler latency, store round trips and
// retries, DM failures, recovered panics, gateway reconnects) and the liveness and
// readiness endpoints served on HTTP_ADDR.
//
// Metric labels are bounded: a command label is a registered route path, never a
// user's input, a button argument or a card.
package monitor
