package engine

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// How a run simulates services (SERVICES-DESIGN.md, 1.3 to 1.7).
//
// A call along an edge whose Dependency names a service is a request of its
// own, a child, in the run's one slab of requests. The caller's startCall
// picks an instance (the balancer) and sends the call: the child arrives at
// that instance at the same instant, as an event would, once the event
// that sent it is over (soonCall, or evChildArrive), so that the slab only
// ever grows at the top of an event, never below a caller that holds a
// pointer into it. The instance admits it to a worker or its
// accept queue (or refuses it: the caller sees an error at once), runs the
// service's own Work (evWorkDone), then sends the service's own call through
// that instance's policy pipeline, exactly as the front service's endpoints
// do, to any depth. When the child is done its outcome goes back to the
// caller's pending call if the caller still waits for it (the call token
// matches); otherwise the answer is for nobody (abandoned work).
//
// A caller that gives up on a call (a timeout, a deadline, its own caller's
// cancellation) cancels the child if the edge propagates cancellation: a
// queued child is dropped, a working one gives its worker back at once and
// gives up its own call in turn. Without propagation the child works on.
//
// Links between a request and its caller and callee live beside the slab
// (links), so that the front service's requests, which have none unless they
// call a service, are not made larger.

// noDeadline marks a request without a deadline; it is later than any time
// a run reaches.
const noDeadline = noArrival

// svcState is one service of a run: its configuration and what its
// instances share.
type svcState struct {
	cfg      *Service
	n        int // instances
	instBase int // its first instance's index in insts
	depBase  int // its first instance's first edge in dependencies
	nDeps    int // edges per instance
	calls    int // the Calls edge, an index of cfg.Dependencies, or -1
	work     bool
	workLat  dependencyState // only its latency is used: Work's sampler
	// workDrawn says Work is drawn for each request (workLat.sample);
	// otherwise it is workFixed (a constant, or none).
	workDrawn bool
	workFixed time.Duration
	// budget says the Calls edge keeps a retry budget, which a request
	// that ends settles (endChild).
	budget bool
	// caller and depth: where a depth-first walk from the front meets it.
	caller string
	depth  int

	busy, queued       int // over its instances
	busyMax, queuedMax int
	downs              int // its instances that are down (the balancer skips them)
	bucket             ServiceSample
	series             []ServiceSample
}

// instState is one instance of a service: its pool, accept queue and record.
type instState struct {
	svc       int
	k         int   // its index within the service
	callDep   int32 // its edge for the service's Calls, an index of dependencies, or -1
	workers   int
	queueCap  int
	busy      int
	queued    int // live entries of accept (it may hold stale ones)
	busyMax   int
	queuedMax int
	lacked    bool // a call found every worker busy (fork_services.go)
	// roomRefused: a call that found every worker busy was turned away
	// for want of room in the queue, the first time with roomMin queued
	// (fork_services.go: the queue's bound).
	roomRefused bool
	roomMin     int
	// roomFound: the most a call that found every worker busy and room
	// in the queue found queued, plus one, where refuseChild then judged
	// it (an error fault's draw, the shedder): under a bound no larger,
	// it would have found no room and not been judged (fork_services.go).
	roomFound int
	accept    ring // admitted children waiting for a worker
	rng       *stream
	state     InstanceState
	until     time.Duration
	restarts  int
	// slowBy and errRate are a slow or error fault's, while it is in
	// force; errRng draws which calls fail, a stream of its own so that
	// the rest of the run draws what it would without the fault (nil for
	// a service without error faults).
	slowBy  time.Duration
	errRate float64
	errRng  *stream
	// shedder is the service's load shedding, this instance's own (it
	// judges this instance's queue), or nil.
	shedder *shed.Shedder
	// drawn holds the draws of the instance's calls that the run replays
	// (services_traffic.go), drawNext the next to read; nil: it draws
	// them from rng.
	drawn    *serviceDraws
	drawNext int
	// leafTimeout says the instance's Calls edge is a leaf whose one
	// layer is a timeout (cut to a propagated deadline or not), with no
	// total deadline and no retry budget: childCall sends its calls the
	// short way while they answer within the timeout (leafTimed).
	leafTimeout bool
	// leafPlain says the instance's Calls edge is a leaf with no layer,
	// no total deadline, no deadline to propagate and no retry budget:
	// childCall goes to the short way without asking about them.
	leafPlain bool
	// leafAnswer says an answer to the instance's Calls edge, a leaf's
	// (evLeafDone), ends the child in leafDone's own lines: the edge has
	// no layer or a timeout alone (leafTimeout) and no retry budget.
	// Decided once, at init, for the test leafDone made of the edge on
	// every answer.
	leafAnswer bool
	// plainEnd says a child's end here has nothing of the service's to
	// settle (no retry budget, no shedder to tell): endAnswered's short
	// way, decided once for the two loads it made on every end.
	plainEnd bool

	arrived        uint64
	answered       Counts
	cancelled      uint64
	abandonedWork  uint64
	wasted         time.Duration
	expiredInQueue uint64
}

// link is a request's place in a chain of calls. childArrives writes each
// of its fields (a field added here must be written there too).
type link struct {
	// parent is the caller's request, with its generation and call token
	// when the call was sent (a child only); edge the caller's edge, an
	// index of dependencies.
	parent    int32
	parentGen uint32
	parentTok uint32
	edge      int32
	// child is the request serving this one's call to a service, with its
	// generation, or -1 (not arrived yet, answered, or no such call).
	child    int32
	childGen uint32
	// deadline is the request's own (a child's; noDeadline: none), send
	// the one its call in flight carries, started when it took a worker.
	deadline time.Duration
	send     time.Duration
	started  time.Duration
}

// endKind says why a child ends.
type endKind uint8

const (
	endAnswered  endKind = iota // its work is done: it answers
	endCancelled                // its caller's cancellation reached it
	endExpired                  // its deadline passed while it queued
	endCrashed                  // its instance restarted
	endDrained                  // the run's drain limit passed
)

// serviceEdges counts the dependency states the services need: each
// instance has its own edges.
func serviceEdges(sys *System) int {
	n := 0
	for i := range sys.Services {
		s := &sys.Services[i]
		n += max(1, s.Instances) * len(s.Dependencies)
	}
	return n
}

// linkSvcs points svcAt at r's services: once init has sized them, and
// in a copy once they are its own (cloneServicesInto). Past them the
// table holds nil (init's zero Run; a copy's source had as many).
func (r *Run) linkSvcs() {
	for i := range r.svcs {
		r.svcAt[i] = &r.svcs[i]
	}
}

// svcAt's uint8 index covers every service a valid system has.
var _ [256 - MaxServices]struct{}

// instKey derives the stream key of something per instance k.
func instKey(name string, purpose uint64, k int) uint64 {
	return streamKey(name, purpose) + uint64(k)*0xbf58476d1ce4e5b9
}

