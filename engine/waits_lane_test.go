package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// waitsAndQueue starts two runs of sc's first variant on seed (traffic
// drawn once when shared): one whose semaphore waits end in the wait
// lane, one with every wait's end an event (waitLaneOff), as before the
// lane.
func waitsAndQueue(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool) (lane, queued *Run) {
	lane, queued = twoRunsApart(t, sc, seed, shared, func() func() {
		waitLaneOff = true
		return func() { waitLaneOff = false }
	})
	if !lane.waits.on || queued.waits.on {
		t.Fatal("the two runs do not differ in their wait lanes")
	}
	return lane, queued
}

// waitsAlike steps lane and queued (waitsAndQueue) to their ends, to each
// time of at in turn and then in steps of by, and fails at the first step
// where their snapshots, their seqs or their fork evidence differ. Where
// keep says so, each goes on from a compact copy of itself (KeepInto),
// which must copy the wait lane (both, as a copy's snapshot holds empty
// series where a run's are nil). It returns the most ends the lane held
// between steps.
func waitsAlike(t interface{ Fatalf(string, ...any) }, lane, queued *Run, by time.Duration, keep func() bool) int {
	held := 0
	for at := by; !lane.Done() || !queued.Done(); at += by {
		lane.AdvanceTo(at)
		queued.AdvanceTo(at)
		if !deepequal.Equal(lane.Snapshot(), queued.Snapshot()) {
			t.Fatalf("at %v: the run with the wait lane differs from the one with every wait's end queued", lane.Now())
		}
		if lane.seq != queued.seq {
			t.Fatalf("at %v: %d events with the wait lane, %d without", lane.Now(), lane.seq, queued.seq)
		}
		if lane.maxBusy != queued.maxBusy || lane.lacked != queued.lacked || lane.maxAfterAll() != queued.maxAfterAll() {
			t.Fatalf("at %v: the fork evidence differs", lane.Now())
		}
		if queued.waits.ends.n != 0 {
			t.Fatalf("at %v: the run without the wait lane holds %d ends in it", queued.Now(), queued.waits.ends.n)
		}
		held = max(held, lane.waits.ends.n)
		if keep() {
			lane, queued = keptCopy(lane), keptCopy(queued)
		}
	}
	return held
}

// keptCopy is a compact copy of r (KeepInto).
func keptCopy(r *Run) *Run {
	kept := new(Run)
	r.KeepInto(kept)
	return kept
}

// maxAfterAll is what forks read of the dependencies: whether each
// bound, was armed, and its longest answer and wait (fork.go).
func (r *Run) maxAfterAll() [4]int64 {
	var s [4]int64
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		s[0] += int64(ds.maxAfter)
		s[1] += int64(ds.maxInside)
		if ds.bulkheadBound {
			s[2]++
		}
		if ds.armed {
			s[3]++
		}
	}
	return s
}

// The ends of semaphore waits held in the wait lane come out where their
// events would have (waits_lane.go): on genTasksScenario's tasks servers,
// each dependency given a semaphore of a few slots and a wait (of whole
// milliseconds or not, as the loop's slices may be), faults and retries
// and patience as drawn, stepped in random sizes, the run with the lane is
// the run with every wait's end an event, step for step, and so is a run
// that goes on from a compact copy of itself.
func TestPropertyWaitLaneIsTheQueuesOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genTasksScenario(t)
		sys := &sc.Variants[0].System
		if sys.Tasks == nil {
			sys.Workers, sys.Queue = 0, 0
			sys.Tasks = &TaskServer{Threads: rapid.IntRange(1, 3).Draw(t, "threads")}
		}
		whole := rapid.Bool().Draw(t, "wholeMs")
		for i := range sys.Dependencies {
			p := &sys.Dependencies[i].Policy
			if i > 0 && rapid.Bool().Draw(t, "asDrawn") {
				continue
			}
			p.Bulkhead, p.BulkheadKind, p.BulkheadQueue, p.TenantBulkhead = rapid.IntRange(1, 6).Draw(t, "slots"), SemaphoreBulkhead, 0, nil
			p.BulkheadWait = time.Duration(rapid.IntRange(1, 150_000).Draw(t, "waitUs")) * time.Microsecond
			if whole {
				// Waits, slices and timeouts of whole milliseconds:
				// ends that fall at the times of other things.
				p.BulkheadWait = max(time.Millisecond, p.BulkheadWait.Truncate(time.Millisecond))
				p.Timeout = p.Timeout.Truncate(time.Millisecond)
			}
		}
		if whole {
			for i := range sys.Endpoints {
				sys.Endpoints[i].CPU = sys.Endpoints[i].CPU.Truncate(time.Millisecond)
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		by := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		lane, queued := waitsAndQueue(t, sc, seed, rapid.Bool().Draw(t, "shared"))
		waitsAlike(t, lane, queued, by, func() bool { return rapid.IntRange(0, 5).Draw(t, "keep") == 0 })
	})
}

// waitTies is a tasks server on a grid of whole milliseconds, where wait
// ends fall on everything else: probes that arrive together every 1 and
// 2 ms and call a leaf answering in a constant 3 ms through a semaphore of
// two slots and a 4 ms wait (a wait ends as probes arrive, as slices end
// and as answers come, and a slot freed at that very instant goes to the
// wait or not by seq); a second semaphore of one slot with a 1 ms wait,
// whose ends come before the first's last and go to the queue as events
// (the lane and the queue merged); slices of 1 ms on two threads, and
// none; patience of 5 ms, which cancels waits.
func waitTies() *Scenario {
	ms := time.Millisecond
	return &Scenario{Name: "wait-ties", Duration: 400 * ms, MeasureTo: 400 * ms,
		Variants: []Variant{{Name: "v", System: System{
			Tasks: &TaskServer{Threads: 2},
			Endpoints: []Endpoint{
				{Name: "a", Interval: ms, Calls: "slow", Patience: 5 * ms},
				{Name: "b", Interval: 2 * ms, CPU: ms, Calls: "slow"},
				{Name: "c", Interval: ms, Calls: "short"},
				{Name: "d", Rate: 300, CPU: ms, Calls: "slow", Patience: 6 * ms},
			},
			Dependencies: []Dependency{
				{Name: "slow", Latency: Latency{Kind: Constant, Value: 3 * ms},
					Policy: Policy{Bulkhead: 2, BulkheadWait: 4 * ms, Timeout: 9 * ms}},
				{Name: "short", Latency: Latency{Kind: Constant, Value: 2 * ms},
					Policy: Policy{Bulkhead: 1, BulkheadWait: ms}},
			},
		}}}}
}

// On waitTies the wait lane leaves the run as the queue would, bit for
// bit, stepped in any size, from a copy or not; and it is used (it holds
// ends between steps).
func TestWaitLaneTiesAreTheQueuesOrder(t *testing.T) {
	sc := waitTies()
	for seed := range uint64(3) {
		for _, shared := range []bool{false, true} {
			for _, by := range []time.Duration{time.Hour, 7 * time.Millisecond, time.Millisecond} {
				for _, keepEvery := range []int{0, 3} {
					lane, queued := waitsAndQueue(t, sc, seed, shared)
					n := 0
					held := waitsAlike(t, lane, queued, by, func() bool { n++; return keepEvery > 0 && n%keepEvery == 0 })
					if by < time.Hour && held == 0 {
						t.Fatalf("seed %d, steps of %v: the wait lane never held an end between steps", seed, by)
					}
				}
			}
		}
	}
}
