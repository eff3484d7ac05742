package engine

import (
	"math/rand/v2"
	"reflect"
	"time"
	"unsafe"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Forking a run partway. A sweep runs many cells that differ in a knob or
// two, and most knobs do not matter until something goes wrong: before the
// cascade's fault, no call comes near any timeout of the grid and the pool
// never comes near its smallest size, so every cell's run is, up to the
// fault, the same run. A sweep runs that prefix once and forks each cell's
// run from it (ForkInto): the prefix's state is copied into the cell's run
// and handed the cell's scenario, and the run goes on from there.
//
// A fork is only taken when it is exact, bit for bit the run the cell would
// have made from the start. The knobs a fork may change are the number of
// workers and the dependencies' timeouts and bulkheads (their sizes, waits
// and queues); with the front service's limits, per-tenant bulkheads'
// sizes, load shedding's bounds and the accept queue's (fork_limits.go);
// the services' workers, queues and edges (fork_services.go); the
// settings of the breakers and rate limiters and the retries' attempts
// (fork_policies.go); and the endpoints' patience (fork_patience.go).
// Everything else must be equal.
// The run keeps, as it goes, what shows that these knobs have not mattered
// yet: the most workers busy at once and whether an arrival ever found none
// free (maxBusy, lacked), and per dependency the longest any call sent takes
// to answer and whether a timeout's timer was ever armed (maxAfter, armed),
// and the most calls inside its bulkhead at once and whether a call ever
// found it full (maxBulkhead, bulkheadBound).
// With fewer or more workers, every arrival would still have found a free
// one, the same one (workers are handed out from a stack whose untouched
// bottom holds the highest numbers); with another timeout, every call would
// still have answered within it, so the same calls take the fast path and
// no timer is armed in either run; with another cap on the bulkhead (a cap
// not reached has not mattered), every call would still have found a slot. Then every decision, and so every event
// and sequence number, is the same in both runs.

// ForkAt is the time up to which the runs of variant v of sc may share a
// prefix: just before the first fault of its dependencies or services or
// the first burst of its endpoints starts. It is 0
// (no fork) when no fault starts after 0.
func ForkAt(sc *Scenario, v int) time.Duration {
	if v < 0 || v >= len(sc.Variants) {
		return 0
	}
	first := min(firstBurst(&sc.Variants[v].System), firstServiceFault(&sc.Variants[v].System)) // fork_limits.go, fork_services.go
	for _, d := range sc.Variants[v].System.Dependencies {
		for _, f := range d.Faults {
			first = min(first, f.From)
		}
	}
	if first == noArrival || first <= 0 || first > sc.Duration {
		return 0
	}
	return first - 1
}

// forkScope reports whether the run's state is made only of what CloneInto
// copies: no tasks server beside tenants or shedding.
func (r *Run) forkScope() bool {
	if r.onFree != nil || r.draining {
		return false
	}
	// A tasks server's fork (tasks_fork.go) is checked on its own and
	// with services behind it (TestPropertyTasksServicesForkIsExact); not
	// yet beside tenants or shedding, whose forks were checked on a thread
	// pool's front (fork_limits.go).
	if (r.tasks != nil || r.pools != nil) && (len(r.tenants) > 0 || r.frontShed != nil) {
		return false
	}
	for i := range r.endpoints {
		if es := &r.endpoints[i]; r.tasks != nil && (es.tenancy != nil || es.bursts != nil) {
			return false
		}
	}
	return true
}

// ForkInto makes dst the run New(sc, v, seed) would be at r.Now(), seed
// being r's, and reports true; or reports false and leaves dst as it was.
// It forks only when it can show the result is exact: variant v of sc
// differs from r's variant at most in its number of workers and its
// dependencies' timeouts and bulkhead sizes (each above 0 in both), waits
// and queues, or in the knobs of fork_limits.go, fork_services.go,
// fork_policies.go (breaker and rate limiter settings, retry attempts) and
// tasks_fork.go (a tasks server's pool caps, memory limit and memory per
// task), or in its dependencies' and services' faults that have not
// begun (fork_faults.go), its
// scenario's duration and measurement window are r's, and none of these
// knobs has mattered in r so far (see above). r is only read, so many runs
// may fork from one r at once.
// dst keeps the memory it has grown, as with Reset.
func (r *Run) ForkInto(dst *Run, sc *Scenario, v int) bool {
	if dst == r || v < 0 || v >= len(sc.Variants) || !r.forkScope() || !r.knobsUnused(sc, v) {
		return false
	}
	r.CloneInto(dst)
	dst.rebase(sc, v)
	return true
}

// CanFork reports whether ForkInto would fork r for variant v of sc just
// now, without making the copy: a sweep asks it as a run goes on, to keep
// a copy of the run at the latest moment a later cell may still start
// from (engine/sweep's watch).
func (r *Run) CanFork(sc *Scenario, v int) bool {
	return v >= 0 && v < len(sc.Variants) && r.forkScope() && r.knobsUnused(sc, v)
}

// knobsUnused reports whether variant v of sc is r's variant but for knobs
// that have not mattered in r so far.
func (r *Run) knobsUnused(sc *Scenario, v int) bool {
	a := r.scenario
	if sc.Duration != a.Duration || sc.MeasureFrom != a.MeasureFrom || sc.MeasureTo != a.MeasureTo {
		return false
	}
	sys := &sc.Variants[v].System
	if len(sys.Dependencies) != len(r.sys.Dependencies) {
		return false
	}
	// The variant with r's workers, timeouts and bulkheads must be r's.
	same := *sys
	same.Workers = r.sys.Workers
	if len(sys.Endpoints) == len(r.sys.Endpoints) {
		for i := range sys.Endpoints {
			if q := sys.Endpoints[i].Patience; q != r.sys.Endpoints[i].Patience {
				if !r.patienceUnused(i, q, sys) { // fork_patience.go
					return false
				}
				if same.Endpoints == nil || &same.Endpoints[0] == &sys.Endpoints[0] {
					same.Endpoints = append([]Endpoint(nil), sys.Endpoints...)
				}
				same.Endpoints[i].Patience = r.sys.Endpoints[i].Patience
			}
		}
	}
	var tv timeoutView // fork_timeouts.go: shared by the edges' checks
	same.Dependencies = make([]Dependency, len(sys.Dependencies))
	copy(same.Dependencies, sys.Dependencies)
	for i := range same.Dependencies {
		d, mine, ds := &same.Dependencies[i], &r.sys.Dependencies[i].Policy, &r.dependencies[i]
		if !faultsUnused(d.Faults, r.sys.Dependencies[i].Faults, r.now) { // fork_faults.go: none begun
			return false
		}
		d.Faults = r.sys.Dependencies[i].Faults
		if t := d.Policy.Timeout; t != mine.Timeout {
			// No call took as long as the new timeout, and no timer was
			// armed, or none fired (fork_timeouts.go).
			if !r.timeoutUnused(i, t, &tv) {
				return false
			}
			d.Policy.Timeout = mine.Timeout
		}
		if b := d.Policy.Bulkhead; b != mine.Bulkhead {
			// Both positive (the layers are the same); r's cap never
			// bound, and no more calls were ever inside than the new cap
			// holds, so every call would have found a slot there too.
			if b <= 0 || mine.Bulkhead <= 0 || ds.bulkheadBound || ds.maxBulkhead > b {
				return false
			}
			d.Policy.Bulkhead = mine.Bulkhead
		}
		if w, q := d.Policy.BulkheadWait, d.Policy.BulkheadQueue; w != mine.BulkheadWait || q != mine.BulkheadQueue {
			// A bulkhead's wait (a semaphore's) and queue (a thread
			// pool's) are read only for a call that finds it full, which
			// waits or is refused: while none has (bulkheadBound), every
			// call went in alike.
			if ds.bulkheadBound {
				return false
			}
			d.Policy.BulkheadWait, d.Policy.BulkheadQueue = mine.BulkheadWait, mine.BulkheadQueue
		}
		if !tenantBulkheadUnused(sys, &d.Policy, mine, ds) { // fork_limits.go
			return false
		}
		if !policiesUnused(&d.Policy, mine, ds, r.tasks != nil && r.tasks.kills > 0) { // fork_policies.go: breaker, rate limiter
			return false
		}
	}
	r.shedUnused(&same)                // fork_limits.go
	if !r.servicesUnused(&same, &tv) { // fork_services.go
		return false
	}
	if sys.Workers != r.sys.Workers && (r.lacked || r.maxBusy > sys.Workers) {
		return false
	}
	if q := sys.Queue; q != r.sys.Queue {
		if !r.queueUnused(q) { // fork_limits.go
			return false
		}
		same.Queue = r.sys.Queue
	}
	if !r.tasksKnobsUnused(sys, &same) { // tasks_fork.go: pools, memory
		return false
	}
	return reflect.DeepEqual(&same, r.sys)
}

// CloneInto makes dst a copy of r that goes on independently, reusing
// dst's buffers; r must be in forkScope. Both share the scenario and the
// replayed traffic, which nothing changes.
func (r *Run) CloneInto(dst *Run) { r.cloneInto(dst, false) }

// KeepInto makes dst a copy of r as CloneInto does, but with its arrays
// (its time series, its requests, their latencies, its events) of about
// their length rather than r's capacity: a copy kept to fork from, not to
// run on. A time series' capacity is the whole run's, and a run a sweep's
// Runner goes on with has the capacities its largest run so far grew to:
// a go-server run at its hang's start, after a run through the whole
// hang, holds nine times the bytes of its compact copy, and five seconds
// in three times (go-inventory's five and two and a half). So a sweep
// keeps more copies in its bounded bytes (a finished run per column of
// its grid, and copies of runs as they go: engine/sweep's watch). dst may
// run on all the same: it only allocates as its arrays grow; a fork from
// it (ForkInto, CloneInto) gives its series and latencies the room a run
// starts with, and reuses its own arrays where they are large enough.
func (r *Run) KeepInto(dst *Run) { r.cloneInto(dst, true) }

// cloneInto is CloneInto, its arrays held at about their length when
// compact (KeepInto).
func (r *Run) cloneInto(dst *Run, compact bool) {
	accept, shedBuf, tenants := dst.accept, dst.frontShed, dst.tenants
	svcs, svcOrder, insts, links := dst.svcs, dst.svcOrder, dst.insts, dst.links
	old := spare{
		endpoints: dst.endpoints, dependencies: dst.dependencies, arrivals: dst.arrivals,
		requests: dst.requests, freeRequests: dst.freeRequests, workerOwner: dst.workerOwner,
		freeWorkers: dst.freeWorkers, transitions: dst.transitions,
		slab: dst.queue.slab, far: dst.queue.far.items, deferred: dst.deferred,
		waitEnds: dst.waits.ends,
	}
	tasks := dst.tasksSpare()
	*dst = *r // the queue's wheel (arrays) and every scalar
	// Out of a fork's scope, so empty; never a slice of r's to grow into.
	r.cloneServicesInto(dst, svcs, svcOrder, insts, links, compact) // fork_services.go
	r.cloneLimitsInto(dst, shedBuf, tenants, compact)               // fork_limits.go
	dst.queue.slab = cloneArray(old.slab, r.queue.slab, compact)
	dst.queue.far.items = cloneArray(old.far, r.queue.far.items, compact)
	dst.arrivals = cloneArray(old.arrivals, r.arrivals, compact)
	dst.requests = cloneArray(old.requests, r.requests, compact)
	dst.deferred = cloneArray(old.deferred, r.deferred, compact) // waiters.go
	dst.waits.ends = cloneWaits(old.waitEnds, r.waits.ends)      // waits_lane.go
	dst.freeRequests = cloneArray(old.freeRequests, r.freeRequests, compact)
	dst.workerOwner = cloneArray(old.workerOwner, r.workerOwner, compact)
	dst.freeWorkers = cloneArray(old.freeWorkers, r.freeWorkers, compact)
	dst.transitions = cloneArray(old.transitions, r.transitions, compact)
	dst.accept = cloneRing(accept, r.accept)
	r.cloneTasksInto(dst, tasks, compact) // tasks_fork.go

	n := len(r.endpoints)
	dst.endpoints = reuseBuf(old.endpoints, n)[:n]
	for i := range r.endpoints {
		src, d := &r.endpoints[i], &dst.endpoints[i]
		series, lat, arr, tra, ten, waits := d.series, d.latencies, d.arrivals, d.traffic, d.tenancy, d.waits
		*d = *src
		d.waits = cloneWaits(waits, src.waits) // timers.go
		d.tenancy = cloneTenancy(ten, src.tenancy)
		d.series = cloneSized(series, src.series, compact, r.samples())
		d.latencies = cloneSized(lat, src.latencies, compact, r.latencyRoom(i))
		d.arrivals = cloneStream(arr, src.arrivals)
		d.traffic = cloneStream(tra, src.traffic)
	}
	n = len(r.dependencies)
	dst.dependencies = reuseBuf(old.dependencies, n)[:n]
	for i := range r.dependencies {
		src, d := &r.dependencies[i], &dst.dependencies[i]
		series, rng, jsrc, br, waiters, tbh, bal, lim, bud, timers := d.series, d.rng, d.jitterSrc, d.breaker, d.waiters, d.tenantBH, d.balRng, d.limiter, d.budget, d.timers
		*d = *src
		d.limiter = cloneLimiter(lim, src.limiter) // fork_policies.go
		d.budget = cloneBudget(bud, src.budget)
		d.timers = cloneWaits(timers, src.timers) // timers.go
		d.balRng = cloneStream(bal, src.balRng)
		d.tenantBH = cloneTenantBulkhead(tbh, src.tenantBH)
		d.series = cloneSized(series, src.series, compact, r.samples())
		d.rng = cloneStream(rng, src.rng)
		d.waiters = cloneRing(waiters, src.waiters)
		// A shared breaker's members (sharedbreaker.go) hold their group's
		// first member's breaker and its jitter: the copy's members hold
		// the copy's, as linkSharedBreakers linked them (below), and make
		// no jitter of their own.
		j := r.sharedWith(i)
		if src.jitterSrc != nil {
			if jsrc == nil {
				jsrc = new(rand.PCG)
			}
			*jsrc = *src.jitterSrc
			d.jitterSrc = jsrc
			if j < 0 {
				d.jitter = rand.New(jsrc)
			}
		}
		if src.breaker == nil {
			continue
		}
		if j >= 0 {
			d.breaker, d.jitter = dst.dependencies[j].breaker, dst.dependencies[j].jitter
			continue
		}
		// dst's own breakers may have been shared: a buffer an earlier
		// dependency of the copy holds already is not reused.
		for k := range i {
			if dst.dependencies[k].breaker == br {
				br = nil
				break
			}
		}
		if br == nil {
			br = new(breaker.Breaker)
		}
		svc, inst := dst.edgeOwner(d)
		src.breaker.CloneInto(br, dst.breakerOptions(d, svc, inst))
		d.breaker = br
	}
	dst.linkTables() // *dst = *r copied r's pointers
}

// sharedWith is the earlier dependency whose breaker dependency i's is,
// a shared breaker's first member (linkSharedBreakers), or -1.
func (r *Run) sharedWith(i int) int {
	ds := &r.dependencies[i]
	if ds.cfg.Policy.SharedBreaker == "" || ds.breaker == nil {
		return -1
	}
	for j := range i {
		if r.dependencies[j].breaker == ds.breaker {
			return j
		}
	}
	return -1
}

// rebase hands a clone the scenario it is forked for (ForkInto has checked
// that only workers, timeouts, bulkhead sizes and the other knobs above
// differ, unused). A bulkhead's cap is read from cfg, which it swaps.
func (r *Run) rebase(sc *Scenario, v int) {
	sys := &sc.Variants[v].System
	was := r.sys
	r.scenario, r.variant, r.sys = sc, v, sys
	r.rebaseTasks(sys)         // tasks_fork.go
	var shifts []time.Duration // fork_timeouts.go
	for i := range sys.Dependencies {
		ds, d := &r.dependencies[i], &sys.Dependencies[i]
		rebasePolicies(ds, d)    // fork_policies.go
		repointDependency(ds, d) // fork_faults.go
		r.retime(i, d.Policy.Timeout, &shifts)
	}
	r.rebaseLimits(sys)            // fork_limits.go
	r.rebaseServices(sys, &shifts) // fork_services.go
	r.retimeServiceFaults(was)     // fork_faults.go
	patience := r.repatience(sys)  // fork_patience.go
	if shifts != nil || patience != nil {
		r.shiftTimers(shifts, patience) // fork_timeouts.go
	}
	// The free workers' stack: its bottom, never reached, holds the highest
	// numbers in order, so a pool of another size differs only there.
	if w, had := sys.Workers, was.Workers; w != had {
		if w > had {
			grow := w - had
			r.freeWorkers = append(r.freeWorkers, make([]int32, grow)...)
			copy(r.freeWorkers[grow:], r.freeWorkers)
			for k := range grow {
				r.freeWorkers[k] = int32(w - 1 - k)
			}
			for range grow {
				r.workerOwner = append(r.workerOwner, noWorker)
			}
		} else {
			drop := had - w
			r.freeWorkers = r.freeWorkers[:copy(r.freeWorkers, r.freeWorkers[drop:])]
			r.workerOwner = r.workerOwner[:w]
		}
	}
}

// cloneInto copies src into buf's array, grown to src's capacity so that
// the copy appends as the original would without allocating.
func cloneInto[T any](buf, src []T) []T {
	if src == nil {
		return nil
	}
	return append(reuseBuf(buf, cap(src)), src...)
}

// cloneArray copies src into buf's array as cloneInto does or, when
// compact, into an array of src's length (buf's when it holds src and is
// no more than twice as large): a compact copy is one to fork from, whose
// arrays need no room to grow (KeepInto).
func cloneArray[T any](buf, src []T, compact bool) []T {
	if !compact || src == nil {
		return cloneInto(buf, src)
	}
	return cloneCompact(buf, src, len(src))
}

// cloneCompact copies src into buf's array when it holds c and is not
// more than twice c, or else into a new array of capacity c (c ≥ len(src)).
func cloneCompact[T any](buf, src []T, c int) []T {
	if cap(buf) < c || cap(buf) > 2*c+16 {
		buf = make([]T, 0, c)
	}
	return append(buf[:0], src...)
}

// cloneSized is cloneArray for an array a run sizes when it starts (a
// time series, an endpoint's latencies): a full copy's array holds at
// least least, as the run's own did, so that a run forked from a compact
// copy goes on without growing it. A compact copy's array is of sizedCap.
func cloneSized[T any](buf, src []T, compact bool, least int) []T {
	switch {
	case src == nil:
		return nil
	case compact:
		return cloneCompact(buf, src, sizedCap(len(src), least))
	}
	return append(reuseBuf(buf, max(cap(src), least)), src...)
}

// sizedCap is the capacity of a compact copy's array of n elements, one
// whose run gave it room for least at its start: n rounded up to an
// eighth of that room, and no more than the room (or n, past it). A
// sweep's watch copies a run as it goes, every second or so of its time,
// into the arrays of a copy let go a look before, while a series grows a
// bucket every 100 ms and its latencies an answer each: at their length,
// nearly every copy made its arrays anew (300 MB of them in go-inventory's
// sweep of service workers); in eighths, the copies of an eighth of the
// run reuse them.
func sizedCap(n, least int) int {
	chunk := max(1, least/8)
	return min((n+chunk-1)/chunk*chunk, max(n, least))
}

// bytesSized is bytesOf an array cloneSized copies, or when compact the
// bytes of a compact copy's array of it (sizedCap).
func bytesSized[T any](s []T, compact bool, least int) int {
	if !compact || s == nil {
		return bytesOf(s)
	}
	var v T
	return arrayBytes(sizedCap(len(s), least) * int(unsafe.Sizeof(v)))
}

// samples is how many buckets the run's time series hold at its end: the
// room init gives them, and a full copy of a compact one (cloneSized).
func (r *Run) samples() int { return int(r.scenario.Duration / r.every) }

// latencyRoom is the room for endpoint i's latencies that init gives
// them, and a full copy of a compact one (cloneSized).
func (r *Run) latencyRoom(i int) int {
	return expectedAnswers(&r.sys.Endpoints[i], r.scenario.Duration)
}

// cloneStream copies src's state into s (a new stream when nil).
func cloneStream(s, src *stream) *stream {
	if src == nil {
		return nil
	}
	if s == nil {
		s = newStream(0, 0)
	}
	s.hi, s.lo, s.held, s.haveHeld = src.hi, src.lo, src.held, src.haveHeld
	return s
}

// cloneRing copies src into q's arrays, keeping src's positions.
func cloneRing(q, src ring) ring {
	return ring{ids: cloneInto(q.ids, src.ids), stamps: cloneInto(q.stamps, src.stamps), head: src.head, n: src.n}
}

// Footprint is about how many bytes of buffers a copy of r made by
// CloneInto holds (its arrays, grown to r's capacities), so that a caller
// keeping copies (a sweep keeps finished runs to fork from) can bound
// what they hold. It counts every array cloneInto copies, a service's and
// a tasks server's included (TestFootprintCountsWhatACopyHolds), not the
// few words around them.
func (r *Run) Footprint() int { return r.footprint(false) }

// KeptFootprint is about how many bytes a copy of r made by KeepInto
// holds at least: Footprint with its series at their length, which a
// compact copy holds them at (or up to a quarter over, in an array it
// reuses), and its timers' rings as small as cloneWaits makes them. A
// sweep asks before it copies a run to keep whether the copy could fit
// its bound at all (TestKeptFootprintIsTheCopysLeast).
func (r *Run) KeptFootprint() int { return r.footprint(true) }

// footprint is Footprint, or KeptFootprint when compact.
func (r *Run) footprint(compact bool) int {
	c := compact
	// The Run itself counts too, its timing wheel's arrays and its tables
	// epAt and frontDepAt inline (some 22 KB): a sweep's compact copies of
	// go-server are some 100 KB, and the hundred its kept bytes hold took
	// 2 MB more than they counted.
	n := int(unsafe.Sizeof(*r)) + bytesAtLength(r.queue.slab, c) + bytesAtLength(r.queue.far.items, c) + bytesAtLength(r.arrivals, c) + bytesAtLength(r.requests, c) +
		bytesAtLength(r.freeRequests, c) + bytesAtLength(r.workerOwner, c) + bytesAtLength(r.freeWorkers, c) + bytesAtLength(r.transitions, c) +
		bytesOf(r.accept.ids) + bytesOf(r.accept.stamps) + bytesOf(r.endpoints) + bytesOf(r.dependencies) + bytesOf(r.tenants) +
		bytesAtLength(r.deferred, c) + r.waits.ends.bytes(c) + r.tasksFootprint(c) + r.servicesFootprint(c)
	for i := range r.endpoints {
		es := &r.endpoints[i]
		n += bytesSized(es.series, compact, r.samples()) + bytesSized(es.latencies, compact, r.latencyRoom(i)) + es.waits.bytes(compact)
	}
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		n += bytesSized(ds.series, compact, r.samples()) + bytesOf(ds.waiters.ids) + bytesOf(ds.waiters.stamps) + ds.timers.bytes(compact)
	}
	for i := range r.tenants {
		n += bytesSized(r.tenants[i].series, compact, r.samples()+1)
	}
	return n
}