// initServices sets up the services' instances and edges (after the front
// service's dependencies, which are r.dependencies[:r.nFrontDeps]).
func (r *Run) initServices(seed uint64, samples int, old *spare) error {
	sys := r.sys
	if len(sys.Services) == 0 {
		return nil
	}
	index := make(map[string]int, len(sys.Services))
	for i := range sys.Services {
		index[sys.Services[i].Name] = i
	}
	// A reset run keeps the services' series, the instances' queues and
	// the links it has grown.
	r.svcs = reuseBuf(old.svcs, len(sys.Services))[:len(sys.Services)]
	r.linkSvcs()
	nInst := 1
	depBase := r.nFrontDeps
	for i := range sys.Services {
		s := &sys.Services[i]
		ss := &r.svcs[i]
		series := ss.series
		*ss = svcState{cfg: s, n: max(1, s.Instances), instBase: nInst, depBase: depBase, nDeps: len(s.Dependencies), calls: -1,
			work: s.Work.Kind != 0, series: reuseBuf(series, samples)}
		ss.workLat.setLatency(s.Work)
		ss.workDrawn = s.Work.Kind == Exponential || s.Work.Kind == LogNormal
		if s.Work.Kind == Constant {
			ss.workFixed = s.Work.Value
		}
		for j := range s.Dependencies {
			if s.Dependencies[j].Name == s.Calls {
				ss.calls = j
				rp := s.Dependencies[j].Policy.Retry
				ss.budget = rp != nil && (rp.Budget == TokenBucketBudget || rp.Budget == ConcurrencyBudget)
			}
		}
		nInst += ss.n
		depBase += ss.n * ss.nDeps
	}
	r.insts = reuseBuf(old.insts, nInst)[:nInst]
	r.links = reuseBuf(old.links, 64)
	// The balancer's first pick of caller instance k is instance k (mod
	// n), so that callers do not march in step.
	setEdge := func(ds *dependencyState, d *Dependency, callerKey string, k int) {
		if d.Service == "" {
			return
		}
		ds.svc = int32(index[d.Service])
		ds.svcFlat = canGoFlat(ds) // services_fast.go
		n := r.svcs[ds.svc].n
		ds.cursor = (k + n - 1) % n
		if sys.Services[ds.svc].Balancer == RandomBalancer {
			ds.balRng = newStream(seed, instKey(callerKey+"/"+d.Name, 15, k))
		}
	}
	for i := range sys.Dependencies {
		setEdge(&r.dependencies[i], &sys.Dependencies[i], "", 0)
	}
	for i := range r.svcs {
		ss := &r.svcs[i]
		s := ss.cfg
		for k := range ss.n {
			gi := ss.instBase + k
			accept := r.insts[gi].accept
			accept.head, accept.n = 0, 0
			r.insts[gi] = instState{svc: i, k: k, callDep: -1, workers: s.Workers, queueCap: s.Queue, accept: accept,
				rng: newStream(seed, instKey(s.Name, 12, k))}
			if ss.calls >= 0 {
				r.insts[gi].callDep = int32(ss.depBase + k*ss.nDeps + ss.calls)
			}
			for _, f := range s.Faults {
				if f.Kind == InstanceErrors {
					r.insts[gi].errRng = newStream(seed, instKey(s.Name, 16, k))
					break
				}
			}
			if s.Shed != nil {
				c := *s.Shed
				c.Workers = s.Workers
				sh, err := shed.New(c)
				if err != nil {
					return fmt.Errorf("service %q: shed: %w", s.Name, err)
				}
				r.insts[gi].shedder = sh
			}
			for j := range s.Dependencies {
				d := &s.Dependencies[j]
				ds := &r.dependencies[ss.depBase+k*ss.nDeps+j]
				series, timers := ds.series, ds.timers
				*ds = dependencyState{cfg: d, series: reuseBuf(series, samples), timers: timers}
				ds.timers.reset()
				key := s.Name + "/" + d.Name
				ds.rng = newStream(seed, instKey(key, 13, k))
				if err := r.setupDependency(ds, d, seed, instKey(key, 14, k), s.Name, k); err != nil {
					return fmt.Errorf("service %q: %w", s.Name, err)
				}
				ds.inst = gi
				setEdge(ds, d, s.Name, k)
			}
			if cd := r.insts[gi].callDep; cd >= 0 {
				ds := &r.dependencies[cd]
				r.insts[gi].leafTimeout = ds.svc < 0 && len(ds.layers) == 1 && ds.timeoutAt == 0 &&
					ds.deadline == 0 && ds.budget == nil
				r.insts[gi].leafPlain = ds.svc < 0 && len(ds.layers) == 0 &&
					ds.deadline == 0 && !ds.propagate && ds.budget == nil
				r.insts[gi].leafAnswer = ds.svc < 0 && ds.budget == nil &&
					(len(ds.layers) == 0 || r.insts[gi].leafTimeout)
			}
			// Neither changes in the run: a fork keeps the instance's
			// shedder (or its lack) and its service's budget.
			r.insts[gi].plainEnd = !ss.budget && r.insts[gi].shedder == nil
			// The instance's shared breakers, one per group (sharedbreaker.go).
			base := ss.depBase + k*ss.nDeps
			linkSharedBreakers(r.dependencies[base : base+ss.nDeps])
		}
	}
	r.orderServices(index)
	// A tasks server's run holds them too: its loop weighs the lane's
	// first against its slice lane's (runTasksBefore), and a step taken
	// at once comes before a held end (nextToHappen).
	r.soon.work.off = soonOff
	// Service faults are events, scheduled now in the order they are
	// listed (time order), each instance's start before its end.
	for i := range r.svcs {
		ss := &r.svcs[i]
		for fi, f := range ss.cfg.Faults {
			to := f.To
			if to == 0 {
				to = r.scenario.Duration
			}
			for k := range ss.n {
				if f.Instance != AllInstances && f.Instance != k {
					continue
				}
				gi := int32(ss.instBase + k)
				r.schedule(event{at: f.From, kind: evSvcFault, req: gi, tok: uint32(fi), err: true})
				r.schedule(event{at: to, kind: evSvcFault, req: gi, tok: uint32(fi)})
			}
		}
	}
	return nil
}

// orderServices records, for each service, its caller and depth as a
// depth-first walk of the calls from the front service first meets it, and
// the order it meets them in (the snapshot's).
func (r *Run) orderServices(index map[string]int) {
	seen := make([]bool, len(r.svcs))
	r.svcOrder = r.svcOrder[:0]
	var visit func(i int, caller string, depth int)
	visit = func(i int, caller string, depth int) {
		if seen[i] {
			return
		}
		seen[i] = true
		r.svcOrder = append(r.svcOrder, i)
		ss := &r.svcs[i]
		ss.caller, ss.depth = caller, depth
		for _, d := range ss.cfg.Dependencies {
			if d.Service != "" {
				visit(index[d.Service], ss.cfg.Name, depth+1)
			}
		}
	}
	for _, d := range r.sys.Dependencies {
		if d.Service != "" {
			visit(index[d.Service], "", 1)
		}
	}
}

