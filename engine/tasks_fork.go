package engine

import (
	"slices"
	"unsafe"
)

// Forking a tasks server's run (fork.go, issue 23). A tasks server's state
// beyond a thread pool's is its loop and memory (taskRun) and its pools
// (poolRun): CloneInto copies both, and a fork rebases their
// configuration. Besides the timeouts and bulkhead sizes every fork may
// change, a fork of a tasks server may change knobs of its own that have
// not mattered yet:
//   - a pool's size, per-host cap and wait, when no attempt has ever waited
//     for a connection (no cap ever bound, and the wait never began) and
//     the new caps hold the most connections the pool and each host had
//     in use at once;
//   - a pool's idle cap per host, when it has closed no connection yet
//     and the new one (if any) is at least the most connections each host
//     had in use at once: a host dials only when it has none idle, so it
//     never has more open, idle ones included, and every connection that
//     came back was kept idle under either cap;
//   - what a pool does with a dial whose caller gave up, when no caller
//     gave up on one;
//   - the memory limit, when the process was never killed and its memory
//     never rose above the new limit.
// Then every attempt finds a connection where it did, and no arrival
// kills the process, in either run: every event is the same.

// tasksKnobsUnused reports whether variant system sys differs from r's in
// its tasks server and pools at most in knobs that have not mattered in r;
// it sets those knobs in same (sys, copied) to r's, for the comparison of
// everything else.
func (r *Run) tasksKnobsUnused(sys, same *System) bool {
	if len(sys.Pools) != len(r.sys.Pools) || (sys.Tasks == nil) != (r.sys.Tasks == nil) {
		return false
	}
	if r.pools != nil {
		same.Pools = slices.Clone(sys.Pools)
		for i := range same.Pools {
			p, mine, ps := &same.Pools[i], &r.sys.Pools[i], &r.pools.pools[i]
			if p.AbandonedDial != mine.AbandonedDial {
				// What a given-up dial does matters once one was.
				if ps.dialsAbandoned > 0 {
					return false
				}
				p.AbandonedDial = mine.AbandonedDial
			}
			if p.IdlePerHost != mine.IdlePerHost {
				if ps.idleClosed > 0 {
					return false
				}
				for k := range ps.hosts {
					if p.IdlePerHost > 0 && ps.hosts[k].inUseMax > p.IdlePerHost {
						return false
					}
				}
				p.IdlePerHost = mine.IdlePerHost
			}
			if p.Size == mine.Size && p.PerHost == mine.PerHost && p.Wait == mine.Wait {
				continue
			}
			if ps.waitingMax > 0 || (p.Size > 0 && ps.inUseMax > p.Size) {
				return false
			}
			for k := range ps.hosts {
				if p.PerHost > 0 && ps.hosts[k].inUseMax > p.PerHost {
					return false
				}
			}
			p.Size, p.PerHost, p.Wait = mine.Size, mine.PerHost, mine.Wait
		}
	}
	if t := r.tasks; t != nil {
		m, mine := sys.Tasks.Memory, r.sys.Tasks.Memory
		if m.Limit != mine.Limit || m.PerTask != mine.PerTask {
			// A limit: both set (a limit's restart and base are the
			// same: the comparison checks them). A task's cost: what the
			// process held is the base and that cost for each live task,
			// so the most held so far is the new cost times the most
			// tasks live at once (memoryPeak). Either way, no
			// kill yet, and the new limit is not reached by the most
			// held so far at the new cost: every task so far would have
			// started alike. (The time series of memory held is the
			// live tasks' at the new cost: rebaseTasks.)
			if m.Limit != mine.Limit && (m.Limit <= 0 || mine.Limit <= 0) {
				return false
			}
			if t.kills > 0 || (m.Limit > 0 && memoryPeak(t, m) > m.Limit) {
				return false
			}
			tc := *sys.Tasks
			tc.Memory.Limit, tc.Memory.PerTask = mine.Limit, mine.PerTask
			same.Tasks = &tc
		}
	}
	return true
}

// memoryPeak is the most memory t's process has held so far, or would
// have held under m: its base and a task's cost for each of the most tasks
// live at once (startTask keeps liveMax), the base before the first.
func memoryPeak(t *taskRun, m Memory) int64 {
	return m.Base + int64(t.liveMax)*m.PerTask
}

// tasksSpare is what dst holds of a tasks server and pools, for
// cloneTasksInto to reuse; taken before CloneInto overwrites dst.
type tasksSpare struct {
	tasks *taskRun
	pools *poolRun
}

