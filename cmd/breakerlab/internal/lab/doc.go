// Package lab runs the checkout incident on real sockets: a payment provider
// and a sales API listening on loopback, an open-loop load generator, and
// the table of what the clients measured, in the shape `breakerlab run`
// prints for the simulation.
//
// Where it lives, and why: engine/ must stay pure (no I/O, no goroutines, no
// wall clock), and tui/ renders snapshots without doing I/O, so servers,
// sockets and timers belong to neither. The lab is part of the command: it
// sits under cmd/breakerlab/internal so that only the command uses it
// (DESIGN.md: nothing imports cmd/). A live view in tui/ would be fed plain
// numbers by the command rather than import this package.
//
// What it owns:
//   - the provider (provider.go): POST /charge with a healthy latency and a
//     fault timeline, and POST /admin/fault to change the timeline live;
//   - the API (api.go, pool.go, policy.go): a fixed pool of worker
//     goroutines behind an accept queue, GET /health, POST /checkout through
//     the mode's policies, and GET /metrics (metrics.go); or, as the Go
//     server (goapi.go), a goroutine per request with the provider behind
//     an http.Transport bounded by MaxConnsPerHost, context deadlines and
//     a semaphore with an acquisition deadline;
//   - the load (load.go) and the runs (run.go): open-loop arrivals on a
//     schedule, clients that give up, a run discarded and repeated when the
//     scheduler stalled;
//   - the report (report.go, goreport.go): the reference's table and
//     run's JSON shape; for the Go server the engine's tasks-kind model of
//     each mode beside the measured one (sim.go, Simulate);
//   - the live view's side (live.go, sim.go): a Session that runs the
//     incident while a screen watches, its state as an engine.Snapshot in
//     the reference's time (so the sandbox's panes draw it), and the
//     engine's checkout scenario set up as the lab runs, for the simulated
//     side.
//
// The policies are the engine's own, used through their public API:
// engine/breaker (Concurrent, clock read as time.Since the run's start) and
// engine/bulkhead. It imports those, the engine's snapshot types,
// engine/scenarios, engine/report (for the JSON types), net/http and
// client_golang; it imports nothing from tui/, lessons/ or exercises/ (the
// command hands the screen a function that reads the Session).
//
// Every duration the lab uses (latencies, the fault timeline, timeouts, the
// breaker's slow threshold and open wait, the clients' patience, the
// schedule) is multiplied by one Scale factor, and every rate divided by it,
// so a scaled run tells the same story faster: the same number of requests
// per phase and the same concurrency (Little's law: rate × latency).
package lab