// allocRequest takes a free request slot, growing the slab if none is free.
// Only arrive and childArrives call it, at the top of an event.
func (r *Run) allocRequest() int32 {
	if n := len(r.freeRequests); n > 0 {
		id := r.freeRequests[n-1]
		r.freeRequests = r.freeRequests[:n-1]
		return id
	}
	r.requests = append(r.requests, request{})
	return int32(len(r.requests) - 1)
}

// ensureLink makes links[id] exist. Every call into a service asks it
// twice (callService, childArrives), and nearly always the link is
// there: the test alone stays in line, the growth goes out of it (as a
// loop, the test was laid out at its bottom, behind a jump).
func (r *Run) ensureLink(id int32) {
	if int(id) >= len(r.links) {
		r.growLinks(id)
	}
}

// growLinks is ensureLink's growth, out of line: rare.
//
//go:noinline
func (r *Run) growLinks(id int32) {
	for len(r.links) <= int(id) {
		r.links = append(r.links, link{child: -1})
	}
}

// deadlineOf is the absolute time after which request id's answer is of no
// use: a front request's client's patience, a child's propagated deadline.
func (r *Run) deadlineOf(id int32) time.Duration {
	req := &r.requests[id]
	if req.inst != 0 {
		return r.links[id].deadline
	}
	if p := r.epAt[uint8(req.ep)].patience; p > 0 { // a front request's (req.inst == 0)
		return req.arrived + p
	}
	return noDeadline
}

// propagatedTimeout sets the timeout layer's end for an edge that
// propagates deadlines: the sooner of its own timeout and the request's
// deadline less the margin (exercise 13's hop timeout). With neither, the
// layer never fires.
func (r *Run) propagatedTimeout(id int32, req *request, ds *dependencyState) {
	own := noDeadline
	if ds.timeout > 0 {
		own = r.now + ds.timeout
	}
	at := own
	if dl := r.deadlineOf(id); dl != noDeadline {
		ds.noteSlack(dl - ds.margin - r.now)
		// A deadline already past times the attempt out now, never in
		// the past: the event queue only looks forward.
		at = max(min(own, dl-ds.margin), r.now)
	}
	req.timeoutAt = at
	// A timeout that fires at the deadline's end, before the hop's own
	// would have, is counted as the deadline's (handle, evTimeout).
	req.timeoutCut = at < own
	if at == noDeadline {
		req.timeoutArmed = true // nothing to arm: it stays unscheduled
	}
}

// noteSlack notes an attempt's time left before its deadline, less the
// margin (slackMin), on an edge that propagates deadlines.
func (ds *dependencyState) noteSlack(slack time.Duration) {
	if !ds.slackSeen || slack < ds.slackMin {
		ds.slackMin, ds.slackSeen = slack, true
	}
}

// deadlinePassed reports whether request id's deadline, less the edge's
// margin, leaves no time for a call now, or no more than the policy's
// MinTimeLeft, noting what it leaves (slackMin).
func (r *Run) deadlinePassed(id int32, ds *dependencyState) bool {
	dl := r.deadlineOf(id)
	if dl == noDeadline {
		return false
	}
	left := dl - ds.margin - r.now
	ds.noteSlack(left)
	return left <= ds.minLeft
}

// callService sends request id's attempt along ds, an edge to a service:
// it picks the instance now; the child arrives there once the event that
// sends it is over (soonCall).
func (r *Run) callService(id int32, req *request, ds *dependencyState) {
	ds.calls++
	n := ds.inFlight + 1
	ds.inFlight = n
	req.inCall = true
	req.callTok++
	if n > ds.inFlightMax {
		ds.rise(id, req, r.now)
	}
	// A service of one instance needs no balancer: the call asks nothing.
	ss := r.svcAt[uint8(ds.svc)] // Run.svcAt: no bounds check
	gi := int32(ss.instBase)
	if ss.n > 1 {
		gi = int32(r.pickInstance(ds))
	}
	r.ensureLink(id)
	l := &r.links[id]
	l.child = -1
	l.send = noDeadline
	if ds.propagate {
		// The callee's answer is of no use once this attempt stops waiting:
		// at its timeout, or at the whole call's deadline if that is sooner.
		l.send = req.timeoutAt
		if ds.deadline > 0 {
			l.send = min(l.send, req.callStart+ds.deadline)
		}
	}
	if tb := ds.timeoutBit; tb != 0 { // the edge has a timeout layer
		// The answer's time is unknown, so the timeout layer's timer is
		// armed now: armTimeout's steps for that case, written out, as
		// every call into a service takes them. A timer deferred at a
		// bulkhead wait (waiters.go) goes the whole way.
		if req.active&tb != 0 && !req.timeoutArmed && (int(id) >= len(r.deferred) || r.deferred[id].seq == 0) {
			req.timeoutArmed = true
			ds.armed = true // fork.go
			// Its FIFO (timers.go): setTimeout's steps for its common
			// case written out (the timer goes after others, in a ring
			// with room: nothing to queue, nothing to grow), one call
			// fewer for every call into a service; any other goes to
			// setTimeout.
			// The ring's fields are read once into locals: the stores
			// between (r.seq, the new last) would have the compiler load
			// them again, each a load for every call into a service.
			due := max(req.timeoutAt, r.now)
			w := &ds.timers
			items, n := w.items, w.n
			mask := uint(len(items) - 1)
			last := uint(w.head + n)
			if n > 0 && n < len(items) && due >= items[(last-1)&mask].at {
				seq := r.seq + 1
				r.seq = seq
				p := &items[last&mask]
				w.n = n + 1
				p.at, p.seq, p.req, p.gen, p.tok = due, seq, id, req.gen, req.timeoutTok
			} else {
				r.setTimeout(ds, req.dep, due, id, req.gen, req.timeoutTok)
			}
		} else if req.active&tb != 0 && !req.timeoutArmed {
			// Deferred at a bulkhead wait: armTimeout arms it. A timer
			// armed already (a call that waited for a connection) or a
			// layer not entered leaves armTimeout nothing to do, and
			// its call is spared (nearly every call of go-inventory's
			// sweep of a per-host cap waited for its connection).
			r.armTimeout(id, req, ds, 0, false)
		}
	}
	s := &r.soon
	if s.callSeq != 0 || soonOff {
		// The slot holds an earlier call: this one waits its turn in the
		// queue, which comes after that call's, by seq, as it would.
		r.scheduleEvent(r.now, evChildArrive, id, req.gen, req.callTok, gi)
		return
	}
	r.seq++
	// Field by field: a literal is built aside and copied in.
	s.callSeq, s.req, s.gen, s.tok, s.inst = r.seq, id, req.gen, req.callTok, gi
	if s.seq == 0 || s.at > r.now {
		// The call comes first: before a work's end held for later (one
		// held for now came before it, by seq).
		s.at, s.seq = r.now, r.seq
	}
}

