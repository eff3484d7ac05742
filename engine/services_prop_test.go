package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// genEdgePolicy draws a policy for an edge of a pool of `workers`, with
// cancellation and deadline propagation.
func genEdgePolicy(t *rapid.T, workers int) Policy {
	var p Policy
	if rapid.Bool().Draw(t, "timeout") {
		p.Timeout = time.Duration(rapid.IntRange(1, 2000).Draw(t, "timeoutMs")) * time.Millisecond
	}
	p.Bulkhead = rapid.IntRange(0, workers).Draw(t, "bulkhead")
	if rapid.Bool().Draw(t, "threadPool") {
		p.BulkheadKind = ThreadPoolBulkhead
		p.BulkheadQueue = rapid.IntRange(0, 5).Draw(t, "bhQueue")
	} else {
		p.BulkheadWait = time.Duration(rapid.IntRange(0, 500).Draw(t, "bhWaitMs")) * time.Millisecond
	}
	if rapid.Bool().Draw(t, "deadline") {
		p.Deadline = time.Duration(rapid.IntRange(1, 3000).Draw(t, "deadlineMs")) * time.Millisecond
	}
	if rapid.Bool().Draw(t, "retry") {
		p.Retry = &RetryPolicy{
			Attempts:          rapid.IntRange(1, 4).Draw(t, "attempts"),
			Backoff:           retry.Backoff{Base: 10 * time.Millisecond, Max: time.Duration(rapid.IntRange(10, 500).Draw(t, "backoffMax")) * time.Millisecond},
			RetryBulkheadFull: rapid.Bool().Draw(t, "retryFull"),
			WaitForBreaker:    rapid.Bool().Draw(t, "waitBreaker"),
			Budget:            BudgetKind(rapid.IntRange(0, 2).Draw(t, "budget")),
		}
	}
	if rapid.Bool().Draw(t, "shuffleOrder") {
		order := append([]Layer(nil), DefaultOrder...)
		for i := len(order) - 1; i > 0; i-- {
			j := rapid.IntRange(0, i).Draw(t, "swap")
			order[i], order[j] = order[j], order[i]
		}
		p.Order = order
	}
	if rapid.Bool().Draw(t, "breaker") {
		window := rapid.IntRange(1, 10).Draw(t, "window")
		p.Breaker = &breaker.Config{
			WindowSize:     window,
			MinimumCalls:   rapid.IntRange(0, window).Draw(t, "minCalls"),
			FailureRate:    rapid.Float64Range(0.01, 1).Draw(t, "rate"),
			OpenFor:        time.Duration(rapid.IntRange(1, 2000).Draw(t, "openMs")) * time.Millisecond,
			HalfOpenTrials: rapid.IntRange(1, 3).Draw(t, "trials"),
		}
		if rapid.Bool().Draw(t, "jitter") {
			p.Breaker.OpenJitter = rapid.Float64Range(0, 0.5).Draw(t, "jitterShare")
		}
		if err := p.Breaker.Validate(); err != nil {
			t.Skip("drew a breaker config the breaker rejects:", err)
		}
		p.Fallback = FallbackKind(rapid.IntRange(0, 4).Draw(t, "fallback"))
	}
	p.Cancel = CancelMode(rapid.IntRange(0, 1).Draw(t, "cancel"))
	p.PropagateDeadline = rapid.Bool().Draw(t, "propagate")
	if p.PropagateDeadline {
		p.DeadlineMargin = time.Duration(rapid.IntRange(0, 50).Draw(t, "marginMs")) * time.Millisecond
	}
	return p
}

func genLatency(t *rapid.T, max int, none bool) Latency {
	kinds := 2
	if none {
		kinds = 3
	}
	switch rapid.IntRange(0, kinds).Draw(t, "latencyKind") {
	case 0:
		return Latency{Kind: Exponential, Mean: time.Duration(rapid.IntRange(1, max).Draw(t, "mean")) * time.Millisecond}
	case 1:
		return Latency{Kind: Constant, Value: time.Duration(rapid.IntRange(0, max).Draw(t, "value")) * time.Millisecond}
	case 2:
		p50 := rapid.IntRange(1, max).Draw(t, "p50")
		return Latency{Kind: LogNormal, P50: time.Duration(p50) * time.Millisecond,
			P99: time.Duration(p50+rapid.IntRange(1, 4*max).Draw(t, "spread")) * time.Millisecond}
	}
	return Latency{}
}

