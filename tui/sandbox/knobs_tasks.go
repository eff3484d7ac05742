package sandbox

import (
	"strconv"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The knobs of a tasks server (issue 23): its connection pools' sizes and
// waits, the loop's threads and the process's memory limit, for every
// variant; and on each call the semaphore's acquisition timeout
// (the asyncio guide's queue_timeout). Each is written through
// lessons.SetKnob at the [set] path a lesson uses (lessons/knob_tasks.go).

// addTasks appends the tasks server's and its pools' fields.
func (f *form) addTasks(sys *engine.System) {
	for _, p := range sys.Pools {
		f.addPath(p.Name+" size", "connections at once; 0: no limit", kindInt, strconv.Itoa(p.Size), p.Name+".size", true, "pool")
		f.limitLast(0, float64(engine.MaxWorkers))
		f.addPath(p.Name+" per host", "per dependency; 0: no limit", kindInt, strconv.Itoa(p.PerHost), p.Name+".per_host", true, "pool")
		f.limitLast(0, float64(engine.MaxWorkers))
		f.addPath(p.Name+" idle per host", "kept idle; Go's default 2; 0: every one", kindInt, strconv.Itoa(p.IdlePerHost), p.Name+".idle_per_host", true, "pool")
		f.limitLast(0, float64(engine.MaxWorkers))
		f.addPath(p.Name+" wait", "for a connection; 0: as long as the timeout", kindDuration, durText(p.Wait), p.Name+".wait", true, "pool")
		f.limitTime(engine.DrainLimit) // the engine's top for a pool's wait
		f.addPath(p.Name+" dial runs on", "when its caller gives up: yes, Go's; no, aiohttp's", kindDialRunsOn, map[bool]string{true: "yes", false: "no"}[p.AbandonedDial == engine.DialRunsOn], p.Name+".abandoned_dial", true, "pool")
	}
	t := sys.Tasks
	// The threads' field claims the engine's refusal of the threads
	// alone: "tasks" began every tasks server's refusal, and a memory
	// limit below the base marked the threads, untouched, refused too.
	f.addPath("loop threads", "0 or 1: an event loop; GOMAXPROCS for Go", kindInt, strconv.Itoa(max(1, t.Threads)), "tasks.threads", true, "tasks: threads")
	// 0 is the engine's 1 (TaskServer.Threads), which a sweep gives.
	f.limitLast(0, engine.MaxThreads)
	f.addPath("memory limit MiB", memoryLimitHint(t.Memory), kindInt, strconv.FormatInt(t.Memory.Limit>>20, 10), "tasks.memory.limit_mib", true, "memory")
	// The engine's top, 1 TiB, in the field's MiB.
	f.limitLast(0, float64(engine.MaxMemory>>20))
	k := &f.knobs[len(f.knobs)-1]
	setLimit := k.set
	k.set = func(sc *engine.Scenario, v value) {
		setLimit(sc, v)
		f.restoreRestart(sc)
	}
}

// memoryLimitHint says what the memory limit does and which values the
// engine takes, in the field's MiB: 0 for none, or from the lowest limit
// the process starts under (engine.Memory.LeastLimit, the engine's own
// check), rounded up to a whole MiB; limitLast adds the top.
func memoryLimitHint(m engine.Memory) string {
	const mib = 1 << 20
	least := (m.LeastLimit() + mib - 1) / mib
	return "the process is killed past it; 0: none, or at least " + pane.Count(least)
}

// restoreRestart gives a tasks server that has a memory limit again, after
// one of 0 (none) cleared its restart time (lessons.SetKnob: a restart
// needs a limit), the restart time the scenario was opened with; the form
// has no field for it, so without it the limit could never be set back.
// A server that had none is left for the engine to refuse.
func (f *form) restoreRestart(sc *engine.Scenario) {
	if f.builtIn == nil {
		return
	}
	for i := range sc.Variants {
		t := sc.Variants[i].System.Tasks
		if t == nil || t.Memory.Limit == 0 || t.Memory.Restart != 0 || i >= len(f.builtIn.Variants) {
			continue
		}
		if was := f.builtIn.Variants[i].System.Tasks; was != nil {
			t.Memory.Restart = was.Memory.Restart
		}
	}
}

// addPermitWait appends how a call waits at a full bulkhead on
// a tasks server: its acquisition timeout when the bulkhead is a
// semaphore, its queue when it is a thread pool (asyncio's executor).
// Each kind reads only its own (lessons.KnobValue).
func (f *form) addPermitWait(depName string, p engine.Policy) {
	if p.BulkheadKind == engine.ThreadPoolBulkhead {
		f.addPath("bulkhead queue", "calls that wait for a thread", kindInt, strconv.Itoa(p.BulkheadQueue), depName+".bulkhead_queue", false, "bulkhead")
		f.limitLast(0, float64(engine.MaxQueue))
		return
	}
	f.addPath("permit wait", "for a permit; 0: refused at once", kindDuration, durText(p.BulkheadWait), depName+".bulkhead_wait", false, "bulkhead")
	f.limitTime(engine.MaxDuration)
}