// soonOff, set by a test, sends every call and every work's end through
// the event queue, as all went before the slot: the results must be the
// same.
var soonOff = false

// soonCall is what the run holds out of the event queue for the services
// (Run.soon): a call into a service sent now, and the ends of children's
// work (workLane, services_lane.go). at and seq are the first of them by
// (time, seq), and seq is 0 when it holds nothing: the run's loop
// (runBefore) looks at it first whenever seq is not 0.
//
// The call arrives at its instance now too. It is the event
// evChildArrive would be, with the seq that event would have taken, and it
// is handled exactly when that event would be: the loop takes it first
// while nothing in the queue or the arrivals comes before it by (time,
// seq). A call is sent in the middle of an event's handling, so its
// arrival cannot be handled where it is sent: the rest of that event comes
// first. Nearly every event that sends a call sends one, so one slot is
// enough; a second call sent before the first has arrived goes into the
// queue, as every call did before, after the first by its seq. callSeq 0
// marks the call's slot empty. A call held is due at the time it was sent,
// which is now until it is taken: nothing held or pending comes before it
// at a later time.
type soonCall struct {
	at       time.Duration
	seq      uint64
	callSeq  uint64
	req      int32
	gen, tok uint32
	inst     int32
	work     workLane
}

// takeSoon handles the first of what r.soon holds (the call, or the first
// work's end) if nothing pending comes before it (an arrival or an event
// with a smaller (time, seq), such as a timer put in the queue with the
// seq it was set with); it reports whether it did. The loop calls it
// whenever the slot holds anything, before it looks at anything else.
// Everything held falls due before the loop's stop (Run.before,
// workLane), so the loop never returns while the slot holds anything.
// (Inlined in the loop, it cost the cascade's benchmark, which holds
// nothing, 1 % in the registers the loop then shuffles.)
//
//go:noinline
func (r *Run) takeSoon() bool {
	if at := r.soon.at; r.arrAt < at || r.queue.headAt < at {
		return false
	}
	return r.takeHeld() // services_lane.go: unless a tie goes the other way
}

// pickInstance is the balancer's choice, within the callee's fleet, for a
// call along ds: the instance's index in insts.
func (r *Run) pickInstance(ds *dependencyState) int {
	ss := r.svcAt[uint8(ds.svc)]
	n, base := ss.n, ss.instBase
	if n == 1 {
		return base
	}
	// Ring steps without a division, and the fleet's instances sliced
	// only where a balancer reads them: it runs for every call into a
	// fleet, and round robin or random with every instance up reads none.
	var k int
	switch ss.cfg.Balancer {
	case RandomBalancer:
		k = int((ds.balRng.next() >> 32) * uint64(n) >> 32)
	case LeastOutstanding:
		insts := r.insts[base : base+n]
		best, bestLoad := -1, 0
		c := ds.cursor
		for range n {
			if c++; c == n {
				c = 0
			}
			in := &insts[c]
			if in.state == InstanceIsDown {
				continue // out of rotation: its zero load would draw everything
			}
			if load := in.busy + in.queued; best < 0 || load < bestLoad {
				best, bestLoad = c, load
			}
		}
		if best < 0 {
			best = (ds.cursor + 1) % n // all down: the call is refused there
		}
		ds.cursor = best
		return base + best
	default:
		k = ds.cursor + 1
		if k >= n {
			k = 0
		}
		ds.cursor = k
	}
	// The balancer's health checks take an instance that is down out of
	// rotation (at once: the model has no check interval), so its share
	// goes to the next instance that is up, in ring order; with every
	// instance down the call is refused where the balancer pointed.
	if ss.downs == 0 {
		return base + k
	}
	insts := r.insts[base : base+n]
	for c, j := k, 0; j < n; j++ {
		if insts[c].state != InstanceIsDown {
			return base + c
		}
		if c++; c == n {
			c = 0
		}
	}
	return base + k
}

// handleService handles the services' events.
func (r *Run) handleService(e *event) {
	switch e.kind {
	case evLeafDone: // one for nearly every child (its work's end: workLane)
		r.leafDone(e)
	case evWorkDone:
		r.workDone(e.req, e.gen) // services_lane.go
	case evHeld:
		req := &r.requests[e.req]
		if req.gen != e.gen || req.ep < 0 {
			return // cancelled, crashed or drained meanwhile
		}
		in := &r.insts[req.inst]
		if in.state == InstanceIsHung {
			r.hold(e) // the instance answers nothing until the hang ends
			return
		}
		r.childAnswered(e.req, Outcome(e.tok))
	case evChildArrive:
		r.childArrives(e.req, e.gen, e.tok, int(e.dep))
	case evSvcFault:
		r.serviceFault(int(e.req), int(e.tok), e.err)
	}
}

// hold puts off event e of a request on a hung instance to the hang's end:
// a hung process does nothing, and what fell due meanwhile happens when it
// wakes (its timers fire late, answers of leaf calls are read then). An
// answer from a service it called is taken in at once (its breaker records
// it), but what the instance would do with it, an answer of its own or a
// retry, waits for the hang's end too: nothing leaves a hung instance.
func (r *Run) hold(e *event) {
	held := *e
	held.at = r.insts[r.requests[e.req].inst].until
	r.schedule(held)
}