// genChain draws a front service calling a chain of 1 to 4 services, each
// with 1 to 5 instances, random work, faults and policies, the last one
// calling a leaf or nothing; the front may call the last one directly too.
func genChain(t *rapid.T) *Scenario {
	duration := time.Duration(rapid.IntRange(1, 6).Draw(t, "seconds")) * time.Second
	depth := rapid.IntRange(1, 4).Draw(t, "depth")
	frontWorkers := rapid.IntRange(1, 20).Draw(t, "frontWorkers")
	var services []Service
	for i := range depth {
		s := Service{Name: fmt.Sprintf("s%d", i),
			Workers:   rapid.IntRange(1, 10).Draw(t, "workers"),
			Queue:     rapid.IntRange(-1, 10).Draw(t, "queue"),
			Instances: rapid.IntRange(0, 5).Draw(t, "instances"),
			Balancer:  BalancerKind(rapid.IntRange(0, 2).Draw(t, "balancer")),
			Work:      genLatency(t, 300, true),
		}
		n := max(1, s.Instances)
		at := time.Duration(0)
		for range rapid.IntRange(0, 2).Draw(t, "faults") {
			from := at + time.Duration(rapid.IntRange(0, 2000).Draw(t, "gap"))*time.Millisecond
			to := from + time.Duration(rapid.IntRange(1, 2000).Draw(t, "len"))*time.Millisecond
			if to >= duration {
				break
			}
			s.Faults = append(s.Faults, ServiceFault{Kind: ServiceFaultKind(rapid.IntRange(1, 3).Draw(t, "kind")),
				Instance: rapid.IntRange(-1, n-1).Draw(t, "instance"), From: from, To: to})
			at = to
		}
		switch {
		case i+1 < depth:
			next := fmt.Sprintf("s%d", i+1)
			s.Calls = next
			s.Dependencies = []Dependency{{Name: next, Service: next, Policy: genEdgePolicy(t, s.Workers)}}
		case rapid.Bool().Draw(t, "leaf"):
			leaf := Dependency{Name: "db", Latency: genLatency(t, 300, false), Policy: genEdgePolicy(t, s.Workers)}
			if rapid.Bool().Draw(t, "leafFault") {
				from := time.Duration(rapid.Int64Range(0, int64(duration-1)).Draw(t, "leafFrom"))
				leaf.Faults = []Fault{{Kind: FaultKind(rapid.IntRange(1, 3).Draw(t, "leafKind")), From: from, Latency: time.Second, Probability: 0.5}}
			}
			s.Calls = "db"
			s.Dependencies = []Dependency{leaf}
		}
		if s.Work.Kind == 0 && s.Calls == "" {
			s.Work = Latency{Kind: Constant, Value: time.Millisecond}
		}
		if rapid.IntRange(0, 3).Draw(t, "serviceShed") == 0 {
			s.Shed = genShed(t)
		}
		services = append(services, s)
	}
	deps := []Dependency{{Name: "s0", Service: "s0", Policy: genEdgePolicy(t, frontWorkers)}}
	if depth > 1 && rapid.Bool().Draw(t, "shortcut") {
		// The front also calls the deepest service directly: two callers
		// share its fleet.
		last := services[depth-1].Name
		deps = append(deps, Dependency{Name: "direct", Service: last, Policy: genEdgePolicy(t, frontWorkers)})
	}
	var eps []Endpoint
	for i := range rapid.IntRange(1, 2).Draw(t, "endpoints") {
		e := Endpoint{Name: fmt.Sprintf("ep%d", i), Rate: rapid.Float64Range(1, 100).Draw(t, "rate")}
		if rapid.Bool().Draw(t, "patient") {
			e.Patience = time.Duration(rapid.IntRange(1, 3000).Draw(t, "patienceMs")) * time.Millisecond
		}
		if k := rapid.IntRange(-1, len(deps)-1).Draw(t, "calls"); k >= 0 {
			e.Calls = deps[k].Name
		}
		eps = append(eps, e)
	}
	return &Scenario{Name: "chain", Duration: duration, MeasureTo: duration,
		Variants: []Variant{{Name: "v", System: System{Workers: frontWorkers, Queue: rapid.IntRange(-1, 10).Draw(t, "frontQueue"),
			Endpoints: eps, Dependencies: deps, Services: services}}}}
}

