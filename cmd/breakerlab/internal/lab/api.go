package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/bulkhead"
)

// Dependency is the name the API gives its one dependency, in metrics,
// transitions and reports, as the engine's checkout scenario does.
const Dependency = "payment"

// API is the sales API: on the thread-pool server GET /health and POST
// /checkout run on the worker pool; GET /metrics does not (it stands for a
// separate management port, so the incident can be watched while the pool
// is full). On the Go server every request runs on its own goroutine, as
// net/http gives it, and the calls to the provider go through a Transport
// bounded by MaxConnsPerHost (goapi.go).
type API struct {
	cfg         Config
	epoch       time.Time
	providerURL string
	client      *http.Client
	transport   *http.Transport
	pool        *pool       // the thread-pool server's; nil on the Go server
	conns       *connStats  // the Go server's transport, as its calls see it
	live        liveCounter // handlers running now, and the most at once
	permits     permitStats // the protected mode's semaphore, waits included

	brk *breaker.Concurrent // protected mode only
	bh  *bulkhead.Semaphore // protected mode only

	// base is the context of every call to the provider: it ends only at
	// shutdown, never when a client gives up (a worker blocked on a socket
	// does not notice its client leaving).
	base   context.Context
	cancel context.CancelFunc

	mu          sync.Mutex
	transitions []breaker.Transition
	// OnTransition, if set before Start, hears every breaker transition.
	onTransition func(breaker.Transition)

	calls, shortCircuited, bulkheadFull atomic.Uint64
	// waiting is the calls to the provider the API still waits for.
	waiting atomic.Int64
	// lastRetryAfter is the last fail-fast answer's wait, in nanoseconds.
	lastRetryAfter atomic.Int64

	metrics *metrics
	srv     *server
}

func newAPI(cfg Config, epoch time.Time, providerURL string, onTransition func(breaker.Transition)) (*API, error) {
	a := &API{cfg: cfg, epoch: epoch, providerURL: providerURL, onTransition: onTransition}
	a.transport = &http.Transport{
		MaxIdleConns:        1024,
		MaxIdleConnsPerHost: 1024,
		IdleConnTimeout:     30 * time.Second,
	}
	a.client = &http.Client{Transport: a.transport}
	if cfg.Server == Go {
		// Go's Transport has no cap on connections unless told; the Go
		// server's is bounded per host, and a call past the cap waits
		// for one (as long as its context lets it).
		a.transport.MaxConnsPerHost = cfg.ConnsPerHost
		// Tuned as a transport with MaxConnsPerHost usually is: as many
		// idle connections kept as it may open, so none that comes back
		// is closed (MaxConnsPerHost counts idle ones too), as the
		// simulated side's pool keeps them (asGoServer's IdlePerHost).
		a.transport.MaxIdleConnsPerHost = cfg.ConnsPerHost
		a.conns = &connStats{cap: int64(cfg.ConnsPerHost)}
		a.transport.DialContext = a.conns.dial(&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second})
	}
	a.base, a.cancel = context.WithCancel(context.Background())
	if cfg.Mode == Protected {
		var err error
		a.brk, err = breaker.NewConcurrent(breakerConfig(cfg), breaker.Options{OnTransition: a.transition})
		if err != nil {
			return nil, fmt.Errorf("the payment breaker: %w", err)
		}
		if a.bh, err = bulkhead.New(cfg.Bulkhead); err != nil {
			return nil, fmt.Errorf("the payment bulkhead: %w", err)
		}
	}
	a.metrics = newMetrics(a)
	if cfg.Server == Go {
		return a, nil
	}
	a.pool = newPool(cfg.Workers, cfg.Queue, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.metrics.rejected("accept_queue_full")
		problem(w, r, http.StatusServiceUnavailable, "queue-full", "The API is overloaded",
			"every worker is busy and the accept queue is full", time.Second)
	}))
	return a, nil
}

// breakerConfig is the reference's breaker, its durations scaled.
func breakerConfig(cfg Config) breaker.Config {
	return breaker.Config{
		WindowSize:       BreakerWindow,
		MinimumCalls:     BreakerMinimumCalls,
		FailureRate:      BreakerFailureRate,
		SlowCallDuration: cfg.Scaled(BreakerSlowCall),
		SlowCallRate:     BreakerSlowRate,
		OpenFor:          cfg.Scaled(BreakerOpenFor),
		HalfOpenTrials:   BreakerTrials,
	}
}

func (a *API) now() time.Duration { return time.Since(a.epoch) }

// transition runs inside the breaker's lock: it only records.
func (a *API) transition(t breaker.Transition) {
	a.mu.Lock()
	a.transitions = append(a.transitions, t)
	a.mu.Unlock()
	if a.onTransition != nil {
		a.onTransition(t)
	}
}

