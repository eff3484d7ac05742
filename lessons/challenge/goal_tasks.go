package challenge

import (
	"errors"
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// The goals of a server without a thread pool (issue 23): its loop, its
// live tasks and memory, its connection pools and its semaphores' permits.
// Each has the name of the lesson metric that reads the same field
// (lessons/expr_tasks.go) and the value `breakerlab run --format json`
// prints under "tasks" and "pools", over the whole run.

// addTasksMetrics adds the tasks server's metrics to the catalogue.
func addTasksMetrics(m map[string]metricDef) {
	server := func(kind lessons.Kind, help string, get func(*engine.TasksSnapshot) float64) metricDef {
		return metricDef{kind: kind, help: help,
			eval: func(o *outcome, _ []string) (lessons.Value, bool, error) {
				if o.snap.Tasks == nil {
					return lessons.Value{}, false, errThreadPool
				}
				return lessons.Value{Kind: kind, F: get(o.snap.Tasks)}, true, nil
			}}
	}
	pool := func(help string, get func(*engine.PoolSnapshot) int) metricDef {
		return metricDef{kind: lessons.KindCount, usage: "POOL", min: 1, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				p, err := poolOf(o.snap, a[0])
				if err != nil {
					return lessons.Value{}, false, err
				}
				return count(uint64(get(p))), true, nil
			}}
	}
	permits := func(help string, get func(*engine.DependencySnapshot) uint64) metricDef {
		return metricDef{kind: lessons.KindCount, usage: "DEPENDENCY", min: 1, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				d, err := dependencyOf(o.snap, a[0])
				if err != nil {
					return lessons.Value{}, false, err
				}
				if d.BulkheadCap == 0 {
					// Its zeros would read as "never short of a permit".
					return lessons.Value{}, false, nil
				}
				return count(get(d)), true, nil
			}}
	}
	loopBusy := server(lessons.KindFraction, "a tasks server's loop: the share of its threads' time in the measurement window spent running handlers (or paused)",
		func(t *engine.TasksSnapshot) float64 { return t.LoopBusy })
	busyOfWholeRun := loopBusy.eval
	loopBusy.eval = func(o *outcome, a []string) (lessons.Value, bool, error) {
		o.window() // the engine's LoopBusy is of the window's time
		return busyOfWholeRun(o, a)
	}
	m["loop-busy"] = loopBusy
	m["tasks-live-max"] = server(lessons.KindCount, "a tasks server: the most tasks alive at once, parked or running",
		func(t *engine.TasksSnapshot) float64 { return float64(t.LiveMax) })
	memory := server(lessons.KindNumber, "a tasks server: the most memory its process held, in MiB",
		func(t *engine.TasksSnapshot) float64 { return float64(t.MemoryPeak) / (1 << 20) })
	memory.unit = "MiB" // the value above: bytes over 2^20
	m["memory-peak"] = memory
	m["oom-kills"] = server(lessons.KindCount, "a tasks server: how many times its process was killed at its memory limit",
		func(t *engine.TasksSnapshot) float64 { return float64(t.Kills) })
	m["oom-killed"] = server(lessons.KindCount, "a tasks server: the requests in flight that died with its process when it was killed",
		func(t *engine.TasksSnapshot) float64 { return float64(t.Killed) })
	m["pool-inuse-max"] = pool("a connection pool: the most connections held or being dialled at once",
		func(p *engine.PoolSnapshot) int { return p.InUseMax })
	m["pool-waiting-max"] = pool("a connection pool: the most calls waiting for a connection at once",
		func(p *engine.PoolSnapshot) int { return p.WaitingMax })
	m["permits-max"] = permits("a dependency's semaphore: the most permits held at once (no value without a bulkhead)",
		func(d *engine.DependencySnapshot) uint64 { return uint64(d.BulkheadMax) })
	m["permits-waiting-max"] = permits("a dependency's semaphore: the most calls waiting for a permit at once",
		func(d *engine.DependencySnapshot) uint64 { return uint64(d.BulkheadWaitingMax) })
	m["permits-refused"] = permits("a dependency's semaphore: the calls refused a permit, at once or after waiting out the acquisition timeout",
		func(d *engine.DependencySnapshot) uint64 { return d.BulkheadFull + d.BulkheadWaitedOut })
}

// errThreadPool refuses a tasks server's metric on a pool of worker threads.
var errThreadPool = errors.New("the scenario's server is a pool of worker threads: its loop, memory and tasks are a tasks server's ([system.tasks])")

// poolOf finds one of the run's connection pools by its name.
func poolOf(s *engine.Snapshot, name string) (*engine.PoolSnapshot, error) {
	var names []string
	for i := range s.Pools {
		if s.Pools[i].Name == name {
			return &s.Pools[i], nil
		}
		names = append(names, s.Pools[i].Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the scenario has no connection pools, so no pool %q", name)
	}
	return nil, fmt.Errorf("the scenario has no pool %q (it has: %s)", name, strings.Join(names, ", "))
}