func (r *Run) tasksSpare() tasksSpare { return tasksSpare{tasks: r.tasks, pools: r.pools} }

// cloneTasksInto gives dst, a copy of r, tasks server and pools of its
// own, copies of r's, reusing the memory of old (dst's before the copy)
// where it is not r's.
func (r *Run) cloneTasksInto(dst *Run, old tasksSpare, compact bool) {
	if debugChecks && r.lane.n != 0 {
		// A copy is made between steps, when the lane is empty
		// (tasks_lane.go): every pending slice end is in the queue.
		panic("engine: a run copied with slice ends in its lane")
	}
	dst.tasks, dst.pools = nil, nil
	if src := r.tasks; src != nil {
		t := old.tasks
		if t == nil || t == src {
			t = new(taskRun)
		}
		free, series, rngs, cpu, blocking := t.free, t.series, t.blockRng, t.cpu, t.blocking
		*t = *src
		t.free = cloneArray(free, src.free, compact)
		t.series = cloneSized(series, src.series, compact, r.samples())
		// cpu and blocking are only read, but copied all the same: a copy
		// shares nothing with the run it came from, whatever a later
		// Reset of that run does with its buffers.
		t.cpu = cloneInto(cpu, src.cpu)
		t.blocking = cloneInto(blocking, src.blocking)
		t.blockRng = reuseBuf(rngs, len(src.blockRng))[:len(src.blockRng)]
		for i, s := range src.blockRng {
			t.blockRng[i] = cloneStream(t.blockRng[i], s)
		}
		dst.tasks = t
	}
	if src := r.pools; src != nil {
		p := old.pools
		if p == nil || p == src {
			p = new(poolRun)
		}
		pools, holds, at := p.pools, p.holds, p.at
		*p = *src
		p.holds = cloneArray(holds, src.holds, compact)
		p.at = cloneInto(at, src.at)
		p.pools = reuseBuf(pools, len(src.pools))[:len(src.pools)]
		for i := range src.pools {
			s, d := &src.pools[i], &p.pools[i]
			hosts, series := d.hosts, d.series
			*d = *s
			d.series = cloneSized(series, s.series, compact, r.samples())
			d.hosts = reuseBuf(hosts, len(s.hosts))[:len(s.hosts)]
			for k := range s.hosts {
				waiters, dials := d.hosts[k].waiters, d.hosts[k].dials
				d.hosts[k] = s.hosts[k]
				d.hosts[k].waiters = cloneRing(waiters, s.hosts[k].waiters)
				d.hosts[k].dials = cloneWaits(dials, s.hosts[k].dials) // pools_run.go
			}
		}
		p.link() // *p = *src copied src's pointers
		dst.pools = p
	}
}

// rebaseTasks points a fork's tasks server and pools at sys's settings
// (tasksKnobsUnused has checked that what differs has not mattered).
func (r *Run) rebaseTasks(sys *System) {
	if t := r.tasks; t != nil {
		if m := sys.Tasks.Memory; m.PerTask != t.cfg.Memory.PerTask {
			// What the process held, at the new cost of a task.
			for k := range t.series {
				s := &t.series[k]
				s.Memory = m.Base + int64(s.Live)*m.PerTask // closeTasks'
			}
		}
		t.cfg = sys.Tasks
	}
	if r.pools != nil {
		for i := range r.pools.pools {
			ps := &r.pools.pools[i]
			ps.cfg = &sys.Pools[i]
			ps.setCaps()
		}
	}
}

// tasksFootprint is about how many bytes of buffers a copy of r's tasks
// server and pools holds (Footprint).
func (r *Run) tasksFootprint(compact bool) int {
	n := 0
	if t := r.tasks; t != nil {
		n += bytesAtLength(t.free, compact) + bytesSized(t.series, compact, r.samples()) + bytesOf(t.cpu) + bytesOf(t.blocking) + len(t.blockRng)*int(unsafe.Sizeof(stream{}))
	}
	if p := r.pools; p != nil {
		n += bytesAtLength(p.holds, compact) + bytesAtLength(p.pools, compact) + bytesOf(p.at)
		for i := range p.pools {
			ps := &p.pools[i]
			n += bytesSized(ps.series, compact, r.samples()) + bytesAtLength(ps.hosts, compact)
			for k := range ps.hosts {
				h := &ps.hosts[k]
				n += bytesOf(h.waiters.ids) + bytesOf(h.waiters.stamps) + h.dials.bytes(compact)
			}
		}
	}
	return n
}
