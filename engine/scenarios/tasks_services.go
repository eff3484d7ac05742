package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// When go-inventory's database slows, and to what.
const (
	invSlowFrom  = 20 * time.Second
	invSlowUntil = 50 * time.Second
	invSlow      = 400 * ms
)

// GoInventory is a Go API (a goroutine per request on 4 threads, one
// http.Transport, a container of 160 MiB) whose product page calls
// inventory, a service with a pool of 32 threads and a backlog of 2000
// connections waiting for one (a servlet container's), which queries a
// database. From 20 s to 50 s the database answers in
// 400 ms instead of about 10 ms: inventory then finishes some 80 calls a
// second while the API sends 200, and its queue fills. The API's search
// page calls a healthy index through the same transport; its health check
// calls nothing. Clients wait 2 s.
//
// The variants differ in what each hop wraps around its call:
//   - no timeouts: each product goroutine parks, holding its connection
//     and its 64 KiB, for as long as inventory takes, far longer than its
//     client waits; the parked goroutines grow with inventory's queue
//     until the API is killed at its memory limit, and search and health,
//     which never call inventory, fail with it;
//   - a 1 s timeout at each hop, nothing passed down: the API's
//     goroutines give up after a second, but inventory never knows and
//     spends its threads on calls nobody waits for;
//   - the timeout cancels the call (the API's context is done after a
//     second; inventory stops a request whose client has gone, and its
//     driver cancels the query): a call the API gave up on leaves
//     inventory's queue, or frees its thread and its query, at once;
//   - a context deadline, propagated with cancellation (the Go client
//     sends its ctx's deadline as grpc-timeout): inventory's own call to
//     the database is given what is left of the second, less 10 ms, so it
//     gives up just before the API would, and nothing needs cancelling.
//
// Neither of the last two makes inventory faster: it still answers some
// 80 calls a second of the 200, and most product pages fail; what they
// stop is its threads working for callers that have gone.
func GoInventory() *engine.Scenario {
	system := func(p engine.Policy) engine.System {
		return engine.System{
			Tasks: &engine.TaskServer{Threads: 4, Memory: engine.Memory{Limit: 160 * mib, Base: 48 * mib, PerTask: 64 * kib, Restart: 5 * time.Second}},
			// net/http's: a dial whose caller gave up runs on.
			Pools: []engine.Pool{{Name: "transport", Kind: engine.ClientPool, Dial: 5 * ms, AbandonedDial: engine.DialRunsOn}},
			Endpoints: []engine.Endpoint{
				{Name: "product", Rate: 200, Calls: "inventory", Patience: 2 * time.Second, CPU: 300 * time.Microsecond},
				{Name: "search", Rate: 100, Calls: "search-index", Patience: 2 * time.Second, CPU: 200 * time.Microsecond},
				{Name: "health", Interval: 100 * ms, Patience: 2 * time.Second, CPU: 20 * time.Microsecond},
			},
			Dependencies: []engine.Dependency{
				{Name: "inventory", Service: "inventory", Pool: "transport", Policy: p},
				{Name: "search-index", Latency: engine.Latency{Kind: engine.LogNormal, P50: 20 * ms, P99: 60 * ms}, Pool: "transport",
					Policy: engine.Policy{Timeout: time.Second}},
			},
			Services: []engine.Service{{
				Name: "inventory", Workers: 32, Queue: 2000, Work: engine.Latency{Kind: engine.Constant, Value: 2 * ms},
				Calls: "database",
				Dependencies: []engine.Dependency{{
					Name:    "database",
					Latency: engine.Latency{Kind: engine.LogNormal, P50: 10 * ms, P99: 40 * ms},
					Faults:  []engine.Fault{{Kind: engine.Slow, From: invSlowFrom, To: invSlowUntil, Latency: invSlow}},
					Policy:  p,
				}},
			}},
		}
	}
	hop := engine.Policy{Timeout: time.Second}
	cancel := engine.Policy{Timeout: time.Second, Cancel: engine.CancelPropagate}
	deadline := engine.Policy{Timeout: time.Second, PropagateDeadline: true, DeadlineMargin: 10 * ms, Cancel: engine.CancelPropagate}
	return &engine.Scenario{
		Name:        "go-inventory",
		Summary:     "a Go API calls inventory, a thread-pool service, whose database slows: no timeouts until the OOM kill, a timeout at each hop, cancellation, a propagated deadline",
		Duration:    70 * time.Second,
		MeasureFrom: invSlowFrom,
		MeasureTo:   invSlowUntil,
		Variants: []engine.Variant{
			{Name: "no timeouts", System: system(engine.Policy{})},
			{Name: "a 1 s timeout at each hop", System: system(hop)},
			{Name: "the timeout cancels the call", System: system(cancel)},
			{Name: "context deadline propagated, with cancellation", System: system(deadline)},
		},
	}
}
