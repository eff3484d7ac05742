package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The metrics of a server without a thread pool (issue 23: scenarios
// async-cascade, go-server, event-loop-stall): its loop's busy share and
// lag, its live tasks, its memory and the times it was killed, its
// connection pools and its semaphores' permits; expr.go's init adds them
// to the catalogue. Each reads the field `breakerlab run` prints in its
// "loop", "memory", "pool" and "permits" lines (engine/report/tasks.go),
// so the lesson and the table quote one number.

// argPool is one of the run's connection pools, checked when the metric
// is evaluated, against the run's own pools.
const argPool argKind = 96

func tasksMetrics() map[string]metric {
	argNames[argPool] = "POOL"
	run, dep, pool := argRun, argDep, argPool
	return map[string]metric{
		"loop-busy": {KindFraction, []argKind{run},
			"a tasks server's loop: the share of its threads' time in the measurement window spent running handlers, blocked in them, or paused: the loop's occupancy (a CPU graph shows only the part a handler computes, not its blocking time)", evalTasks(func(t *engine.TasksSnapshot) Value { return fraction(t.LoopBusy) })},
		"loop-lag-max": {KindDuration, []argKind{run},
			"a tasks server's loop: the longest a handler or an answer waited for the loop to be free (whole run)", evalTasks(func(t *engine.TasksSnapshot) Value { return duration(t.LagMax) })},
		"tasks-live-max": {KindCount, []argKind{run},
			"a tasks server: the most tasks (coroutines, goroutines) alive at once, parked or running (whole run)", evalTasks(func(t *engine.TasksSnapshot) Value { return count(uint64(t.LiveMax)) })},
		"memory-peak": {KindNumber, []argKind{run},
			"a tasks server: the most memory its process held, in MiB (whole run)", evalTasks(func(t *engine.TasksSnapshot) Value { return number(mib(t.MemoryPeak)) })},
		"memory-limit": {KindNumber, []argKind{run},
			"a tasks server: its process's memory limit in MiB (0: none)", evalTasks(func(t *engine.TasksSnapshot) Value { return number(mib(t.MemoryLimit)) })},
		"memory-limit-tasks": {KindCount, []argKind{run},
			"a tasks server: how many tasks its memory limit would hold at its memory per task if the process itself held nothing: the limit divided by the memory per task (0: no limit)", evalTasks(func(t *engine.TasksSnapshot) Value { return count(uint64(limitTasks(t))) })},
		"memory-base": {KindNumber, []argKind{run},
			"a tasks server: what its process holds with no request in flight, in MiB", evalMemoryBase},
		"oom-kills": {KindCount, []argKind{run},
			"a tasks server: how many times its process was killed at its memory limit (whole run)", evalTasks(func(t *engine.TasksSnapshot) Value { return count(uint64(t.Kills)) })},
		"oom-killed": {KindCount, []argKind{run},
			"a tasks server: the requests in flight that died with its process when it was killed (whole run)", evalTasks(func(t *engine.TasksSnapshot) Value { return count(t.Killed) })},
		"pool-inuse-max": {KindCount, []argKind{run, pool},
			"a connection pool: the most connections held or being dialled at once (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return count(uint64(p.InUseMax)) })},
		"pool-dialling-max": {KindCount, []argKind{run, pool},
			"a connection pool: the most of its connections in use that were still being dialled at once, not yet carrying a call (an unreachable host answers no dial) (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return count(uint64(p.DiallingMax)) })},
		"pool-dials": {KindCount, []argKind{run, pool},
			"a connection pool: the connections it dialled (opened anew), those that failed or were given up on included (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return count(p.Dials) })},
		"pool-idle-closed": {KindCount, []argKind{run, pool},
			"a connection pool: the connections whose call answered but that it closed, their host already keeping its idle_per_host idle (Go's MaxIdleConnsPerHost) (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return count(p.IdleClosed) })},
		"pool-waiting-max": {KindCount, []argKind{run, pool},
			"a connection pool: the most calls waiting for a connection at once (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return count(uint64(p.WaitingMax)) })},
		"pool-wait-mean": {KindDuration, []argKind{run, pool},
			"a connection pool: how long a call that had to wait for a connection waited on average (whole run)", evalPool(func(p *engine.PoolSnapshot) Value { return duration(p.WaitMean) })},
		"pool-size": {KindCount, []argKind{run, pool},
			"a connection pool: its size, the most connections it opens at once (0: no cap)", evalPool(func(p *engine.PoolSnapshot) Value { return count(uint64(p.Size)) })},
		"permits-max": {KindCount, []argKind{run, dep},
			"a dependency's semaphore bulkhead: the most permits held at once (whole run)", evalPermits(func(d *engine.DependencySnapshot) Value { return count(uint64(d.BulkheadMax)) })},
		"permits-waiting-max": {KindCount, []argKind{run, dep},
			"a dependency's semaphore bulkhead: the most calls waiting for a permit at once (whole run)", evalPermits(func(d *engine.DependencySnapshot) Value { return count(uint64(d.BulkheadWaitingMax)) })},
		"permits-refused": {KindCount, []argKind{run, dep},
			"a dependency's semaphore bulkhead: the calls refused a permit, at once or after waiting out the acquisition timeout (whole run)", evalPermits(func(d *engine.DependencySnapshot) Value { return count(d.BulkheadFull + d.BulkheadWaitedOut) })},
	}
}

// limitTasks is the memory limit divided by the memory a task holds, the
// process's own memory left out: what a reader who forgets that memory
// would count on (lesson 14's misconception). 0 without a limit.
func limitTasks(t *engine.TasksSnapshot) int64 {
	if t.MemoryLimit <= 0 || t.PerTask <= 0 {
		return 0
	}
	return t.MemoryLimit / t.PerTask
}

// mib converts bytes to MiB.
func mib(b int64) float64 { return float64(b) / (1 << 20) }

// evalTasks reads a field of the run's tasks server, refusing a run whose
// server is a pool of worker threads.
func evalTasks(get func(*engine.TasksSnapshot) Value) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		s, err := c.final(a[0])
		if err != nil {
			return Value{}, err
		}
		if s.Tasks == nil {
			return Value{}, fmt.Errorf("%s runs a pool of worker threads, not tasks: its loop and memory are a tasks server's (async-cascade, go-server, event-loop-stall)", a[0])
		}
		return get(s.Tasks), nil
	}
}

// evalPool reads a field of one of the run's connection pools.
func evalPool(get func(*engine.PoolSnapshot) Value) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		s, err := c.final(a[0])
		if err != nil {
			return Value{}, err
		}
		names := make([]string, len(s.Pools))
		for i := range s.Pools {
			if s.Pools[i].Name == a[1] {
				return get(&s.Pools[i]), nil
			}
			names[i] = s.Pools[i].Name
		}
		if len(names) == 0 {
			return Value{}, fmt.Errorf("no pool is called %q: %s has no connection pools", a[1], a[0])
		}
		return Value{}, fmt.Errorf("no pool is called %q (%s has: %s)", a[1], a[0], strings.Join(names, ", "))
	}
}

// evalPermits reads a dependency's semaphore, refusing one without a
// bulkhead (its zeros would read as "never full").
func evalPermits(get func(*engine.DependencySnapshot) Value) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		s, err := c.final(a[0])
		if err != nil {
			return Value{}, err
		}
		d, err := dependencyOf(&s, a[1])
		if err != nil {
			return Value{}, err
		}
		if d.BulkheadCap == 0 {
			return Value{}, fmt.Errorf("%s has no bulkhead on %s in %s, so no permits", a[0], a[1], s.Variant)
		}
		return get(d), nil
	}
}

