package lab

import (
	"net/http"
	"strconv"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics is the API's Prometheus registry, one per API so that runs and
// tests never share counters. The names follow the reference's checklist:
// the breaker's state per dependency, calls by outcome, rejections by
// reason, bulkhead slots and workers in use, latency histograms.
type metrics struct {
	reg        *prometheus.Registry
	calls      *prometheus.CounterVec
	rejections *prometheus.CounterVec
	requests   *prometheus.HistogramVec
	callTime   *prometheus.HistogramVec
}

// Metric names, for the README's alert rule and the tests.
const (
	MetricBreakerState  = "breakerlab_breaker_state"
	MetricCalls         = "breakerlab_dependency_calls_total"
	MetricRejections    = "breakerlab_rejections_total"
	MetricBulkheadInUse = "breakerlab_bulkhead_in_use"
	MetricBulkheadSize  = "breakerlab_bulkhead_size"
	MetricWorkersInUse  = "breakerlab_workers_in_use"
	MetricWorkers       = "breakerlab_workers"
	MetricQueued        = "breakerlab_accept_queue_length"
	MetricRequestTime   = "breakerlab_http_request_duration_seconds"
	MetricCallTime      = "breakerlab_dependency_call_duration_seconds"
	// The Go server's.
	MetricLive         = "breakerlab_goroutines_live"
	MetricConnsOpen    = "breakerlab_connections_open"
	MetricConnsWaiting = "breakerlab_connections_waiting"
)

// latencyBuckets reach from a /health answer (about a millisecond) to the
// provider's 10 s.
var latencyBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

func newMetrics(a *API) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	dep := prometheus.Labels{"dependency": Dependency}
	m.calls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: MetricCalls,
		Help: "Calls the API made to a dependency, by outcome: success, timeout, error.",
	}, []string{"dependency", "outcome"})
	m.rejections = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: MetricRejections,
		Help: "Requests refused before any work, by reason: breaker_open, bulkhead_full, accept_queue_full.",
	}, []string{"reason"})
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    MetricRequestTime,
		Help:    "Time from reading a request to answering it, the wait for a worker included.",
		Buckets: latencyBuckets,
	}, []string{"endpoint", "code"})
	m.callTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    MetricCallTime,
		Help:    "Time of each call to a dependency, by outcome.",
		Buckets: latencyBuckets,
	}, []string{"dependency", "outcome"})
	// Every outcome and reason exists from the start, at 0, so a rate()
	// over them is defined before the first failure.
	for _, o := range []string{"success", "timeout", "error"} {
		m.calls.WithLabelValues(Dependency, o)
	}
	for _, r := range []string{"breaker_open", "bulkhead_full", "accept_queue_full"} {
		m.rejections.WithLabelValues(r)
	}
	m.reg.MustRegister(m.calls, m.rejections, m.requests, m.callTime)
	if a.cfg.Server == Go {
		m.registerGo(a)
	} else {
		m.registerPool(a)
	}
	if a.brk != nil {
		m.reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: MetricBreakerState, Help: "The dependency's circuit breaker as it stands: 0 closed, 1 open, 2 half-open (open until a call after the open wait half-opens it).", ConstLabels: dep,
			}, func() float64 { s, _ := a.BreakerState(); return StateGauge(s) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: MetricBulkheadInUse, Help: "The dependency's bulkhead slots in use.", ConstLabels: dep,
			}, func() float64 { return float64(a.BulkheadInUse()) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: MetricBulkheadSize, Help: "The dependency's bulkhead size.", ConstLabels: dep,
			}, func() float64 { return float64(a.cfg.Bulkhead) }),
		)
	}
	return m
}

// registerPool adds the thread-pool server's gauges: its workers and
// accept queue.
func (m *metrics) registerPool(a *API) {
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricWorkersInUse, Help: "Workers of the API's pool running a request now.",
		}, func() float64 { return float64(a.PoolInUse()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricWorkers, Help: "The size of the API's worker pool.",
		}, func() float64 { return float64(a.cfg.Workers) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricQueued, Help: "Requests waiting in the accept queue for a worker.",
		}, func() float64 { return float64(a.PoolQueued()) }),
	)
}

// registerGo adds the Go server's gauges: its request goroutines and its
// Transport's connections to the provider.
func (m *metrics) registerGo(a *API) {
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricLive, Help: "Request goroutines alive now (the Go server has no pool of workers).",
		}, func() float64 { return float64(a.live.now.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricConnsOpen, Help: "Connections open to the dependency, idle ones included (what MaxConnsPerHost caps).", ConstLabels: prometheus.Labels{"dependency": Dependency},
		}, func() float64 { return float64(a.conns.open.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: MetricConnsWaiting, Help: "Calls waiting in the Transport for a connection to the dependency.", ConstLabels: prometheus.Labels{"dependency": Dependency},
		}, func() float64 { return float64(a.conns.waiting.Load()) }),
	)
}

// StateGauge is the breaker state as the gauge reports it: 0 closed, 1
// open, 2 half-open; an operator's forced-open reads as open, and disabled
// or metrics-only as closed (calls go through). Seed 002 suggests another
// order, by severity (0 closed, 1 half-open, 2 open); this one is
// Resilience4j's (State.getOrder(): CLOSED 0, OPEN 1, HALF_OPEN 2), and
// the README gives both. "> 0" means "not closed" under either; a
// threshold at 2 does not mean the same.
func StateGauge(s breaker.State) float64 {
	switch s {
	case breaker.Open, breaker.ForcedOpen:
		return 1
	case breaker.HalfOpen:
		return 2
	}
	return 0
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

func (m *metrics) rejected(reason string) { m.rejections.WithLabelValues(reason).Inc() }

func (m *metrics) request(endpoint string, status int, d time.Duration) {
	m.requests.WithLabelValues(endpoint, strconv.Itoa(status)).Observe(d.Seconds())
}

func (m *metrics) call(k payKind, d time.Duration) {
	o := "error"
	switch k {
	case payOK:
		o = "success"
	case payTimeout:
		o = "timeout"
	}
	m.calls.WithLabelValues(Dependency, o).Inc()
	m.callTime.WithLabelValues(Dependency, o).Observe(d.Seconds())
}