// childArrives admits the call of request id (its generation and call
// token when it was sent) at instance gi, picked for it, or refuses it.
func (r *Run) childArrives(id int32, pgen, ptok uint32, gi int) {
	p := &r.requests[id]
	if p.gen != pgen || !p.inCall || p.callTok != ptok {
		// Abandoned in the instant it was sent: it never left the caller
		// (abandonServiceCall settled its counts).
		return
	}
	if p.inst != 0 && r.insts[p.inst].state == InstanceIsHung {
		// Sent by a hung instance: it leaves when the hang ends (hold).
		r.schedule(event{at: r.insts[p.inst].until, kind: evChildArrive, req: id, gen: pgen, tok: ptok, dep: int32(gi)})
		return
	}
	parentDep, parentEp := p.dep, p.ep
	in := &r.insts[gi]
	ss := r.svcAt[uint8(in.svc)]
	in.arrived++
	haveWorker := in.busy < in.workers
	if !haveWorker || in.state != InstanceUp {
		// A refusal is possible only here; an instance that is up and
		// has a free worker takes the call. One that is up with every
		// worker busy and no shedder takes refuseChild's steps written
		// out: with room in its queue it queues the call (nearly every
		// call that waits); with none it refuses it (a backed-up
		// service's every other call: go-inventory's sweeps), along a
		// flat edge in these lines, which do serviceReturned's steps for
		// the caller's slot and edge held here (no second test of the
		// room, no second lookup of the edge). Any other edge's refusal
		// takes refuseChild, which the flat walk's property tests step
		// beside these lines (svcFlat off).
		if in.state != InstanceUp || in.shedder != nil {
			if r.refuseChild(id, parentDep, parentEp, in, ss, haveWorker) {
				return
			}
		} else if in.queueCap == QueueUnbounded || in.queued < in.queueCap {
			in.lacked = true // fork_services.go
		} else if ds := &r.dependencies[parentDep]; ds.svcFlat {
			in.lacked = true // fork_services.go
			if !in.roomRefused || in.queued < in.roomMin {
				in.roomRefused, in.roomMin = true, in.queued // fork_services.go
			}
			in.answered[Rejected]++
			ss.bucket.Answered[Rejected]++
			r.unrise(ds, id)
			ds.inFlight--
			p.inCall = false
			if ds.pooled {
				r.putConn(id, ds, true) // the connection goes back idle
			}
			r.finishFlat(id, p, ds, len(ds.layers), resError) // services_fast.go
			return
		} else {
			r.refuseChild(id, parentDep, parentEp, in, ss, haveWorker) // no room: it refuses
			return
		}
	}
	tenant := p.tenant
	c := r.allocRequest()
	req := &r.requests[c]
	// Cleared, then filled in, as in arrive: a literal with fields that
	// are not constants is built aside and copied, twice the stores.
	gen := req.gen
	*req = request{}
	req.arrived, req.gen, req.ep, req.dep, req.worker, req.inst, req.tenant = r.now, gen, parentEp, in.callDep, noWorker, int16(gi), tenant
	r.open++
	r.ensureLink(c)
	links := r.links
	pl := &links[id]
	cl := &links[c]
	// Every field written once, instead of cleared and then filled in.
	cl.parent, cl.parentGen, cl.parentTok, cl.edge, cl.child, cl.childGen = id, pgen, ptok, parentDep, -1, 0
	cl.deadline, cl.send, cl.started = pl.send, noDeadline, 0
	pl.child, pl.childGen = c, gen
	if haveWorker {
		r.startChild(c, req, cl, in, ss)
		return
	}
	r.queueChild(in, c, req.gen)
	in.queued++
	in.queuedMax = max(in.queuedMax, in.queued)
	ss.queued++
	ss.queuedMax = max(ss.queuedMax, ss.queued)
}

// refuseChild refuses request id's call (along edge parentDep, from
// endpoint parentEp) at instance in of service ss if the instance is down,
// has neither a worker nor room in its queue, fails it (an error fault),
// or sheds it; it reports whether it did. The caller sees an error at once.
func (r *Run) refuseChild(id, parentDep int32, parentEp int16, in *instState, ss *svcState, haveWorker bool) bool {
	if !haveWorker {
		in.lacked = true // fork_services.go
	}
	noRoom := !haveWorker && !(in.queueCap == QueueUnbounded || in.queued < in.queueCap)
	if noRoom && in.state != InstanceIsDown && (!in.roomRefused || in.queued < in.roomMin) {
		in.roomRefused, in.roomMin = true, in.queued // fork_services.go
	}
	if !haveWorker && !noRoom && in.state != InstanceIsDown {
		in.roomFound = max(in.roomFound, in.queued+1) // fork_services.go
	}
	if in.state == InstanceIsDown || noRoom {
		// Connection refused, or no room: an error at once.
		in.answered[Rejected]++
		ss.bucket.Answered[Rejected]++
		r.unrise(&r.dependencies[parentDep], id)
		r.dependencies[parentDep].inFlight--
		r.serviceReturned(id, resError) // services_fast.go
		return true
	}
	if in.state == InstanceIsFailing && in.errRng.float64() < in.errRate {
		// A failing instance answers with an error at once, no worker taken.
		in.answered[Failed]++
		ss.bucket.Answered[Failed]++
		r.unrise(&r.dependencies[parentDep], id)
		r.dependencies[parentDep].inFlight--
		r.serviceReturned(id, resError) // services_fast.go
		return true
	}
	if !haveWorker && in.shedder != nil && !in.shedder.Admit(r.now, r.instQueue(in), r.endpoints[parentEp].class) {
		// Load shedding: the queue's wait is past the class's bound, so
		// the call is refused at once (a 503), counted by the shedder.
		in.answered[Rejected]++
		ss.bucket.Answered[Rejected]++
		r.unrise(&r.dependencies[parentDep], id)
		r.dependencies[parentDep].inFlight--
		r.serviceReturned(id, resError) // services_fast.go
		return true
	}
	return false
}

// rise is noteInFlight's rise for request id's call into a service, sent
// at now, with what it replaced and the call that made it: the service may
// refuse the call when it arrives, in this instant, and the rise is then
// undone (unrise). Out of line: a rise is rare, and callService, run for
// every call into a service, stays as short as it was.
//
//go:noinline
func (ds *dependencyState) rise(id int32, req *request, now time.Duration) {
	ds.riseFrom, ds.riseFromAt = ds.inFlightMax, ds.inFlightMaxAt
	ds.riseReq, ds.riseGen, ds.riseTok = id, req.gen, req.callTok
	ds.inFlightMax, ds.inFlightMaxAt = ds.inFlight, now
}

// unrise undoes the rise of ds's in_flight_max (and its time) that
// request id's call made when it was sent (callService), if that call made
// the last rise and is refused now, in the instant it was sent: the service
// never worked on it. Refused later (sent by a hung instance, it left at
// the hang's end) it stays counted, as it waited in flight all that time.
// A later rise, by a call along the edge sent while this one had yet to
// arrive, is left as it is: one event sends at most one call along an
// edge in every built-in scenario (counted at seeds 5 and 11: no such
// rise), so the slot's one call is all a refusal has to undo.
func (r *Run) unrise(ds *dependencyState, id int32) {
	// The peak's time first: a refusal of a backed-up service's calls
	// rarely comes in the instant of a rise, and the request is not read.
	if ds.inFlightMaxAt != r.now || ds.riseReq != id {
		return
	}
	if req := &r.requests[id]; ds.riseGen == req.gen && ds.riseTok == req.callTok {
		ds.inFlightMax, ds.inFlightMaxAt = ds.riseFrom, ds.riseFromAt
	}
}

// queueChild puts child c in its instance's accept queue. Cancelled
// children leave stale entries behind, which a pop skips; rather than grow
// a ring that is half stale, the stale entries are dropped first, so a long
// hang with many cancellations does not make the ring grow without bound.
func (r *Run) queueChild(in *instState, c int32, gen uint32) {
	q := &in.accept
	if size := len(q.ids); q.n == size && in.queued < size/2 {
		kept := 0
		for i := range q.n {
			from := (q.head + i) % size
			id, st := q.ids[from], q.stamps[from]
			if uint64(r.requests[id].gen) == st {
				to := (q.head + kept) % size
				q.ids[to], q.stamps[to] = id, st
				kept++
			}
		}
		q.n = kept
	}
	if q.n < len(q.ids) {
		// ring.push's steps when it has room, written out: one call
		// fewer for every call that waits for a worker.
		at := (q.head + q.n) & (len(q.ids) - 1)
		q.ids[at], q.stamps[at] = c, uint64(gen)
		q.n++
		return
	}
	q.push(c, uint64(gen))
}