// Transitions returns the breaker's transitions so far.
func (a *API) Transitions() []breaker.Transition {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]breaker.Transition(nil), a.transitions...)
}

// Handler serves the API's routes.
func (a *API) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/health", a.pool.wrap(endpointHealth, a.measure("health", http.HandlerFunc(a.health))))
	mux.Handle("/checkout", a.pool.wrap(endpointCheckout, a.measure("checkout", http.HandlerFunc(a.checkout))))
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, a.help())
	})
	mux.Handle("/metrics", a.metrics.handler())
	return stamp(mux)
}

// measure times a request from the moment the acceptor read it (stamp), so
// the latency histogram includes the wait in the accept queue.
func (a *API) measure(endpoint string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		a.live.enter()
		h.ServeHTTP(sw, r)
		a.live.leave()
		a.metrics.request(endpoint, sw.status, time.Since(arrivedAt(r)))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

type arrivalKey struct{}

// arrivedAt is when the acceptor read the request.
func arrivedAt(r *http.Request) time.Time {
	if t, ok := r.Context().Value(arrivalKey{}).(time.Time); ok {
		return t
	}
	return time.Now()
}

// stamp records the arrival time before the request queues for a worker.
func stamp(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), arrivalKey{}, time.Now())))
	})
}

// APIHelp is the API's own description, served on GET /.
const APIHelp = `breakerlab sales API: a fixed pool of workers behind an accept queue
GET  /health    calls nothing: 200 {"status":"up"} once a worker is free
POST /checkout  charges at the provider through the mode's policies: 200 paid,
                503 refused at once (Problem Details, Retry-After),
                504 the provider was too slow, 502 the provider failed
GET  /metrics   Prometheus text format, answered outside the pool as a
                management port would be, though on this same port
`

func (a *API) health(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "GET /health reports whether the API is up", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"status":"up"}`+"\n")
}

func (a *API) checkout(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST /checkout places an order", http.StatusMethodNotAllowed)
		return
	}
	io.Copy(io.Discard, io.LimitReader(r.Body, 1<<16))
	res := a.pay()
	switch res.kind {
	case payOK:
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"status":"paid"}`+"\n")
	case payBreakerOpen:
		problem(w, r, http.StatusServiceUnavailable, "breaker-open", "Payments are temporarily unavailable",
			"the payment provider is failing, so the API stopped calling it for a while", res.retryAfter)
	case payBulkheadFull:
		problem(w, r, http.StatusServiceUnavailable, "bulkhead-full", "Payments are temporarily unavailable",
			fmt.Sprintf("all %d payment slots are busy", a.cfg.Bulkhead), res.retryAfter)
	case payTimeout:
		problem(w, r, http.StatusGatewayTimeout, "provider-timeout", "The payment provider did not answer in time",
			"no answer within "+a.cfg.Scaled(a.cfg.Timeout).String(), 0)
	default:
		problem(w, r, http.StatusBadGateway, "provider-failed", "The payment provider failed", res.err.Error(), 0)
	}
}

// problem writes an RFC 9457 Problem Details body; a positive retryAfter
// also sets Retry-After in whole seconds, rounded up, at least 1.
func problem(w http.ResponseWriter, r *http.Request, status int, kind, title, detail string, retryAfter time.Duration) {
	if retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(retryAfter.Seconds())))))
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	body, _ := json.Marshal(struct {
		Type     string `json:"type"`
		Title    string `json:"title"`
		Status   int    `json:"status"`
		Detail   string `json:"detail"`
		Instance string `json:"instance"`
	}{"urn:breakerlab:problem:" + kind, title, status, detail, r.URL.Path})
	w.Write(append(body, '\n'))
}

// payKind is how a payment attempt ended.
type payKind uint8

const (
	payOK payKind = iota
	payBreakerOpen
	payBulkheadFull
	payTimeout
	payFailed
)

type payResult struct {
	kind       payKind
	retryAfter time.Duration
	err        error
}

