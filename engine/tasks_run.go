package engine

import (
	"time"
)

// How a run simulates a tasks server (tasks.go).
//
// Tasks are the run's workers, grown on demand: an arrival while the
// process is up always gets one (spawnTask), so no request waits in an
// accept queue or is refused for want of a worker, and the run's busy
// count is the number of live tasks. Each request's handler first runs on
// the loop (startTask): its CPU, plus its blocking call if the endpoint
// makes one, on whichever of the loop's threads is free first; while every
// thread is busy, or in a pause, it waits. The slice's end is an event
// (evTaskReady), unless nothing else would happen before it: then the
// handler goes on at once, at that time. Then it goes on as a thread
// pool's does (runHandler): the call, through its policy's layers, parked
// as long as it waits. Its answer needs the loop too (answerLater):
// a task whose call is done while the loop is busy or paused answers once
// the loop is free, which is how a blocking handler or a stop-the-world
// pause delays every endpoint at once. Each live task holds its memory;
// an arrival that takes the process past its limit gets it killed
// (oomKill): every live request fails, the breakers, budgets, bulkheads and
// pools start over as a new process's would, and arrivals are refused
// until the restart is done.

// taskRun is a tasks server's state in a run.
type taskRun struct {
	cfg *TaskServer
	// free holds when each of the loop's threads is next free.
	free []time.Duration
	// cpu and blocking are each endpoint's loop time and blocking call
	// (blocking[i].latKind 0: none), drawn from blockRng[i], a stream of
	// the endpoint's own so the traffic's draws are untouched.
	cpu      []time.Duration
	blocking []dependencyState
	blockRng []*stream

	// busyWindow is the loop time, over its threads, of the slices that
	// started in the measurement window; busyTotal of all of them.
	busyWindow, busyTotal time.Duration
	// lagMax and lagSum, lagged: how long handlers and answers waited for
	// the loop (the loop's lag, as asyncio's debug mode and Node's
	// monitorEventLoopDelay measure it).
	lagMax, lagSum time.Duration
	lagged         uint64

	liveMax int // the most live tasks at once
	kills   int // times the process was killed at its memory limit
	killed  uint64
	down    bool          // killed, and not back yet
	upAt    time.Duration // when it is back
	refused uint64        // arrivals refused while it was down
	bucket  TaskSample
	series  []TaskSample
	// loopCarry is loop time started in earlier buckets that did not fit
	// in them (tasks_loopshare.go).
	loopCarry time.Duration
	// pauses says whether cfg has pauses (a fork never changes them).
	pauses bool
	// plain says that it has no pauses and that no endpoint makes a
	// blocking call (a fork changes neither): arriveTasks's one test of
	// both.
	plain bool
}

// TaskSample is one time-series bucket of a tasks server, read at its end
// (Live, Memory) or summed over it (LoopBusy, Refused).
type TaskSample struct {
	Live     int32         // live tasks
	Memory   int64         // bytes held
	LoopBusy time.Duration // loop time of the slices started in the bucket, over its threads
	Down     bool          // the process was down at the bucket's end
	// LoopShare is the share of the bucket's time the loop was busy, its
	// slices' time carried into the buckets they ran in, pauses included
	// (tasks_loopshare.go).
	LoopShare float32
}

// initTasks sets up the tasks server and the pools, if the system has them.
func (r *Run) initTasks(seed uint64, samples int) error {
	sys := r.sys
	if len(sys.Pools) > 0 {
		r.initPools(samples)
	}
	if sys.Tasks == nil {
		return nil
	}
	t := &taskRun{cfg: sys.Tasks, free: make([]time.Duration, max(1, sys.Tasks.Threads)), series: make([]TaskSample, 0, samples), pauses: len(sys.Tasks.Pauses) > 0}
	t.cpu = make([]time.Duration, len(sys.Endpoints))
	t.blocking = make([]dependencyState, len(sys.Endpoints))
	t.blockRng = make([]*stream, len(sys.Endpoints))
	t.plain = !t.pauses
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		t.cpu[i] = e.CPU
		if e.Blocking.Kind != 0 {
			t.blocking[i].setLatency(e.Blocking)
			t.blockRng[i] = newStream(seed, streamKey(e.Name, 40))
			t.plain = false
		}
	}
	r.tasks = t
	r.lane.at = noArrival // empty (tasks_lane.go)
	// Every answer needs the loop (answerLater): the plain fast path,
	// whose answer runBefore and Run.arrive give in their own lines,
	// would skip it. The one through layers (enterFast) asks for it as
	// finishCall does, so a call that may go fast walks its layers.
	tasksFastLayers(r.dependencies)
	return nil
}