// startChild gives child c (req, its link l, on instance in of service
// ss) a worker and starts its work. Its callers hold c's link already:
// passed, it is not looked up again.
func (r *Run) startChild(c int32, req *request, l *link, in *instState, ss *svcState) {
	in.busy++
	in.busyMax = max(in.busyMax, in.busy)
	ss.busy++
	ss.busyMax = max(ss.busyMax, ss.busy)
	req.started = true
	req.worker = 0
	l.started = r.now
	if ss.work || in.state == InstanceIsHung || in.state == InstanceIsSlow {
		// A hung instance takes the call but does nothing with it: its
		// work (none, or some) is done when the hang ends (hold). A slow
		// one holds the worker its added time first.
		work := ss.workFixed
		if ss.workDrawn {
			work = ss.workLat.sample(in.rng)
		}
		if in.state == InstanceIsSlow {
			work += in.slowBy
		}
		// scheduleEvent's steps, written out: one call fewer for
		// nearly every child (its frame costs more than its steps);
		// the end is held out of the queue when it may be (workLane:
		// due before the loop's stop, no sooner than the lane's last,
		// with room).
		at := r.now + work
		r.seq++
		if w := &r.soon.work; !w.off && at < r.before && at >= w.last && w.n < workLaneSize {
			r.holdWork(at, c, req.gen) // services_lane.go
			return
		}
		if e := r.queue.place(at, r.seq); e != nil {
			e.req, e.gen, e.tok, e.dep, e.kind, e.err = c, req.gen, 0, 0, evWorkDone, false
			return
		}
		r.queue.pushFar(event{at: at, seq: r.seq, kind: evWorkDone, req: c, gen: req.gen})
		return
	}
	r.childCall(c, req, in)
}

// childCall sends child c's own call (req is c's, in its instance), once
// its work is done, through its instance's pipeline for the service's
// Calls edge, as startOnWorker does for a front request.
func (r *Run) childCall(c int32, req *request, in *instState) {
	if req.dep < 0 {
		r.childAnswered(c, OK)
		return
	}
	ds := &r.dependencies[req.dep]
	if ds.svc < 0 {
		// The instance's next draws: replayed while they last
		// (services_traffic.go), then from its stream.
		if d := in.drawn; d != nil && in.drawNext < len(d.draws) {
			k := in.drawNext
			in.drawNext = k + 1
			req.latency, req.errDraw = d.draws[k].latency, d.draws[k].errDraw
		} else {
			if d != nil {
				in.drawsOut()
			}
			req.latency, req.errDraw = ds.sample(in.rng), in.rng.float64()
		}
	}
	req.callStart = r.now
	ds.made++
	req.piped = true
	// A leaf with a timeout alone or no layer, and nothing else to ask
	// about (leafTimeout, leafPlain: no total deadline, no budget), goes
	// straight to the short way below; any other edge asks.
	if !in.leafTimeout && !in.leafPlain {
		if d := ds.deadline; d > 0 {
			req.deadlineOn = true
			r.schedule(event{at: r.now + d, kind: evDeadline, req: c, gen: req.gen})
		}
		if ds.budget != nil {
			ds.budget.Begin()
		}
		if len(ds.layers) == 0 && !ds.propagate && ds.svc >= 0 {
			// No layer to enter, no deadline to check, no connection to
			// wait for: what enter and startCall come to, sendCall.
			r.sendCall(c, req, ds)
			return
		}
		if !(in.leafTimeout || len(ds.layers) == 0 && !ds.propagate && ds.svc < 0) {
			if ds.svcFlat {
				r.enterFlat(c, req, ds, 0) // services_fast.go
				return
			}
			r.enter(c, 0)
			return
		}
	}
	// enter's, startCall's and sendCall's steps for a call to a leaf
	// along an edge with no layers or a timeout alone (no connection to
	// wait for; a deadline to check only behind the timeout), written
	// out: the timeout layer is entered as enter enters it, its timer armed (as
	// armTimeout arms it) only if the call may outlast it, and the
	// answer is an evLeafDone, which leafDone takes straight to the
	// child's end instead of through handle, callReturned, exit and
	// finishCall. The event has the time and seq evCallDone would
	// have had, so the order of events is the same. (A child's first
	// attempt: it meets the draws just taken.)
	if debugChecks && req.callTok != 0 {
		panic(fmt.Sprintf("engine: child %d calls its leaf a second time", c))
	}
	if in.leafTimeout {
		req.active |= 1
		req.timeoutTok++
		req.timeoutAt = r.now + ds.cfg.Policy.Timeout
		req.timeoutArmed = false
		req.timeoutCut = false
		if ds.propagate {
			// The timeout cut to the deadline, then startCall's check:
			// a deadline that leaves no time for the call ends it here,
			// out through the timeout (go-inventory's propagated
			// deadline sends every call of its database this way).
			r.propagatedTimeout(c, req, ds)
			if r.deadlinePassed(c, ds) {
				ds.deadlineExceeded++
				r.finishFlat(c, req, ds, 1, resTimeout) // services_fast.go
				return
			}
		}
	}
	ds.calls++
	ds.inFlight++
	ds.noteInFlight(r.now)
	req.inCall = true
	req.callTok++
	// response's answer without its call while no fault is in force
	// (faultAt's test).
	after, answers, isErr := req.latency, true, false
	if r.now >= ds.faultUntil || ds.fault != nil {
		after, answers, isErr = r.response(ds, req.latency, req.errDraw)
	}
	if !answers {
		ds.maxAfter = noArrival // fork.go
	} else {
		ds.maxAfter = max(ds.maxAfter, after) // fork.go
	}
	if in.leafTimeout && (!answers || r.now+after >= req.timeoutAt) {
		// A child's slot has no timer deferred at a bulkhead (those are
		// the front's, of older generations), so armTimeout skips
		// nothing for an answer within the timeout.
		r.armTimeout(c, req, ds, r.now+after, answers)
	}
	if !answers {
		return
	}
	at := r.now + after
	r.seq++
	if e := r.queue.place(at, r.seq); e != nil {
		e.req, e.gen, e.tok, e.dep, e.kind, e.err = c, req.gen, req.callTok, req.dep, evLeafDone, isErr
		return
	}
	r.queue.pushFar(event{at: at, seq: r.seq, kind: evLeafDone, req: c, gen: req.gen, tok: req.callTok, dep: req.dep, err: isErr})
}