// evalMemoryBase reads the scenario's setting: a snapshot holds what the
// process holds, not how much of it is its own.
func evalMemoryBase(c *evalCtx, a []string) (Value, error) {
	_, sys, err := c.scenario(a[0])
	if err != nil {
		return Value{}, err
	}
	if sys.Tasks == nil {
		return Value{}, fmt.Errorf("%s runs a pool of worker threads, not tasks: its memory is a tasks server's (async-cascade, go-server, event-loop-stall)", a[0])
	}
	return number(mib(sys.Tasks.Memory.Base)), nil
}

// readTasksParam reads a tasks server's or a pool's knob (knob_tasks.go:
// tasks.threads, tasks.memory.limit_mib, POOL.size, ENDPOINT.cpu, ...)
// through the knob form's own reader, so param quotes what [set] sets;
// handled is false for any other key.
func readTasksParam(sys *engine.System, key string) (v Value, handled bool, err error) {
	val, ok, handled := tasksValue(sys, key)
	if !handled {
		return Value{}, false, nil
	}
	if !ok {
		return Value{}, true, fmt.Errorf("%s is not a whole number of its unit in this variant", key)
	}
	switch x := val.(type) {
	case string:
		d, err := time.ParseDuration(x)
		return duration(d), true, err
	case int64:
		return number(float64(x)), true, nil
	}
	return Value{}, true, fmt.Errorf("%s: unexpected value %v", key, val)
}
