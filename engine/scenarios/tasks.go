package scenarios

import (
	"math"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The scenarios of servers without a thread pool (issue 23): an asyncio
// service and a Go server, whose requests park as tasks and hold what
// they took before they waited.

const (
	kib = int64(1) << 10
	mib = int64(1) << 20
)

// littlesLaw is the asyncio guide's sizing of a bulkhead's permits: the
// calls in flight at once are the arrival rate times the time each takes
// (its p99), here with 2x headroom, rounded up.
func littlesLaw(rate float64, p99 time.Duration) int {
	return int(math.Ceil(2 * rate * p99.Seconds()))
}

// asyncRoutes are the asyncio service's endpoints, each calling its own
// upstream through one aiohttp session; search's upstream is the one that
// slows.
var asyncRoutes = []struct {
	route, upstream string
	rate            float64
	p50, p99        time.Duration
}{
	{"search", "search-api", 100, 40 * ms, 50 * ms},
	{"profile", "profile-api", 100, 20 * ms, 60 * ms},
	{"catalog", "catalog-api", 50, 25 * ms, 80 * ms},
}

// When search's upstream turns slow, and how slow: the guide's 50 ms
// becoming 8 s.
const (
	asyncSlowFrom  = 20 * time.Second
	asyncSlowUntil = 50 * time.Second
	asyncSlow      = 8 * time.Second
)

// AsyncCascade is the asyncio guide's incident: one event loop, three
// endpoints that share one aiohttp connector (its default limit of 100
// connections), and search's upstream slowing from about 50 ms to 8 s
// from 20 s to 50 s. Each request takes 0.2 ms of the loop; clients wait
// 5 s.
//
// The variants:
//   - no containment (aiohttp's defaults: no limit per host, a 5-minute
//     total timeout): search's parked tasks take every connection of the
//     connector within a second; profile's and catalog's calls wait for a
//     connection behind them, and fail with them, while the loop is idle;
//   - a semaphore per upstream sized by Little's law (rate x p99, with 2x
//     headroom) with the guide's 250 ms queue_timeout: search's parked
//     tasks are its permits and the few waiting a quarter of a second for
//     one, the rest are refused at once; the other two never notice;
//   - breaker + bulkhead, in the guide's order (breaker, semaphore,
//     timeout of 2x p99): once search's breaker opens, its calls are
//     answered from a cache at once and hold nothing.
func AsyncCascade() *engine.Scenario {
	br := breaker.Config{WindowSize: 20, MinimumCalls: 5, FailureRate: 0.5, OpenFor: 30 * time.Second, HalfOpenTrials: 1}
	system := func(semaphores, breakers bool) engine.System {
		sys := engine.System{
			Tasks: &engine.TaskServer{Threads: 1, Memory: engine.Memory{Limit: 2048 * mib, Base: 120 * mib, PerTask: 64 * kib, Restart: 10 * time.Second}},
			Pools: []engine.Pool{{Name: "aiohttp", Kind: engine.ClientPool, Size: 100, Dial: 2 * ms}},
		}
		for i, r := range asyncRoutes {
			sys.Endpoints = append(sys.Endpoints, engine.Endpoint{Name: r.route, Rate: r.rate, Calls: r.upstream, Patience: 5 * time.Second, CPU: 200 * time.Microsecond})
			d := engine.Dependency{
				Name:    r.upstream,
				Latency: engine.Latency{Kind: engine.LogNormal, P50: r.p50, P99: r.p99},
				Pool:    "aiohttp",
				Policy:  engine.Policy{Timeout: 5 * time.Minute},
			}
			if i == 0 {
				d.Faults = []engine.Fault{{Kind: engine.Slow, From: asyncSlowFrom, To: asyncSlowUntil, Latency: asyncSlow}}
			}
			if semaphores {
				d.Policy.Bulkhead = littlesLaw(r.rate, r.p99)
				d.Policy.BulkheadWait = 250 * ms
			}
			if breakers {
				d.Policy.Timeout = 2 * r.p99
				b := br
				d.Policy.Breaker = &b
				d.Policy.Fallback = engine.CachedFallback
				d.Policy.Order = []engine.Layer{engine.LayerBreaker, engine.LayerBulkhead, engine.LayerTimeout, engine.LayerRetry}
			}
			sys.Dependencies = append(sys.Dependencies, d)
		}
		return sys
	}
	return &engine.Scenario{
		Name:        "async-cascade",
		Summary:     "an asyncio service whose endpoints share one connection pool; search's upstream slows from 50 ms to 8 s: no containment, a semaphore per upstream, breaker + bulkhead",
		Duration:    60 * time.Second,
		MeasureFrom: asyncSlowFrom,
		MeasureTo:   asyncSlowUntil,
		Variants: []engine.Variant{
			{Name: "no containment: one shared pool", System: system(false, false)},
			{Name: "a semaphore per upstream (Little's law)", System: system(true, false)},
			{Name: "breaker + bulkhead", System: system(true, true)},
		},
	}
}

// goDefaultIdlePerHost is net/http's DefaultMaxIdleConnsPerHost, the idle
// connections http.DefaultTransport keeps to a host (a test holds it to
// the library's).
const goDefaultIdlePerHost = 2

// goSQLDefaultIdle is database/sql's defaultMaxIdleConns, the idle
// connections a *sql.DB keeps when SetMaxIdleConns was never called
// (maxIdleConnsLocked in database/sql/sql.go returns it for a maxIdleCount
// of 0, and putConnDBLocked closes a connection past it once no query is
// waiting for one). A test holds it to the library's.
const goSQLDefaultIdle = 2

// When the Go server's payment provider hangs.
const (
	goHangFrom  = 20 * time.Second
	goHangUntil = 70 * time.Second
)

// GoServer is a Go API with a goroutine per request on 4 threads
// (GOMAXPROCS), in a container of 256 MiB: checkout calls a payment
// provider through one http.Transport, orders queries a database through
// one database/sql pool (SetMaxOpenConns(20)), health answers at once.
// The provider hangs from 20 s to 70 s: the application is stuck, its
// host up, so new connections to it are accepted in their usual 5 ms and
// the calls sent on them get no answer. Each live request holds 64 KiB
// (its goroutine's stack, its buffers); a killed process takes 5 s to
// come back.
//
// The variants:
//   - no timeout (http.DefaultClient, no MaxConnsPerHost, and the
//     default's 2 idle connections to a host, DefaultMaxIdleConnsPerHost:
//     with a dozen checkouts in flight most of them dial): each checkout
//     parks its goroutine for as long as the hang lasts, memory grows with
//     them until the process is killed, and every endpoint fails with it,
//     again after every restart;
//   - a context deadline of 1 s that cancels the call, MaxConnsPerHost
//     and a semaphore per dependency (golang.org/x/sync/semaphore, with a
//     100 ms acquisition deadline) sized by Little's law: checkout fails,
//     memory stays flat, orders and health never notice. Its transport is
//     tuned as one with MaxConnsPerHost usually is, MaxIdleConnsPerHost
//     set to the same number, so that every connection the cap lets it
//     open is kept for the next call.
//
// The database pool is a *sql.DB with SetMaxOpenConns(20) and
// SetMaxIdleConns never called, in both designs: it keeps database/sql's
// default of 2 idle connections, and a query that comes back to 2 idle
// closes its connection, so past 2 queries at once the next ones dial.
// Orders has about half a query in flight (100 a second, 4 ms each), so
// the cap binds only when arrivals bunch or the process restarts.
//
// The transport is net/http's, so a dial whose checkout gave up runs on
// and its connection is kept (Pool.AbandonedDial finish). The hung
// provider accepts, so a dial ends in its 5 ms, well inside the contained
// design's 1 s deadline, and MaxConnsPerHost is held by calls, not by
// dials that outlive their checkouts (which, when the engine's hang made
// the dials hang too, cost that design 3,155 checkouts at seed 5).
// database/sql's conn dials with the query's context, so the database
// pool's are cancelled (the default), by Go too.
func GoServer() *engine.Scenario {
	system := func(contained bool) engine.System {
		sys := engine.System{
			Tasks: &engine.TaskServer{Threads: 4, Memory: engine.Memory{Limit: 256 * mib, Base: 48 * mib, PerTask: 64 * kib, Restart: 5 * time.Second}},
			Pools: []engine.Pool{
				{Name: "transport", Kind: engine.ClientPool, Dial: 5 * ms, IdlePerHost: goDefaultIdlePerHost, AbandonedDial: engine.DialRunsOn},
				{Name: "database", Kind: engine.DatabasePool, Size: 20, Dial: 3 * ms, IdlePerHost: goSQLDefaultIdle},
			},
			Endpoints: []engine.Endpoint{
				{Name: "checkout", Rate: 200, Calls: "payments", Patience: 10 * time.Second, CPU: 300 * time.Microsecond},
				{Name: "orders", Rate: 100, Calls: "orders-db", Patience: 10 * time.Second, CPU: 200 * time.Microsecond},
				{Name: "health", Interval: 100 * ms, Patience: 2 * time.Second, CPU: 20 * time.Microsecond},
			},
			Dependencies: []engine.Dependency{
				{Name: "payments", Latency: engine.Latency{Kind: engine.LogNormal, P50: 60 * ms, P99: 150 * ms}, Pool: "transport",
					Faults: []engine.Fault{{Kind: engine.Hang, From: goHangFrom, To: goHangUntil}}},
				{Name: "orders-db", Latency: engine.Latency{Kind: engine.LogNormal, P50: 4 * ms, P99: 20 * ms}, Pool: "database"},
			},
		}
		if contained {
			pay, db := &sys.Dependencies[0], &sys.Dependencies[1]
			pay.Policy = engine.Policy{Timeout: time.Second, Cancel: engine.CancelPropagate,
				Bulkhead: littlesLaw(200, 150*ms), BulkheadWait: 100 * ms}
			db.Policy = engine.Policy{Timeout: time.Second, Cancel: engine.CancelPropagate,
				Bulkhead: littlesLaw(100, 20*ms) + 10, BulkheadWait: 100 * ms}
			sys.Pools[0].PerHost = pay.Policy.Bulkhead + 4
			sys.Pools[0].IdlePerHost = sys.Pools[0].PerHost
		}
		return sys
	}
	return &engine.Scenario{
		Name:        "go-server",
		Summary:     "a Go API, a goroutine per request, one http.Transport and one database pool; the payment provider hangs: no timeout until the OOM kill, a context deadline + MaxConnsPerHost + semaphores",
		Duration:    80 * time.Second,
		MeasureFrom: goHangFrom,
		MeasureTo:   goHangUntil,
		Variants: []engine.Variant{
			{Name: "no timeout: goroutines pile up", System: system(false)},
			{Name: "context deadline + MaxConnsPerHost + semaphores", System: system(true)},
		},
	}
}

// EventLoopStall is an asyncio service on one event loop whose report
// handler makes a synchronous call (a blocking database driver, about
// 150 ms) inside its async handler, four times a second: while it runs,
// the loop runs nothing else, so every endpoint's latency jumps together,
// though search's and profile's upstreams are as fast as ever. The fix
// moves the call off the loop (asyncio.to_thread: a pool of 8 threads),
// where it waits as a call, and the loop is free again.
func EventLoopStall() *engine.Scenario {
	report := engine.Latency{Kind: engine.LogNormal, P50: 150 * ms, P99: 400 * ms}
	system := func(offLoop bool) engine.System {
		sys := engine.System{
			Tasks: &engine.TaskServer{Threads: 1},
			Endpoints: []engine.Endpoint{
				{Name: "search", Rate: 100, Calls: "search-api", Patience: 5 * time.Second, CPU: 500 * time.Microsecond},
				{Name: "profile", Rate: 100, Calls: "profile-api", Patience: 5 * time.Second, CPU: 500 * time.Microsecond},
				{Name: "report", Rate: 4, Patience: 5 * time.Second, CPU: time.Millisecond, Blocking: report},
			},
			Dependencies: []engine.Dependency{
				{Name: "search-api", Latency: engine.Latency{Kind: engine.LogNormal, P50: 20 * ms, P99: 50 * ms}},
				{Name: "profile-api", Latency: engine.Latency{Kind: engine.LogNormal, P50: 15 * ms, P99: 40 * ms}},
				// The same query run in a thread of asyncio's default
				// executor, used once the call is off the loop.
				{Name: "report-db", Latency: report,
					Policy: engine.Policy{Bulkhead: 8, BulkheadKind: engine.ThreadPoolBulkhead, BulkheadQueue: 1000}},
			},
		}
		if offLoop {
			sys.Endpoints[2].Blocking = engine.Latency{}
			sys.Endpoints[2].Calls = "report-db"
		}
		return sys
	}
	return &engine.Scenario{
		Name:        "event-loop-stall",
		Summary:     "an asyncio service whose report handler makes a blocking call on the loop: every endpoint's latency jumps together; the fix moves the call to a thread",
		Duration:    30 * time.Second,
		MeasureFrom: 5 * time.Second,
		MeasureTo:   30 * time.Second,
		Variants: []engine.Variant{
			{Name: "a blocking call on the loop", System: system(false)},
			{Name: "the call moved off the loop (to_thread)", System: system(true)},
		},
	}
}