// leafDone is the answer to a child's call that childCall sent to a leaf: what handle
// does with an evCallDone, and, while the edge has still no layer but a
// timeout and no retry budget (a service's edge takes no pool), what callReturned,
// exit, finishCall and childAnswered then do, in one step.
func (r *Run) leafDone(e *event) {
	req := &r.requests[e.req]
	live := req.gen == e.gen && req.inCall && req.callTok == e.tok
	in := &r.insts[req.inst] // insts[0], unused, for a slot the front holds now
	if live && req.inst != 0 && in.state == InstanceIsHung {
		r.hold(e) // the answer waits in a hung instance's socket
		return
	}
	ds := &r.dependencies[e.dep]
	if !live {
		// Nobody waits for it (handle): without cancellation the
		// dependency worked on to its end; with it, it was counted when
		// the caller gave up.
		if !ds.cancel {
			ds.inFlight--
			ds.abandoned--
		}
		return
	}
	ds.inFlight--
	res := resOK
	if e.err {
		res = resError
	}
	if !in.leafAnswer || req.inst == 0 { // leafAnswer: this edge's layers and budget
		r.callReturned(e.req, res)
		return
	}
	req.inCall = false
	if in.leafTimeout {
		// exit's step for the timeout layer: it stops waiting.
		req.timeoutTok++
		ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		req.active &^= 1
	}
	req.deadlineOn = false
	ds.answered++
	o := OK
	if e.err {
		o = Failed
		ds.failedCalls++
	} else {
		ds.succeeded++
	}
	r.endAnswered(e.req, req, in, o, res)
}

// endAnswered is endChildOn for child c (req, on instance in), whose work
// is done with outcome o, its caller's result res. When its worker goes
// back with nothing else to settle (no retry budget, no load shedding to
// tell, no test watching), it does endChildOn's and releaseChild's steps
// for that case, in their order, whether its caller still waits for it
// or not.
func (r *Run) endAnswered(c int32, req *request, in *instState, o Outcome, res result) {
	ss := r.svcAt[uint8(in.svc)]
	if !req.started || req.freed || !in.plainEnd || r.onFree != nil {
		r.endChildOn(c, req, in, o, res, endAnswered)
		return
	}
	l := &r.links[c]
	parent := l.parent
	p := &r.requests[parent]
	waiting := p.gen == l.parentGen && p.inCall && p.callTok == l.parentTok
	in.answered[o]++
	ss.bucket.Answered[o]++
	// The parent's edge: l.edge (while the parent still waits for this
	// call, p.dep: a request's edge never changes).
	ds := &r.dependencies[l.edge]
	ds.inFlight--
	if !waiting {
		// Work nobody waits for any more (its caller timed out, say:
		// nearly every answer of go-inventory's backed-up inventory):
		// endChildOn's steps for it, with no second look at the parent.
		ds.abandoned--
		in.abandonedWork++
		in.wasted += r.now - l.started
	}
	req.freed = true
	in.busy--
	ss.busy--
	r.freeRequest(c)
	if in.accept.n > 0 && !r.draining {
		r.startQueued(in)
	}
	if !waiting {
		return
	}
	// startQueued may have grown links: parent's is looked up afresh.
	r.links[parent].child = -1
	// serviceReturned's steps (services_fast.go), written out for the
	// parent and edge found above (startQueued allocates no request, so p
	// still points at it): one call and two lookups fewer for every
	// answer.
	if ds.svcFlat {
		p.inCall = false
		if ds.pooled {
			r.putConn(parent, ds, true) // the connection goes back idle
		}
		r.finishFlat(parent, p, ds, len(ds.layers), res)
		return
	}
	r.callReturned(parent, res)
}

// childAnswered is child c's outcome, decided by its pipeline (finishCall)
// or its having nothing to call: a hung instance holds it until the hang
// ends; otherwise it goes to the caller.
func (r *Run) childAnswered(c int32, o Outcome) {
	req := &r.requests[c]
	in := &r.insts[req.inst]
	if in.state == InstanceIsHung {
		r.schedule(event{at: in.until, kind: evHeld, req: c, gen: req.gen, tok: uint32(o)})
		return
	}
	// The caller cannot tell a fallback's answer from the real one.
	res := resError
	if o == OK || o == Fallback {
		res = resOK
	}
	r.endAnswered(c, req, in, o, res)
}

// endChild ends child c with outcome o at its instance: its worker (or its
// place in the queue) is given back, and res goes to the caller if the
// caller still waits for it.
func (r *Run) endChild(c int32, o Outcome, res result, how endKind) {
	req := &r.requests[c]
	r.endChildOn(c, req, &r.insts[req.inst], o, res, how)
}

// endChildOn is endChild for child c, whose request is req and instance in.
func (r *Run) endChildOn(c int32, req *request, in *instState, o Outcome, res result, how endKind) {
	l := &r.links[c]
	// What is needed of the link, read before anything can grow links.
	parent, edge := l.parent, l.edge
	ss := r.svcAt[uint8(in.svc)]
	in.answered[o]++
	ss.bucket.Answered[o]++
	switch how {
	case endCancelled:
		in.cancelled++
	case endExpired:
		in.expiredInQueue++
	}
	ds := &r.dependencies[edge]
	ds.inFlight--
	p := &r.requests[parent]
	waiting := p.gen == l.parentGen && p.inCall && p.callTok == l.parentTok
	switch {
	case waiting && how == endDrained:
		// The caller is failed by the drain too: it stops waiting now.
		p.inCall = false
		p.callTok++
		waiting = false
	case !waiting:
		ds.abandoned--
		if how == endAnswered {
			in.abandonedWork++
			in.wasted += r.now - l.started
		}
	}
	if req.started {
		if req.piped && ss.budget {
			if b := r.dependencies[req.dep].budget; b != nil {
				b.End()
				if req.retried {
					if cb, ok := b.(*retry.Concurrency); ok {
						cb.EndRetry()
					}
				}
			}
		}
		r.releaseChild(c, req, in, ss, how == endCancelled)
	} else {
		r.freeRequest(c)
	}
	if waiting {
		r.links[parent].child = -1
		r.serviceReturned(parent, res) // services_fast.go
	}
}

// releaseChild gives child c's worker back, exactly once, and starts the
// next queued child whose deadline has not passed.
func (r *Run) releaseChild(c int32, req *request, in *instState, ss *svcState, cancelled bool) {
	if req.freed {
		panic(fmt.Sprintf("engine: the worker of request %d freed twice", c))
	}
	req.freed = true
	in.busy--
	ss.busy--
	if in.shedder != nil && !cancelled {
		in.shedder.Observe(r.now - r.links[c].started)
	}
	if r.onFree != nil {
		r.onFree(c, req.gen, cancelled)
	}
	r.freeRequest(c)
	if in.accept.n > 0 && !r.draining {
		r.startQueued(in)
	}
}

// startQueued gives a free worker of the instance to its next live queued
// child; children whose deadline passed while they queued are dropped on
// the way (a server checks the request's context first).
func (r *Run) startQueued(in *instState) {
	for in.accept.len() > 0 && in.busy < in.workers {
		c, gen := in.accept.pop()
		req := &r.requests[c]
		if uint64(req.gen) != gen {
			continue
		}
		ss, l := r.svcAt[uint8(in.svc)], &r.links[c]
		in.queued--
		ss.queued--
		if dl := l.deadline; dl != noDeadline && r.now >= dl {
			r.endChild(c, Failed, resError, endExpired)
			continue
		}
		r.startChild(c, req, l, in, ss)
		return
	}
}