// tasksFastLayers sends the calls to dependencies that may take the fast
// path (canGoFast) through enterFast, which gets them a connection and an
// answer on the loop as the pipeline does, rather than the plain fast
// path, which does neither; splitFast leaves fast false for them.
func tasksFastLayers(deps []dependencyState) {
	for i := range deps {
		deps[i].fastLayers = deps[i].fast
	}
}

// spawnTask gives an arrival a task: true unless the process is down.
func (r *Run) spawnTask() bool {
	if r.tasks.down {
		r.tasks.refused++
		return false
	}
	if len(r.freeWorkers) == 0 {
		// A new task slot: the run's worker arrays grow to the most tasks
		// ever live, and are reused from then on.
		r.workerOwner = append(r.workerOwner, noWorker)
		r.freeWorkers = append(r.freeWorkers, int32(len(r.workerOwner)-1))
	}
	return true
}

// memory is what the process holds with n live tasks.
func (t *taskRun) memory(n int) int64 {
	m := t.cfg.Memory
	return m.Base + int64(n)*m.PerTask
}

// startTask takes over request id's start on a tasks server, just given
// its task (req is its slot): it reports false when the handler may run
// now (its loop time is nothing and the loop is free), true when the loop
// runs it later, or when the task took the process past its memory limit.
func (r *Run) startTask(id int32, req *request) bool {
	t := r.tasks
	if n := r.busy; n > t.liveMax || t.kills > 0 {
		// What the process holds grows with its live tasks, so its peak
		// is that of the most tasks live at once (memoryPeak), which
		// changes only when that number rises. Until the first kill, so
		// does the limit's test: no fewer tasks than the most ever live
		// can take the process past its limit, as those did not (a fork
		// to another limit is taken only while none was reached and the
		// peak is within it, tasks_fork.go).
		t.liveMax = max(t.liveMax, n)
		if m := &t.cfg.Memory; m.Limit > 0 && t.memory(n) > m.Limit {
			r.oomKill()
			return true
		}
	} else if debugChecks && t.cfg.Memory.Limit > 0 && t.memory(n) > t.cfg.Memory.Limit {
		panic("engine: a task took the process past its memory limit unseen")
	}
	ep := req.ep
	cost := t.cpu[ep]
	if rng := t.blockRng[ep]; rng != nil {
		// Only an endpoint that blocks has a stream of its own.
		cost += t.blocking[ep].sample(rng)
	}
	// onLoop's common case, written out: no pauses, and the first thread
	// free by now (a thread free by now is as good as any other, onLoop).
	now := r.now
	at := now
	if free := t.free; free[0] <= now && !t.pauses {
		if cost == 0 {
			return false
		}
		at = now + cost
		free[0] = at
		t.busyTotal += cost
		t.bucket.LoopBusy += cost
		if now >= r.measureFrom && now < r.measureTo {
			t.busyWindow += cost
		}
	} else {
		at = r.onLoop(cost)
		if at <= now {
			return false
		}
	}
	if r.nextToHappen(at) {
		// Nothing else happens before the slice ends: the handler goes on
		// now, at that time, as its event would have, taking the seq the
		// event would have taken so that every later one is as it was.
		// startTask is the last act of the arrival (arrive, through
		// startOnWorker; a tasks server has no accept queue, so no freed
		// worker starts one), so nothing of the arrival's is left to do
		// at the earlier time.
		r.seq++
		r.now = at
		es := r.epAt[uint8(ep)]
		if ds := r.enteredFast(es); ds != nil {
			req.callStart = at
			ds.made++
			r.enterFast(id, req, ds) // runHandler's steps (enteredFast)
			return true
		}
		r.runHandler(id, req, es)
		return true
	}
	r.sliceEndsAt(at, id, req.gen) // tasks_lane.go
	return true
}

// enteredFast returns the dependency es's handler calls when all
// runHandler would do is note the call's start and send it through its
// layers (enterFast): one with fastLayers and no deadline of its own (a
// tasks server's dependencies are never plain fast, tasksFastLayers);
// nil otherwise. Its callers, a tasks server's commonest steps, take
// those two steps themselves, a call fewer on every request's way in;
// TestTasksFastLayersChangeNothing runs them against the pipeline.
func (r *Run) enteredFast(es *endpointState) *dependencyState {
	if es.dep < 0 {
		return nil
	}
	if ds := r.frontDepAt[uint8(es.dep)]; ds.fastLayers && ds.deadline <= 0 { // an endpoint's is the front's
		return ds
	}
	return nil
}

