package engine

import (
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// laneAndQueue starts two runs of sc's first variant on seed, replaying
// traffic drawn once when shared (arriveTasks then takes the arrivals): one
// with the lane, one with every slice end (and every wait's end) an event
// and runBefore's own loop (laneRoom 0), as before the lanes. step steps them, each with its
// own laneRoom.
func laneAndQueue(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool) (lane, queued *Run, step func(r *Run, to time.Duration)) {
	lane, queued = twoRuns(t, sc, seed, shared) // arrive_fast_test.go
	// runBefore's loop knows nothing of the wait lane (waits_lane.go):
	// the run through it keeps its waits' ends in the queue, as before.
	queued.waits.on = false
	step = func(r *Run, to time.Duration) {
		if r == queued {
			laneRoom = 0
			defer func() { laneRoom = laneCap }()
		}
		r.AdvanceTo(to)
	}
	return lane, queued, step
}

// laneAlike steps lane and queued (laneAndQueue) to their ends in steps of
// step, and fails at the first step where their snapshots, their sequence
// numbers or the fork evidence of their workers differ.
func laneAlike(t interface{ Fatalf(string, ...any) }, lane, queued *Run, step func(*Run, time.Duration), by time.Duration) {
	for at := by; !lane.Done() || !queued.Done(); at += by {
		step(lane, at)
		step(queued, at)
		if !deepequal.Equal(lane.Snapshot(), queued.Snapshot()) {
			t.Fatalf("at %v: the run with the lane differs from the one with every slice end queued", lane.Now())
		}
		if lane.seq != queued.seq {
			t.Fatalf("at %v: %d events with the lane, %d without", lane.Now(), lane.seq, queued.seq)
		}
		if lane.maxBusy != queued.maxBusy || lane.lacked != queued.lacked {
			t.Fatalf("at %v: the fork evidence differs", lane.Now())
		}
		if lane.lane.n != 0 {
			t.Fatalf("at %v: the lane holds %d slice ends between steps", lane.Now(), lane.lane.n)
		}
	}
}

// Slice ends held in the lane come out where their events would have
// (tasks_lane.go): on the tasks servers genTasksScenario draws (pools,
// pauses, blocking calls, memory kills), with patience timers or without,
// with their arrivals taken by arriveTasks or by arrive, a run with the
// lane is a run with every slice end an event, step for step.
func TestPropertyLaneIsTheQueuesOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genTasksScenario(t)
		for i := range sc.Variants[0].System.Endpoints {
			e := &sc.Variants[0].System.Endpoints[i]
			if rapid.Bool().Draw(t, "wholeMs") {
				// Slices of whole milliseconds, which end at the times
				// of other things more often.
				e.CPU = e.CPU.Truncate(time.Millisecond)
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		by := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		lane, queued, step := laneAndQueue(t, sc, seed, rapid.Bool().Draw(t, "shared"))
		laneAlike(t, lane, queued, step, by)
	})
}

// The same behind a tasks server that calls chains of services (genChain),
// whose calls arrive through Run.soon, due at once, beside the lane; now
// and then with its edges cut down to the flat walks' (flattenEdges), so
// that a service's leaf behind a timeout alone answers with the
// evLeafDone that the loop, like the end of a service's work, hands on
// itself rather than through handle (runTasksBefore).
func TestPropertyLaneBesideCallsIntoServices(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		sys := &sc.Variants[0].System
		sys.Workers, sys.Queue = 0, 0
		sys.Tasks = &TaskServer{Threads: rapid.IntRange(1, 4).Draw(t, "threads")}
		for i := range sys.Endpoints {
			sys.Endpoints[i].CPU = time.Duration(rapid.IntRange(0, 3).Draw(t, "cpuMs")) * time.Millisecond
		}
		if rapid.Bool().Draw(t, "flatten") {
			flattenEdges(t, sc) // services_fast_test.go
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		by := time.Duration(rapid.IntRange(20, 1500).Draw(t, "stepMs")) * time.Millisecond
		lane, queued, step := laneAndQueue(t, sc, seed, rapid.Bool().Draw(t, "shared"))
		laneAlike(t, lane, queued, step, by)
	})
}

