package engine

import "github.com/breakerlab/breakerlab/engine/breaker"

// Settled measures. A sweep reads one or two figures of a finished run,
// and most of them stop changing well before the run ends: an endpoint's
// outcome shares and latency percentiles cover only the requests that
// arrived in the measurement window, and each of those is counted once,
// when its client gets its answer; a breaker's first opening is a moment
// that nothing later moves. A scenario runs on well past its window (to
// let the system recover on screen), so a sweep that stops each run once
// its figures are settled saves much of the work, and measures exactly
// what the whole run would. These two queries let it tell, cheaply,
// between two steps of virtual time.

// WindowOpen is how many of the named endpoint's requests that arrived in
// the measurement window so far have no outcome yet (ok is false when the
// front has no such endpoint). Once the run is past MeasureTo and none is
// open, the endpoint's Window counts and P50, P95 and P99 are final.
func (r *Run) WindowOpen(endpoint string) (open uint64, ok bool) {
	for i := range r.endpoints {
		if r.sys.Endpoints[i].Name != endpoint {
			continue
		}
		es := &r.endpoints[i]
		return es.windowArrived - es.window.Total(), true
	}
	return 0, false
}

// Opened reports whether a breaker whose transitions carry name
// (Transition.Dependency: a dependency's name, or its shared breaker's
// group) has opened so far: its first opening is then final.
func (r *Run) Opened(name string) bool {
	for i := range r.transitions {
		if t := &r.transitions[i]; t.To == breaker.Open && t.Dependency == name {
			return true
		}
	}
	return false
}

// Forkable reports whether r's state is made only of what CloneInto
// copies, so that a copy of it may be kept to fork from (ForkInto refuses
// any other): a sweep asks before it keeps a copy of a cell's run.
func (r *Run) Forkable() bool { return r.forkScope() }

// Events is how many events r has scheduled since its start (arrivals,
// calls' ends, timers: the sequence number the next one takes, less one),
// the same in a fork as in the whole run it stands for, since a fork
// copies it: a sweep reads it before and after a cell's run to tell how
// much of the cell's work it simulated and how much its fork saved.
func (r *Run) Events() uint64 { return r.seq }