// nextToHappen reports whether a step due at at, after now, would be the
// next thing the run does: it comes before runBefore's stop (a bucket's
// end, the time AdvanceTo was asked for, the drain), and strictly before
// the next event, the next arrival, the lane's first slice end and the
// wait lane's first end (a tie goes to them, scheduled first), and
// before what Run.soon holds: a call into a service is due now, and a
// service's work's end held in the lane (workLane) comes first at its
// time.
func (r *Run) nextToHappen(at time.Duration) bool {
	return at < r.before && at < r.queue.headAt && at < r.arrAt && at < r.lane.at && at < r.waits.at && (r.soon.seq == 0 || at < r.soon.at) && !queueEveryTaskStep
}

// queueEveryTaskStep, set by a test, makes every handler's slice end an
// event, as before steps were taken at once: the runs must not differ.
var queueEveryTaskStep = false

// onLoop runs a slice of cost on the loop thread free first, from when
// it is free and not paused, and returns when the slice ends.
func (r *Run) onLoop(cost time.Duration) time.Duration {
	t := r.tasks
	now, free := r.now, t.free
	// A thread free by now is as good as any other free by now: the clock
	// never goes back, so every later slice and answer reads a time past
	// as now, and which of them takes the slice changes nothing. The scan
	// for the one free first stops at the first such.
	k := 0
	if free[0] > now {
		for i := 1; i < len(free); i++ {
			if free[i] < free[k] {
				k = i
				if free[i] <= now {
					break
				}
			}
		}
	}
	if t.pauses {
		return r.onPausedLoop(k, cost)
	}
	start := now
	if free[k] > now {
		start = free[k]
		t.lag(start - now)
	}
	if cost == 0 {
		return start
	}
	end := start + cost
	free[k] = end
	t.busyTotal += cost
	t.bucket.LoopBusy += cost
	if start >= r.measureFrom && start < r.measureTo {
		t.busyWindow += cost
	}
	return end
}

// onPausedLoop is onLoop's slice on thread k for a loop with pauses: it
// starts once a pause it would start in is over, and a pause that begins
// inside it stops it for the pause's length.
func (r *Run) onPausedLoop(k int, cost time.Duration) time.Duration {
	t := r.tasks
	start := t.pastPauses(max(r.now, t.free[k]))
	t.lag(start - r.now)
	if cost == 0 {
		return start
	}
	end := start + cost
	for _, p := range t.cfg.Pauses {
		if p.From >= end {
			break
		}
		if p.From > start {
			end += p.To - p.From
		}
	}
	t.free[k] = end
	t.busyTotal += cost
	t.bucket.LoopBusy += cost
	if start >= r.measureFrom && start < r.measureTo {
		t.busyWindow += cost
	}
	return end
}

// pastPauses is at, or the end of the pause at covers.
func (t *taskRun) pastPauses(at time.Duration) time.Duration {
	for _, p := range t.cfg.Pauses {
		if at >= p.From && at < p.To {
			return p.To
		}
	}
	return at
}

// lag records a wait for the loop.
func (t *taskRun) lag(d time.Duration) {
	if d > 0 {
		t.lagged++
		t.lagSum += d
		t.lagMax = max(t.lagMax, d)
	}
}

// answerLater holds request id's answer o until the loop is free to send
// it, and reports whether it did (false: the loop is free now). Its
// common case, the first thread free and no pauses, is small enough to
// inline into finishCall.
func (r *Run) answerLater(id int32, o Outcome) bool {
	t := r.tasks
	return (t.free[0] > r.now || t.pauses) && r.answerWhenFree(id, o)
}

// answerWhenFree is answerLater past its common case.
func (r *Run) answerWhenFree(id int32, o Outcome) bool {
	t := r.tasks
	now := r.now
	at := noArrival
	for _, f := range t.free {
		if f <= now {
			at = now // a thread free by now: none is freer (onLoop)
			break
		}
		at = min(at, f)
	}
	if len(t.cfg.Pauses) > 0 {
		at = t.pastPauses(at)
	}
	if at <= now {
		return false
	}
	t.lag(at - now)
	r.scheduleEvent(at, evTaskAnswer, id, r.requests[id].gen, uint32(o), 0)
	return true
}

// handleTask handles a tasks server's and a pool's events.
func (r *Run) handleTask(e *event) {
	switch e.kind {
	case evTaskRestart:
		r.tasks.down = false
		return
	case evConnWait, evDialDone:
		r.handlePool(e) // pools_run.go
		return
	case evOrphanDial:
		r.orphanDone(e) // pools_run.go
		return
	}
	if e.kind == evTaskReady {
		r.sliceEnded(e.at, e.req, e.gen)
		return
	}
	if req := &r.requests[e.req]; req.gen != e.gen {
		return // killed meanwhile
	}
	// evTaskAnswer
	r.answerClient(e.req, Outcome(e.tok))
	r.finishServer(e.req)
}

