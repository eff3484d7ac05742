package sweep_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// readRanges are values of each kind a knob takes, as Sweepable tries
// them (its trial and valid ranges).
var readRanges = []string{"1..2:2", "1s..2s:2", "0.25..0.5:2", "3..10:8", "20..100:5", "200..1000:5",
	"1ms..9ms:9", "10ms..90ms:9", "100ms..900ms:9", "15s..1h:3"}

// loadBound are the keys whose knob is read only when load makes its
// part bind: a breaker that trips, a bulkhead, pool, queue or memory that
// fills, a client that waits out its patience. A run of the variant's own
// traffic may never get there, and the knob is still read in one that
// does, so the run's evidence alone cannot refuse it. Those the seed-1
// runs never reach, and where the engine reads them:
//   - queue (checkout 4 and 5: unbounded; api-gateway 1 and 2: 50, no
//     shedding): acceptQueueHasRoom (run.go) reads it for each arrival
//     that finds every worker busy, which these variants' traffic never
//     does; a slower dependency fills the workers and the queue's bound
//     decides.
//   - ENDPOINT.patience (checkout's and go-server's health): every
//     arrival sets its timer (run.go's arrival, setPatience in timers.go)
//     and patienceDue fails the request if it is still open then; health
//     calls nothing, so only a wait for a worker or the CPU keeps it open
//     that long.
//   - a capped pool's wait (go-server's database, size 20; its transport
//     in variant 2, per_host 64; async-cascade's aiohttp, size 100): read
//     when an attempt finds no room (poolState.room, connReady's
//     evConnWait in pools_run.go), which needs more attempts in flight
//     than the cap.
//   - tasks.memory.* under a limit (async-cascade, go-server):
//     closeTasks (tasks_run.go) kills the process when Base + live tasks ×
//     PerTask passes the limit: 2 GiB needs some 30 000 live tasks.
//   - a breaker's settings on a call that never fails enough to trip it
//     (api-gateway 1's four calls, async-cascade 3's): each outcome is
//     recorded against them, and they decide only once the failures come.
//
// A bulkhead's wait and queue are among them only where the call has a
// bulkhead, a pool's wait only where the pool has a cap, a tasks
// server's memory per task only where it has a memory limit, and no
// knob of a dependency no endpoint calls (boundByLoad): there the engine
// never reads them whatever the load, and the plan refuses them
// (futile.go).
var loadBound = []string{"breaker.", "bulkhead", "queue", "workers", "patience", "wait", "memory."}

// Every knob Sweepable accepts, on every variant of every built-in
// scenario, is read by the engine: a run of the variant is forked (its
// evidence, fork.go, shows a knob not yet read) into the variant with
// the knob at each of its valid values only when the knob never mattered
// in that run. A knob no value of which mattered, and that is not bound
// by load, runs every value alike: cascade's search-index.bulkhead_wait,
// on a call with no bulkhead, was accepted and ran 0.406196 at each.
func TestSweepableKnobsAreRead(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's runs and a plan's checks alone
	for _, b := range scenarios.All() {
		base := b.Build()
		for v := range base.Variants {
			run, err := engine.New(b.Build(), v, 1)
			if err != nil {
				t.Fatal(err)
			}
			run.Run()
			for _, k := range lessons.NumberKnobs(base, v) {
				// A knob bound by load may go unread in this run, and one
				// value read is enough: the checks cheapest to rule a knob
				// out come first, and the values stop at the first read
				// (checking every value of every knob, this test was half
				// the CPU of engine/sweep's tests run without -race).
				if boundByLoad(&base.Variants[v].System, k) || sweep.Sweepable(b.Build, v, lessons.SetKnob, k) != nil {
					continue
				}
				var values int
				unread := true
				for _, rg := range readRanges {
					ax, err := sweep.ParseVary(k + "=" + rg)
					if err != nil {
						continue
					}
					for _, val := range ax.Values {
						sc := b.Build()
						if lessons.SetKnob(sc, v, k, val) != nil || sc.Validate() != nil {
							continue
						}
						values++
						if !run.CanFork(sc, v) {
							unread = false
							break
						}
					}
					if !unread {
						break
					}
				}
				if values == 0 || !unread {
					continue
				}
				t.Errorf("%s variant %d: Sweepable accepts %s, and none of its %d valid values changes the run", b.Name, v+1, k, values)
			}
		}
	}
}

// boundByLoad says whether knob path of sys is read only under load
// (loadBound): a bulkhead's wait and queue only where the call has a
// bulkhead, a pool's wait only where the pool has a cap, the memory per
// task only under a memory limit, and nothing of a dependency of the
// front that no endpoint calls.
func boundByLoad(sys *engine.System, path string) bool {
	if dep, _, ok := strings.Cut(path, "."); ok && len(sys.Services) == 0 && findDependency(sys, dep) != nil {
		called := false
		for _, e := range sys.Endpoints {
			called = called || e.Calls == dep
		}
		if !called {
			return false
		}
	}
	if pool, ok := strings.CutSuffix(path, ".wait"); ok {
		for _, p := range sys.Pools {
			if p.Name == pool {
				return p.Size > 0 || p.PerHost > 0
			}
		}
	}
	if path == "tasks.memory.per_task_kib" {
		return sys.Tasks != nil && sys.Tasks.Memory.Limit > 0
	}
	for _, key := range []string{".bulkhead_wait", ".bulkhead_queue"} {
		if call, ok := strings.CutSuffix(path, key); ok {
			d := findDependency(sys, call)
			return d != nil && (d.Policy.Bulkhead > 0 || d.Policy.TenantBulkhead != nil)
		}
	}
	for _, key := range loadBound {
		if strings.Contains(path, key) {
			return true
		}
	}
	return false
}

// findDependency is the call named "dep" or "svc/dep" in sys, or nil.
func findDependency(sys *engine.System, call string) *engine.Dependency {
	svc, dep, ok := strings.Cut(call, "/")
	deps := sys.Dependencies
	if !ok {
		dep = svc
	} else {
		deps = nil
		for i := range sys.Services {
			if sys.Services[i].Name == svc {
				deps = sys.Services[i].Dependencies
			}
		}
	}
	for i := range deps {
		if deps[i].Name == dep {
			return &deps[i]
		}
	}
	return nil
}
