package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// workLaneAndQueue starts two runs of sc's first variant on seed (traffic
// drawn once when shared): the first holds its services' work ends in
// Run.soon's lane (workLane), as a tasks server's run now does; the
// second keeps every one in the queue, as a tasks server's run did.
func workLaneAndQueue(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool) (held, queued *Run) {
	held, queued = twoRuns(t, sc, seed, shared) // arrive_fast_test.go
	queued.soon.work.off = true
	return held, queued
}

// workLaneAlike steps held and queued (workLaneAndQueue) to their ends in
// steps of by, and fails at the first step where their snapshots, their
// sequence numbers or their fork evidence differ, or where either holds
// anything out of the queue between steps. It reports whether the run
// with the lane ever held a work's end there.
func workLaneAlike(t interface{ Fatalf(string, ...any) }, held, queued *Run, by time.Duration) bool {
	for at := by; !held.Done() || !queued.Done(); at += by {
		held.AdvanceTo(at)
		queued.AdvanceTo(at)
		if !deepequal.Equal(held.Snapshot(), queued.Snapshot()) {
			t.Fatalf("at %v: the run holding work ends differs from the one queueing them", held.Now())
		}
		if held.seq != queued.seq {
			t.Fatalf("at %v: %d events holding work ends, %d queueing them", held.Now(), held.seq, queued.seq)
		}
		if held.maxBusy != queued.maxBusy || held.lacked != queued.lacked {
			t.Fatalf("at %v: the fork evidence differs", held.Now())
		}
		if held.soon.seq != 0 || held.soon.work.n != 0 || held.lane.n != 0 {
			t.Fatalf("at %v: the run holds work ends (%d) or slice ends (%d) between steps", held.Now(), held.soon.work.n, held.lane.n)
		}
	}
	// last is the time of the last end that joined the lane: zero when
	// none ever did.
	return held.soon.work.last > 0
}

// A tasks server's calls into chains of services (genChain), on one to
// four loop threads with slices of whole milliseconds, now and then with
// arrivals and constant work of whole milliseconds too (slices then end
// at the times of work ends, leaves' answers and arrivals), now and then
// over the flat edges, stepped in random steps: holding the services' work
// ends beside the slice lane (runTasksBefore) and taking handlers' steps
// at once before them (nextToHappen) leaves every run as queueing them
// did, step for step. Some drawn runs must hold ends (about half do: a
// service's work may be nothing, or longer than the steps).
func TestPropertyTasksWorkLaneIsTheQueuesOrder(t *testing.T) {
	cases, holding := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t) // services_prop_test.go
		sys := &sc.Variants[0].System
		sys.Workers, sys.Queue = 0, 0
		sys.Tasks = &TaskServer{Threads: rapid.IntRange(1, 4).Draw(t, "threads")}
		for i := range sys.Endpoints {
			sys.Endpoints[i].CPU = time.Duration(rapid.IntRange(0, 3).Draw(t, "cpuMs")) * time.Millisecond
		}
		if rapid.Bool().Draw(t, "grid") {
			// Arrivals, slices and work on a grid of whole milliseconds,
			// so that a handler's step falls at the time of a held work
			// end, before or after it by seq.
			for i := range sys.Endpoints {
				sys.Endpoints[i].Rate = 0
				sys.Endpoints[i].Interval = time.Duration(rapid.IntRange(1, 5).Draw(t, "intervalMs")) * time.Millisecond
			}
			for i := range sys.Services {
				sys.Services[i].Work = Latency{Kind: Constant, Value: time.Duration(rapid.IntRange(1, 5).Draw(t, "workMs")) * time.Millisecond}
			}
		}
		if rapid.Bool().Draw(t, "flatten") {
			flattenEdges(t, sc) // services_fast_test.go
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		by := time.Duration(rapid.IntRange(20, 1500).Draw(t, "stepMs")) * time.Millisecond
		held, queued := workLaneAndQueue(t, sc, seed, rapid.Bool().Draw(t, "shared"))
		cases++
		if workLaneAlike(t, held, queued, by) {
			holding++
		}
	})
	if !t.Failed() && holding*5 < cases {
		t.Errorf("%d of %d tasks runs held a service's work end out of the queue; want a fifth at least", holding, cases)
	}
}

// On laneTies (tasks_lane_test.go), where slice ends, work ends, leaves'
// answers, arrivals and calls sent into the service fall on one grid of
// half milliseconds, holding the work ends changes nothing, stepped or
// not, and the run holds them when its steps are longer than a work.
func TestTasksWorkLaneTiesAreTheQueuesOrder(t *testing.T) {
	sc := laneTies()
	for seed := range uint64(3) {
		for _, shared := range []bool{false, true} {
			for _, by := range []time.Duration{time.Hour, 7 * time.Millisecond, 500 * time.Microsecond} {
				held, queued := workLaneAndQueue(t, sc, seed, shared)
				if !workLaneAlike(t, held, queued, by) && by > time.Millisecond {
					t.Fatalf("seed %d, shared %v, steps of %v: no work end was held out of the queue", seed, shared, by)
				}
			}
		}
	}
}