// laneTies is a tasks server on a grid of half milliseconds: probes that
// arrive together every 500 µs and 1 ms, slices of 500 µs and 1 ms on two
// threads (and none), a service whose work and a leaf whose answer take
// whole milliseconds. Slice ends fall on arrivals, on each other, on
// answers and on calls into the service sent at that very time: a probe
// of e that arrives with a slice of a's ending comes first (its seq was
// taken before the slice began), and its call goes into the service at
// once, before the slice's end, which comes next, and whose call the
// balancer sends where e's has not arrived yet.
func laneTies() *Scenario {
	const us = time.Microsecond
	return &Scenario{Name: "lane-ties", Duration: 300 * time.Millisecond, MeasureTo: 300 * time.Millisecond,
		Variants: []Variant{{Name: "v", System: System{
			Tasks: &TaskServer{Threads: 2},
			Endpoints: []Endpoint{
				{Name: "e", Interval: 500 * us, Calls: "svc"},
				{Name: "a", Interval: time.Millisecond, CPU: 500 * us, Calls: "svc"},
				{Name: "b", Interval: time.Millisecond, CPU: time.Millisecond, Calls: "db"},
				{Name: "c", Interval: time.Millisecond, CPU: 500 * us, Patience: 3 * time.Millisecond},
				{Name: "d", Rate: 100, CPU: 500 * us, Calls: "svc"},
			},
			Dependencies: []Dependency{
				{Name: "svc", Service: "svc", Policy: Policy{Timeout: 4 * time.Millisecond}},
				{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}},
			},
			// Two instances, the least loaded taking each call: where a
			// call goes depends on the calls that have arrived before it.
			Services: []Service{{Name: "svc", Instances: 2, Balancer: LeastOutstanding, Workers: 2, Queue: 4,
				Work: Latency{Kind: Constant, Value: time.Millisecond}}},
		}}}}
}

// On laneTies the lane's ties (laneTie, and ends at one time: only one is
// held) leave the run as the queue would, bit for bit, stepped or not.
func TestLaneTiesAreTheQueuesOrder(t *testing.T) {
	sc := laneTies()
	for seed := range uint64(3) {
		for _, shared := range []bool{false, true} {
			for _, by := range []time.Duration{time.Hour, 7 * time.Millisecond, 500 * time.Microsecond} {
				lane, queued, step := laneAndQueue(t, sc, seed, shared)
				laneAlike(t, lane, queued, step, by)
			}
		}
	}
}

// The lane and the queue together hand slice ends back in (time, seq)
// order, whatever the lane holds: random ends, at random times from now
// on (ties among them and with the queue's events included), pushed and
// taken in turn as runBefore would, come out in the order of one queue.
func TestLaneAndQueueKeepOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := &Run{}
		r.queue.headAt = noArrival
		r.lane.open(noArrival - 1)
		type key struct {
			at  time.Duration
			seq uint64
		}
		var want, got []key
		pending := 0
		for range rapid.IntRange(1, 200).Draw(t, "steps") {
			if pending == 0 || rapid.IntRange(0, 2).Draw(t, "push") > 0 {
				at := r.now + time.Duration(rapid.IntRange(0, 5).Draw(t, "after"))*time.Millisecond
				if at == r.now {
					at++ // a slice ends after it starts
				}
				// The request stands for the seq, which take does not
				// give back.
				if id := int32(r.seq + 1); rapid.Bool().Draw(t, "event") {
					r.scheduleEvent(at, evTaskAnswer, id, 0, 0, 0) // another event
				} else {
					r.sliceEndsAt(at, id, 0)
				}
				want = append(want, key{at, r.seq})
				pending++
				continue
			}
			// The next thing to happen, as runBefore picks it.
			q := &r.queue
			if r.lane.before(q.headAt, q.headSeq) {
				at, id, _ := r.lane.take()
				got = append(got, key{at, uint64(id)})
				r.now = at
			} else {
				if r.lane.at == q.headAt && r.lane.seq > q.headSeq {
					r.now = q.headAt
					r.laneTie()
				}
				e := q.pop()
				got = append(got, key{e.at, e.seq})
				r.now = e.at
			}
			pending--
		}
		slices.SortFunc(want, func(a, b key) int {
			if a.at != b.at {
				return int(a.at - b.at)
			}
			return int(a.seq) - int(b.seq)
		})
		if !slices.Equal(got, want[:len(got)]) {
			t.Fatalf("taken in the order %v, want %v", got, want[:len(got)])
		}
	})
}

// A call that waited at a semaphore bulkhead, got its slot, failed and is
// retried may wait there again while the end of its first wait is still
// to come: runTasksBefore's own step for a wait's end must pass over that
// one as handle does (its token is old). One slot, more calls than it
// can take (each failing 70 % of the time and tried up to three times)
// and a wait of 150 ms make such waits common.
func TestLaneLoopPassesOverAnEarlierWaitsEnd(t *testing.T) {
	ms := time.Millisecond
	sc := &Scenario{Name: "rewait", Duration: 3 * time.Second, MeasureFrom: 0, MeasureTo: 3 * time.Second,
		Variants: []Variant{{Name: "v", System: System{
			Tasks:     &TaskServer{Threads: 2},
			Endpoints: []Endpoint{{Name: "e", Rate: 400, Calls: "d", Patience: time.Second, CPU: 200 * time.Microsecond}},
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: LogNormal, P50: 4 * ms, P99: 8 * ms},
				Faults: []Fault{{Kind: Error, From: 0, To: 3 * time.Second, Probability: 0.7}},
				Policy: Policy{Bulkhead: 1, BulkheadWait: 150 * ms, Retry: &RetryPolicy{Attempts: 3}}}},
		}}}}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(4) {
		lane, queued, step := laneAndQueue(t, sc, seed, false)
		laneAlike(t, lane, queued, step, 50*ms)
	}
}
