package sandbox

import (
	"strconv"

	"github.com/breakerlab/breakerlab/engine"
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
		f.addPath(p.Name+" wait", "for a connection; 0: as long as the timeout", kindDuration, durText(p.Wait), p.Name+".wait", true, "pool")
	}
	t := sys.Tasks
	f.addPath("loop threads", "1: an event loop; GOMAXPROCS for Go", kindInt, strconv.Itoa(max(1, t.Threads)), "tasks.threads", true, "tasks")
	f.addPath("memory limit MiB", "the process is killed past it; 0: none", kindInt, strconv.FormatInt(t.Memory.Limit>>20, 10), "tasks.memory.limit_mib", true, "memory")
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
}