// bytesAtLength is bytesOf, or s's length's bytes when least: a compact
// copy holds an array at its length (cloneArray), and any copy holds
// an array copied at its source's length (a tasks server's pools, say).
func bytesAtLength[T any](s []T, least bool) int {
	if least {
		s = s[:len(s):len(s)]
	}
	return bytesOf(s)
}

// bytesOf is the size of s's array, as the allocator holds it: an array
// over 32 KB takes whole 8 KB pages (a run's series of 36,000 bytes takes
// 40,960). (A smaller one is rounded up to a size class, by at most an
// eighth: not counted.)
func bytesOf[T any](s []T) int {
	var v T
	return arrayBytes(cap(s) * int(unsafe.Sizeof(v)))
}

// arrayBytes is what the allocator holds for an array of n bytes (bytesOf).
func arrayBytes(n int) int {
	if n > 32<<10 {
		n = (n + 8<<10 - 1) &^ (8<<10 - 1)
	}
	return n
}

// bytes is what footprint counts of w: its array, or, for the least a
// copy holds (least), the array cloneWaits makes.
func (w *waitRing) bytes(least bool) int {
	if least && w.items != nil {
		return arrayBytes(w.copySize() * int(unsafe.Sizeof(timerWait{})))
	}
	return bytesOf(w.items)
}