// sliceEnded goes on with request id's handler, its slice on the loop
// over at at, now, unless its slot has moved on from gen (killed
// meanwhile): evTaskReady's handling, whether the event came from the
// queue or the lane (tasks_lane.go, which sets the time through it).
func (r *Run) sliceEnded(at time.Duration, id int32, gen uint32) {
	r.now = at
	req := &r.requests[id]
	if req.gen != gen {
		return
	}
	es := r.epAt[uint8(req.ep)]
	if ds := r.enteredFast(es); ds != nil {
		req.callStart = r.now
		ds.made++
		r.enterFast(id, req, ds) // runHandler's steps (enteredFast)
		return
	}
	r.runHandler(id, req, es)
}

// oomKill kills the process at its memory limit: every live request fails,
// and what the process held in memory is lost: its breakers, retry budgets,
// rate limiters, bulkheads and pools start over, as a new process's. It is
// back after the restart; arrivals meanwhile are refused. The services it
// calls live in other processes: the calls it had sent them go on for
// nobody, unless the edge propagates cancellation (the dying process's
// connections close, and a server that watches its request's context
// stops), and their instances keep their own breakers and queues.
func (r *Run) oomKill() {
	t := r.tasks
	t.kills++
	// First every wait ends, so that nothing the dying requests free is
	// handed to another of them.
	if r.pools != nil {
		r.pools.frozen = true
	}
	if r.frontWaiting() {
		for i := range r.requests {
			req := &r.requests[i]
			if req.ep >= 0 && req.inst == 0 && req.started && req.waitingBH {
				req.waitingBH = false
				r.dep(req).waiting--
			}
		}
	} else if debugChecks {
		for i := range r.requests {
			if req := &r.requests[i]; req.ep >= 0 && req.inst == 0 && req.started && req.waitingBH {
				panic("engine: a request waits at a front bulkhead that counts no waiter")
			}
		}
	}
	for i := range r.requests {
		req := &r.requests[i]
		if req.ep < 0 || req.inst != 0 || !req.started {
			continue
		}
		t.killed++
		r.answerClient(int32(i), Failed)
		r.abandonInside(int32(i), -1)
		r.finishServer(int32(i))
	}
	front := r.dependencies[:r.nFrontDeps]
	for i := range front {
		ds := &front[i]
		if ds.breaker != nil {
			// Cannot fail: the configuration was accepted at New.
			_ = r.newBreaker(ds, "", 0)
		}
		r.newBudget(ds)
		if p := ds.cfg.Policy.RateLimiter; p != nil {
			ds.limiter, _ = newLimiter(p)
			ds.limiterBorn = r.now + t.cfg.Memory.Restart
		}
		ds.waiters.head, ds.waiters.n, ds.waiting = 0, 0, 0
		ds.dialling = 0 // as the pools' restart empties theirs
	}
	linkSharedBreakers(front)
	if r.pools != nil {
		r.pools.restart()
	}
	for k := range t.free {
		t.free[k] = 0
	}
	t.down = true
	t.upAt = r.now + t.cfg.Memory.Restart
	r.schedule(event{at: t.upAt, kind: evTaskRestart, req: -1})
}

// frontWaiting says whether any call waits at a front dependency's
// bulkhead. Each dependency counts its waiters (waiting, one for every
// request with waitingBH), so when none counts any, oomKill's first walk
// over every request slot would find nothing to end: a process killed at
// its memory limit in a hang holds thousands of slots, and memory-limit
// sweeps kill it thousands of times, most often with no bulkhead wait.
func (r *Run) frontWaiting() bool {
	for i := range r.nFrontDeps {
		if r.dependencies[i].waiting != 0 {
			return true
		}
	}
	return false
}

// closeTasks ends the tasks server's and the pools' time-series buckets.
func (r *Run) closeTasks() {
	if t := r.tasks; t != nil {
		t.bucket.Live = int32(r.busy)
		t.bucket.Memory = t.memory(r.busy)
		t.bucket.Down = t.down
		t.closeLoopShare(r.sampleAt, r.every) // tasks_loopshare.go
		t.series = append(t.series, t.bucket)
		t.bucket = TaskSample{}
	}
	if r.pools != nil {
		r.pools.closeBucket()
	}
}