// pay calls the provider through the mode's policies, outermost first:
// breaker, timeout, bulkhead (Resilience4j's order).
func (a *API) pay() payResult {
	switch a.cfg.Mode {
	case None:
		return a.charge(a.base)
	case Timeout:
		ctx, cancel := context.WithTimeout(a.base, a.cfg.Scaled(a.cfg.Timeout))
		defer cancel()
		return a.charge(ctx)
	}
	permit, err := a.brk.Allow(a.now())
	if err != nil {
		a.shortCircuited.Add(1)
		a.metrics.rejected("breaker_open")
		wait := max(a.brk.OpenRemaining(a.now()), 1)
		a.lastRetryAfter.Store(int64(wait))
		return payResult{kind: payBreakerOpen, retryAfter: wait}
	}
	ctx, cancel := context.WithTimeout(a.base, a.cfg.Scaled(a.cfg.Timeout))
	defer cancel()
	if err := a.acquire(ctx); err != nil {
		// The caller's own limit says nothing about the provider's health.
		a.brk.Record(a.now(), permit, breaker.Ignored)
		a.bulkheadFull.Add(1)
		a.metrics.rejected("bulkhead_full")
		return payResult{kind: payBulkheadFull, retryAfter: a.cfg.Scaled(a.cfg.Timeout)}
	}
	res := a.charge(ctx)
	a.permits.released()
	a.bh.Release()
	r := breaker.Success
	if res.kind != payOK {
		r = breaker.Failure
	}
	a.brk.Record(a.now(), permit, r)
	return res
}

// acquire takes a bulkhead slot, waiting at most the bulkhead's wait (and
// never past the call's timeout).
func (a *API) acquire(ctx context.Context) error {
	if a.bh.TryAcquire() {
		a.permits.took()
		return nil
	}
	if a.cfg.BulkheadWait <= 0 {
		return bulkhead.ErrFull
	}
	wctx, cancel := context.WithTimeout(ctx, a.cfg.Scaled(a.cfg.BulkheadWait))
	defer cancel()
	a.permits.wait()
	err := a.bh.Acquire(wctx)
	a.permits.waited(err == nil)
	return err
}

// chargeBody is what the provider must answer for a charge to count.
type chargeBody struct {
	Charged bool `json:"charged"`
}

// charge makes one call to the provider. Anything but a 2xx answer with a
// JSON body saying charged is a failure, a closed connection and bytes that
// are not HTTP included; ctx ending is a timeout.
func (a *API) charge(ctx context.Context) payResult {
	a.calls.Add(1)
	a.waiting.Add(1)
	start := time.Now()
	res := a.chargeOnce(ctx)
	a.waiting.Add(-1)
	a.metrics.call(res.kind, time.Since(start))
	return res
}

func (a *API) chargeOnce(ctx context.Context) payResult {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.providerURL+"/charge", bytes.NewReader([]byte(`{"amount_cents":4200}`)))
	if err != nil {
		return payResult{kind: payFailed, err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	if a.conns != nil {
		var call *connCall
		req, call = a.conns.trace(req)
		defer func() { a.conns.done(call, ctx.Err() != nil) }()
	}
	resp, err := a.client.Do(req)
	if err != nil {
		return failure(ctx, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if err != nil {
		return failure(ctx, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return payResult{kind: payFailed, err: fmt.Errorf("the provider answered %s", resp.Status)}
	}
	var cb chargeBody
	if err := json.Unmarshal(body, &cb); err != nil || !cb.Charged {
		return payResult{kind: payFailed, err: fmt.Errorf("the provider's answer is not a charge: %.40q", body)}
	}
	return payResult{kind: payOK}
}

func failure(ctx context.Context, err error) payResult {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return payResult{kind: payTimeout, err: err}
	}
	return payResult{kind: payFailed, err: fmt.Errorf("calling the provider: %w", err)}
}

// PoolInUse is the workers busy now; PoolQueued the requests waiting
// (both 0 on the Go server, which has no pool).
func (a *API) PoolInUse() int  { return a.pool.InUse() }
func (a *API) PoolQueued() int { return a.pool.Queued() }

// BreakerState is the payment breaker's state as it stands, and false
// when the mode has no breaker: what /metrics, the live view and the log
// of transitions all report.
//
// The lab's breaker follows Resilience4j, which leaves an open breaker
// OPEN after its wait until a call arrives (automaticTransitionFrom-
// OpenToHalfOpenEnabled is false by default): getState(), and the state
// gauges exported from it, say open until then, and the transition to
// half-open, with its event, happens at that call.
// (gobreaker gets to the same one truth the other way: its State()
// computes the state at read time and makes the transition then, firing
// OnStateChange.) Reporting StateAt, the state a call arriving now would
// find, put half-open on the gauge up to a whole quiet spell before the
// transition's log line, for a move that had not happened.
func (a *API) BreakerState() (breaker.State, bool) {
	if a.brk == nil {
		return 0, false
	}
	var st breaker.State
	a.brk.Do(func(b *breaker.Breaker) { st = b.State() })
	return st, true
}

// BulkheadInUse is the payment bulkhead's slots in use (0 without one).
func (a *API) BulkheadInUse() int {
	if a.bh == nil {
		return 0
	}
	n, _, _ := a.bh.Stats()
	return n
}

// halt ends every call to the provider.
func (a *API) halt() { a.cancel() }