// genShed draws load shedding for a queue: either signal, each class's
// bound no longer than the more important class's.
func genShed(t *rapid.T) *ShedPolicy {
	c := time.Duration(rapid.IntRange(1, 2000).Draw(t, "shedCritMs")) * time.Millisecond
	d := time.Duration(rapid.Int64Range(1, int64(c)).Draw(t, "shedDefaultNs"))
	s := time.Duration(rapid.Int64Range(1, int64(d)).Draw(t, "shedSheddableNs"))
	return &ShedPolicy{Signal: shed.Signal(rapid.IntRange(0, 1).Draw(t, "shedSignal")), MaxWait: [shed.NumClasses]time.Duration{c, d, s},
		ServiceTime: time.Duration(rapid.IntRange(1, 500).Draw(t, "shedServiceMs")) * time.Millisecond}
}

// checkServiceInvariants looks inside a run with services for what must
// always hold, at every hop.
func checkServiceInvariants(t *rapid.T, r *Run) {
	t.Helper()
	workers := r.sys.Workers
	if r.tasks != nil {
		workers = len(r.workerOwner) // a tasks server's slots, grown to the most live tasks
	}
	if r.busy < 0 || r.busy > workers || r.busy+len(r.freeWorkers) != workers {
		t.Fatalf("at %v: front: %d busy, %d free of %d", r.now, r.busy, len(r.freeWorkers), workers)
	}
	type count struct{ busy, queued, open int }
	perInst := make([]count, len(r.insts))
	inFlight := make([]int, len(r.dependencies))
	abandoned := make([]int, len(r.dependencies))
	leafCalls := make([]int, len(r.dependencies)) // calls to a leaf whose caller waits
	waitingBH := make([]int, len(r.dependencies))
	epOpen := make([]uint64, len(r.endpoints))
	for id := range r.requests {
		q := &r.requests[id]
		if q.ep < 0 {
			continue
		}
		if q.waitingBH {
			waitingBH[q.dep]++
		}
		if q.inst == 0 {
			if !q.clientDone {
				epOpen[q.ep]++
			}
		} else {
			c := &perInst[q.inst]
			c.open++
			if q.started {
				c.busy++
				if q.freed {
					t.Fatalf("at %v: request %d holds a worker it gave back", r.now, id)
				}
			} else {
				c.queued++
			}
			l := &r.links[id]
			inFlight[l.edge]++
			p := &r.requests[l.parent]
			waiting := p.gen == l.parentGen && p.inCall && p.callTok == l.parentTok
			if !waiting {
				abandoned[l.edge]++
			} else if pd := r.deadlineOf(l.parent); pd != noDeadline && r.dependencies[l.edge].propagate {
				if l.deadline > pd-r.dependencies[l.edge].margin {
					t.Fatalf("at %v: a child's deadline %v is after its caller's %v less the margin %v", r.now, l.deadline, pd, r.dependencies[l.edge].margin)
				}
			}
			if !r.dependencies[l.edge].propagate && l.deadline != noDeadline {
				t.Fatalf("at %v: a child has a deadline though its edge does not propagate one", r.now)
			}
		}
		if q.inCall && q.dep >= 0 && r.dependencies[q.dep].svc >= 0 && r.links[id].child < 0 {
			inFlight[q.dep]++ // sent, not arrived yet
		}
		if q.inCall && q.dep >= 0 && r.dependencies[q.dep].svc < 0 {
			leafCalls[q.dep]++
		}
	}
	for i := range r.endpoints {
		es := &r.endpoints[i]
		if es.total.Total()+epOpen[i] != es.arrived {
			t.Fatalf("at %v: endpoint %d: %d outcomes + %d waiting != %d arrivals", r.now, i, es.total.Total(), epOpen[i], es.arrived)
		}
	}
	for si := range r.svcs {
		ss := &r.svcs[si]
		busy, queued := 0, 0
		for k := range ss.n {
			in := &r.insts[ss.instBase+k]
			c := perInst[ss.instBase+k]
			if in.busy != c.busy || in.busy < 0 || in.busy > in.workers {
				t.Fatalf("at %v: %s #%d: %d busy counted, %d holding workers, pool of %d", r.now, ss.cfg.Name, k, in.busy, c.busy, in.workers)
			}
			if in.queued != c.queued || (in.queueCap != QueueUnbounded && in.queued > in.queueCap) {
				t.Fatalf("at %v: %s #%d: %d queued counted, %d queued, cap %d", r.now, ss.cfg.Name, k, in.queued, c.queued, in.queueCap)
			}
			if in.answered.Total()+uint64(c.open) != in.arrived {
				t.Fatalf("at %v: %s #%d: %d answered + %d open != %d arrived", r.now, ss.cfg.Name, k, in.answered.Total(), c.open, in.arrived)
			}
			if in.state == InstanceIsDown && in.restarts > 0 && c.open > 0 && r.restartedAt(ss, k) {
				t.Fatalf("at %v: %s #%d restarted but holds %d requests", r.now, ss.cfg.Name, k, c.open)
			}
			busy += in.busy
			queued += in.queued
		}
		if busy != ss.busy || queued != ss.queued {
			t.Fatalf("at %v: %s: busy %d queued %d, instances add up to %d and %d", r.now, ss.cfg.Name, ss.busy, ss.queued, busy, queued)
		}
	}
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		if c := ds.cfg.Policy.Bulkhead; c > 0 && ds.bulkhead > c || ds.bulkhead < 0 {
			t.Fatalf("at %v: %d calls inside a bulkhead of %d", r.now, ds.bulkhead, c)
		}
		if waitingBH[i] != ds.waiting {
			t.Fatalf("at %v: %d calls wait for the bulkhead, counted %d", r.now, waitingBH[i], ds.waiting)
		}
		if ds.abandoned < 0 || ds.abandoned > ds.inFlight || ds.inFlight > ds.inFlightMax {
			t.Fatalf("at %v: edge %s: %d abandoned of %d in flight (max %d)", r.now, ds.cfg.Name, ds.abandoned, ds.inFlight, ds.inFlightMax)
		}
		if ds.svc >= 0 && (inFlight[i] != ds.inFlight || abandoned[i] != ds.abandoned) {
			t.Fatalf("at %v: edge %s: in flight %d (abandoned %d), counted %d (%d)", r.now, ds.cfg.Name, inFlight[i], abandoned[i], ds.inFlight, ds.abandoned)
		}
		// A leaf works on the calls its callers wait for and, unless its
		// edge propagates cancellation, on the abandoned ones too.
		if ds.svc < 0 && (ds.inFlight-ds.abandoned != leafCalls[i] || ds.cancel && ds.abandoned != 0 || !ds.cancel && ds.cancelled != 0) {
			t.Fatalf("at %v: leaf %s (cancel %v): %d in flight, %d abandoned, %d cancelled, %d calls waited for", r.now, ds.cfg.Name, ds.cancel, ds.inFlight, ds.abandoned, ds.cancelled, leafCalls[i])
		}
	}
}

