// Package engine is breakerlab's simulation: a discrete-event model of one
// server whose worker pool serves endpoints that call dependencies through
// timeouts, bulkheads, circuit breakers and fallbacks.
//
// It owns the scenario types, the run (the virtual clock, the event queue,
// the seeded random streams), and the snapshots and results a run hands out.
// It has no terminal, no file I/O and no goroutines; time inside it is
// virtual, a time.Duration since the start of the run. The same scenario and
// seed give the same result, bit for bit, however the run is stepped.
//
// Each dependency's calls pass through layers of policy (pipeline.go): retry,
// breaker, timeout and bulkhead, in the order the scenario gives. The server
// has an accept queue, and clients give up after their patience.
//
// A dependency may be a service with its own pool, queue, work and calls,
// to any depth, in fleets of instances behind a balancer, each instance with
// its own breakers; cancellation and deadlines travel down a chain of calls,
// and instances go down, restart, hang, turn slow or fail a share of their
// calls (services.go, services_run.go).
// Dependencies of one caller may share one breaker (sharedbreaker.go): the
// mistake of one breaker for every dependency, modelled so it can be shown.
//
// The front service may instead be a tasks server, an event loop or a Go
// server with a goroutine per request (tasks.go, tasks_run.go): no worker
// pool, every arrival gets a task, and what runs out is what its parked
// tasks hold: connections of a client or database pool (pools.go), a
// semaphore's permits, memory (past its limit the process is killed and
// restarts), and the loop's own time (a blocking call stalls every task).
//
// Where the time goes, and why the hot path looks as it does: a run
// spends it on arrivals (kept out of the event queue, run.go), the event
// queue (a timing wheel, queue.go; clients' patience and the timeout
// layer's timers, most of which come up when they can do nothing, wait
// beside it in FIFOs that drop such timers when they fill rather than
// grow, timers.go; so do a tasks server's slice ends on its loop,
// tasks_lane.go, the ends of its semaphore waits, waits_lane.go, and
// the ends of a service's constant work, services_lane.go, each with
// the seq its event would have taken),
// arrivals whose call an open breaker, a full bulkhead or a rate limiter
// refuses as it enters (counted without a request, fastpath.go), calls
// that need no layer or only walk a bulkhead and a breaker (fastpath.go;
// a call into a service through a timeout, a breaker, a bulkhead, a rate
// limiter or none of them, and a service's call to a leaf behind a
// timeout alone, services_fast.go; a semaphore's waits, waiters.go) and
// random draws (stream.go, math/rand/v2's generator with its common draws
// inlined). The variants of a scenario draw the same traffic, so RunAll
// draws it once and each variant replays it (traffic.go; the services'
// calls to their leaves too, services_traffic.go). A run may also
// be forked partway into a run of a scenario that differs only in knobs
// that have not mattered yet (the pools' sizes, the timeouts, the
// bulkheads' sizes, the breakers' and rate limiters' settings, faults not
// begun...), which
// the run shows by what it notes as it goes (fork.go): a sweep runs the
// part its cells share once.
//
// It may import the standard library and its own sub-packages (breaker,
// retry, hist); nothing under engine/ imports tui/, lessons/ or exercises/.
package engine