// abandonServiceCall settles a call to a service that request id (whose
// edge is ds) has just given up: one that has not arrived yet never will;
// an arrived one is cancelled if the edge propagates cancellation.
func (r *Run) abandonServiceCall(id int32, ds *dependencyState) {
	l := &r.links[id]
	if l.child < 0 {
		ds.inFlight--
		ds.abandoned--
		return
	}
	if !ds.cancel {
		return
	}
	c, gen := l.child, l.childGen
	l.child = -1
	req := &r.requests[c]
	if req.gen != gen || req.ep < 0 {
		return
	}
	if !req.started {
		in := &r.insts[req.inst]
		in.queued--
		r.svcAt[uint8(in.svc)].queued--
		r.endChild(c, Failed, resError, endCancelled)
		return
	}
	// Its own call is given up in turn; its edge decides whether that
	// travels further.
	r.abandonChildCall(c)
	r.endChild(c, Failed, resError, endCancelled)
}

// serviceFault starts or ends fault fi of the instance gi.
func (r *Run) serviceFault(gi, fi int, start bool) {
	in := &r.insts[gi]
	ss := r.svcAt[uint8(in.svc)]
	f := &ss.cfg.Faults[fi]
	to := f.To
	if to == 0 {
		to = r.scenario.Duration
	}
	if !start {
		if in.state != InstanceUp && in.until == to {
			in.state, in.until, in.slowBy, in.errRate = InstanceUp, 0, 0, 0
			r.countDowns(ss)
		}
		return
	}
	switch f.Kind {
	case InstanceSlow:
		in.state, in.until, in.slowBy = InstanceIsSlow, to, f.Latency
	case InstanceErrors:
		in.state, in.until, in.errRate = InstanceIsFailing, to, f.Probability
	case InstanceDown:
		in.state, in.until = InstanceIsDown, to
	case InstanceHang:
		in.state, in.until = InstanceIsHung, to
	case InstanceRestart:
		in.state, in.until = InstanceIsDown, to
		r.countDowns(ss) // before the crash, whose callers may call again
		in.restarts++
		r.crash(gi)
	}
	r.countDowns(ss)
}

// countDowns counts the instances of ss that are down, after a fault
// started or ended.
func (r *Run) countDowns(ss *svcState) {
	insts := r.insts[ss.instBase : ss.instBase+ss.n]
	ss.downs = 0
	for i := range insts {
		if insts[i].state == InstanceIsDown {
			ss.downs++
		}
	}
}

// crash fails every request on instance gi (its callers see an error at
// once), drops its queue, and gives its edges fresh breakers and budgets:
// what lived in the instance's memory is lost.
func (r *Run) crash(gi int) {
	in := &r.insts[gi]
	ss := r.svcAt[uint8(in.svc)]
	for in.accept.len() > 0 {
		c, gen := in.accept.pop()
		if uint64(r.requests[c].gen) != gen {
			continue
		}
		in.queued--
		ss.queued--
		r.endChild(c, Failed, resError, endCrashed)
	}
	for i := range r.requests {
		req := &r.requests[i]
		if req.ep < 0 || int(req.inst) != gi || !req.started {
			continue
		}
		r.abandonChildCall(int32(i))
		r.endChild(int32(i), Failed, resError, endCrashed)
	}
	for j := range ss.nDeps {
		ds := &r.dependencies[ss.depBase+in.k*ss.nDeps+j]
		if ds.breaker != nil {
			// Cannot fail: the configuration was accepted at New.
			_ = r.newBreaker(ds, ss.cfg.Name, in.k)
		}
		r.newBudget(ds)
		if p := ds.cfg.Policy.RateLimiter; p != nil {
			// A restarted limiter starts full, as a new process's would,
			// and its cycles count from when that process starts, at the
			// end of the restart (ratelimitlayer.go).
			ds.limiter, _ = newLimiter(p)
			ds.limiterBorn = max(in.until, r.now)
		}
	}
	// The fresh breakers of a group become one again.
	base := ss.depBase + in.k*ss.nDeps
	linkSharedBreakers(r.dependencies[base : base+ss.nDeps])
}

// drainQueues drops every service's queued children (drain).
func (r *Run) drainQueues() {
	for gi := 1; gi < len(r.insts); gi++ {
		in := &r.insts[gi]
		for in.accept.len() > 0 {
			c, gen := in.accept.pop()
			if uint64(r.requests[c].gen) != gen {
				continue
			}
			in.queued--
			r.svcAt[uint8(in.svc)].queued--
			r.endChild(c, Failed, resError, endDrained)
		}
	}
}

// drainChildren fails every child still at work (drain), after the front
// service's requests (whose giving up has cancelled the children of edges
// that propagate): no answer travels up any more; a child's own call is
// given up, and cancelled where its edge propagates.
func (r *Run) drainChildren() {
	for i := range r.requests {
		req := &r.requests[i]
		if req.ep < 0 || req.inst == 0 || !req.started {
			continue
		}
		r.abandonChildCall(int32(i))
		r.endChild(int32(i), Failed, resError, endDrained)
	}
}

// closeServices ends the services' time-series bucket at r.sampleAt.
func (r *Run) closeServices() {
	for i := range r.svcs {
		ss := &r.svcs[i]
		s := ss.bucket
		s.Busy, s.Queued = int32(ss.busy), int32(ss.queued)
		if ss.calls >= 0 {
			for k := range ss.n {
				if b := r.dependencies[ss.depBase+k*ss.nDeps+ss.calls].breaker; b != nil {
					switch b.StateAt(r.sampleAt) {
					case breaker.Open, breaker.ForcedOpen:
						s.Open++
					case breaker.HalfOpen:
						s.HalfOpen++
					}
				}
			}
		}
		ss.series = append(ss.series, s)
		ss.bucket = ServiceSample{}
	}
}

// abandonChildCall gives up child c's own call, if it has one.
func (r *Run) abandonChildCall(c int32) {
	if r.requests[c].dep >= 0 {
		r.abandonWith(c, -1, resCancelled)
	}
}

// instQueue is what an instance's load shedding sees of its accept queue:
// the live entries and when the oldest of them arrived. Stale entries at
// the head (cancelled children) are dropped first, so the signal never
// sees a call nobody waits for.
func (r *Run) instQueue(in *instState) shed.Queue {
	q := &in.accept
	for q.len() > 0 {
		id, st := q.ids[q.head], q.stamps[q.head]
		if uint64(r.requests[id].gen) == st {
			return shed.Queue{Len: in.queued, Oldest: r.requests[id].arrived}
		}
		q.pop()
	}
	return shed.Queue{}
}