// restartedAt reports whether instance k of ss restarted exactly now (its
// requests must all have failed).
func (r *Run) restartedAt(ss *svcState, k int) bool {
	for _, f := range ss.cfg.Faults {
		if f.Kind == InstanceRestart && f.From == r.now && (f.Instance == k || f.Instance == AllInstances) {
			return true
		}
	}
	return false
}

// freeChecker records every freed worker of a service: each (slot,
// generation) once, and a cancelled one only where the edge propagates.
func freeChecker(t *rapid.T, r *Run) {
	freed := map[[2]uint32]bool{}
	r.onFree = func(id int32, gen uint32, cancelled bool) {
		key := [2]uint32{uint32(id), gen}
		if freed[key] {
			t.Fatalf("at %v: request %d (generation %d) freed its worker twice", r.now, id, gen)
		}
		freed[key] = true
		if cancelled && !r.dependencies[r.links[id].edge].cancel {
			t.Fatalf("at %v: request %d's worker freed early by a cancellation its edge does not propagate", r.now, id)
		}
	}
}

// Step event by event through random chains and check every invariant.
func TestPropertyServiceInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		freeChecker(t, r)
		for r.queue.len() > 0 && r.now < r.end {
			r.AdvanceTo(r.queue.peek().at)
			checkServiceInvariants(t, r)
		}
		r.Run()
		checkServiceInvariants(t, r)
		if r.open != 0 || !r.Done() {
			t.Fatalf("run ended with %d open requests", r.open)
		}
		snap := r.Snapshot()
		for _, e := range snap.Endpoints {
			if e.Total.Total() != e.Arrived {
				t.Fatalf("endpoint %s: %d arrivals but %d outcomes", e.Name, e.Arrived, e.Total.Total())
			}
		}
		if len(snap.Services) != len(sc.Variants[0].System.Services) {
			t.Fatalf("%d services in the snapshot, %d in the scenario", len(snap.Services), len(sc.Variants[0].System.Services))
		}
		for _, s := range snap.Services {
			if s.Answered.Total() != s.Arrived {
				t.Fatalf("service %s: %d arrived, %d answered", s.Name, s.Arrived, s.Answered.Total())
			}
			var arrived uint64
			for k, in := range s.Instances {
				if in.Answered.Total() != in.Arrived {
					t.Fatalf("service %s #%d: %d arrived, %d answered", s.Name, k, in.Arrived, in.Answered.Total())
				}
				arrived += in.Arrived
				if in.BusyMax > s.Workers || (s.QueueCap >= 0 && in.QueuedMax > s.QueueCap) {
					t.Fatalf("service %s #%d held %d busy and %d queued at most, in a pool of %d and a queue of %d", s.Name, k, in.BusyMax, in.QueuedMax, s.Workers, s.QueueCap)
				}
			}
			if arrived != s.Arrived {
				t.Fatalf("service %s: instances' arrivals add up to %d, not %d", s.Name, arrived, s.Arrived)
			}
		}
		for _, tr := range snap.Transitions {
			if !legalEdges[[2]breaker.State{tr.From, tr.To}] {
				t.Fatalf("illegal transition %v -> %v at %v", tr.From, tr.To, tr.At)
			}
		}
	})
}

// Advancing a chain in random steps gives exactly what one run to the end
// gives, and two runs with the same seed agree.
func TestPropertyServiceStepsEqualRun(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		seed := rapid.Uint64().Draw(t, "seed")
		whole, err := New(sc, 0, seed)
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		whole.Run()
		// A run reset from another scenario, and a run on shared traffic,
		// give the same too.
		again, _ := New(genChain(t), 0, seed)
		again.AdvanceTo(time.Duration(rapid.Int64Range(0, int64(10*time.Second)).Draw(t, "resetAt")))
		if err := again.Reset(sc, 0, seed); err != nil {
			t.Fatal(err)
		}
		again.Run()
		shared, err := RunAll(sc, seed)
		if err != nil {
			t.Fatal(err)
		}
		stepped, _ := New(sc, 0, seed)
		for stepped.Now() < stepped.End() {
			stepped.Advance(time.Duration(rapid.Int64Range(1, int64(2*time.Second)).Draw(t, "dt")))
		}
		a, b, c := whole.Snapshot(), again.Snapshot(), stepped.Snapshot()
		if len(b.Transitions) == 0 {
			// A reset run's empty list is its old one emptied, not nil.
			b.Transitions = a.Transitions
		}
		if !deepequal.Equal(a, b) {
			t.Fatalf("two runs with one seed differ:\n%+v\n%+v", a.Services, b.Services)
		}
		if !deepequal.Equal(a, shared[0]) {
			t.Fatalf("a run on shared traffic differs:\n%+v\n%+v", a.Services, shared[0].Services)
		}
		if !deepequal.Equal(a, c) {
			t.Fatalf("stepped run differs from one run:\n%+v\n%+v", a.Services, c.Services)
		}
	})
}
