package engine

import "time"

// TasksSnapshot is a tasks server's state and record (tasks.go): what its
// panes show besides the endpoints and dependencies.
type TasksSnapshot struct {
	Threads int // the loop's threads
	// Live is the tasks alive now, parked or running; LiveMax the most
	// at once.
	Live, LiveMax int
	// Memory is what the process holds now, MemoryPeak the most it held,
	// MemoryLimit its limit (0: none), all in bytes; PerTask what a live
	// task holds.
	Memory, MemoryPeak, MemoryLimit, PerTask int64
	// Kills counts the times the process was killed at its memory limit,
	// Killed the requests that died with it, Refused the arrivals refused
	// while it was down; Down says it is down now, until UpAt.
	Kills   int
	Killed  uint64
	Refused uint64
	Down    bool
	UpAt    time.Duration
	// LoopBusy is the share of the loop's time (over its threads) spent
	// running handlers (computing or blocked in them) or paused, over the
	// measurement window so far: the loop's occupancy, of which a CPU
	// graph shows only the computing part.
	LoopBusy float64
	// LoopTime is the loop time of every handler so far, over its threads.
	LoopTime time.Duration
	// LagMax and LagMean are how long handlers and answers that had to
	// wait for the loop waited (the loop's lag); Lagged counts them.
	LagMax, LagMean time.Duration
	Lagged          uint64
	Series          []TaskSample
}

// PoolSnapshot is one connection pool's state and record (pools.go).
type PoolSnapshot struct {
	Name          string
	Kind          PoolKind
	Size, PerHost int
	IdlePerHost   int // 0: every connection is kept idle (Pool.IdlePerHost)
	AbandonedDial AbandonedDial
	Wait          time.Duration
	// InUse counts connections held or being dialled now, Waiting the
	// attempts parked for one, Idle the open connections nobody holds.
	// Dialling is the part of InUse being dialled, not yet carrying a
	// call: an unreachable host answers no dial until the fault is over,
	// so its dials pile up here while its calls in flight stay few
	// (a hung one connects as usual); DiallingMax is the most at once.
	InUse, InUseMax       int
	Dialling, DiallingMax int
	Waiting, WaitingMax   int
	Idle                  int
	// Acquired counts connections handed to attempts, Waited those handed
	// after a wait, which lasted WaitMean on average and WaitMax at most.
	Acquired, Waited  uint64
	WaitMean, WaitMax time.Duration
	// Refused counts attempts that waited the pool's Wait in vain, GaveUp
	// those whose caller gave up first (its timeout fired as it waited).
	Refused, GaveUp     uint64
	Dials, DialFailures uint64
	// Closed counts connections closed because their caller gave up,
	// IdleClosed those whose call answered but whose host already kept
	// IdlePerHost idle (the next call past them dials).
	Closed, IdleClosed uint64
	// DialsAbandoned counts dials whose caller gave up before they
	// connected (Pool.AbandonedDial: cancelled, or run on to hand their
	// connection to a later call).
	DialsAbandoned uint64
	Hosts          []PoolHostSnapshot
	Series         []PoolSample
}

// PoolHostSnapshot is a pool's connections to one host: a dependency, or
// for a database pool every dependency that queries it (the first named).
type PoolHostSnapshot struct {
	Dependency           string
	InUse, Idle, Waiting int
	Dialling             int // of InUse, as the pool's
}

// snapshotTasks adds the tasks server and the pools to a snapshot.
func (r *Run) snapshotTasks(s *Snapshot) {
	if t := r.tasks; t != nil {
		ts := &TasksSnapshot{
			Threads: len(t.free), Live: r.busy, LiveMax: t.liveMax,
			Memory: t.memory(r.busy), MemoryPeak: memoryPeak(t, t.cfg.Memory), MemoryLimit: t.cfg.Memory.Limit, PerTask: t.cfg.Memory.PerTask,
			Kills: t.kills, Killed: t.killed, Refused: t.refused, Down: t.down,
			LoopBusy: r.loopBusyShare(), LoopTime: t.busyTotal,
			LagMax: t.lagMax, Lagged: t.lagged,
			Series: t.series[:len(t.series):len(t.series)],
		}
		if t.down {
			ts.UpAt, ts.Memory = t.upAt, 0
		}
		if t.lagged > 0 {
			ts.LagMean = t.lagSum / time.Duration(t.lagged)
		}
		s.Tasks = ts
	}
	if pr := r.pools; pr != nil {
		s.Pools = make([]PoolSnapshot, len(pr.pools))
		for i := range pr.pools {
			ps := &pr.pools[i]
			p := PoolSnapshot{
				Name: ps.cfg.Name, Kind: ps.cfg.Kind, Size: ps.cfg.Size, PerHost: ps.cfg.PerHost, IdlePerHost: ps.cfg.IdlePerHost, AbandonedDial: ps.cfg.AbandonedDial, Wait: ps.cfg.Wait,
				InUse: ps.inUse, InUseMax: ps.inUseMax, Dialling: ps.dialling, DiallingMax: ps.diallingMax, Waiting: ps.waiting, WaitingMax: ps.waitingMax,
				Acquired: ps.acquired, Waited: ps.waited, WaitMax: ps.waitMax,
				Refused: ps.refused, GaveUp: ps.gaveUp, Dials: ps.dials, DialFailures: ps.dialFailures, Closed: ps.closed, IdleClosed: ps.idleClosed, DialsAbandoned: ps.dialsAbandoned,
				Series: ps.series[:len(ps.series):len(ps.series)],
			}
			if ps.waited > 0 {
				p.WaitMean = ps.waitSum / time.Duration(ps.waited)
			}
			for _, hs := range ps.hosts {
				p.Idle += hs.idle
				p.Hosts = append(p.Hosts, PoolHostSnapshot{Dependency: r.dependencies[hs.dep].cfg.Name, InUse: hs.inUse, Idle: hs.idle, Waiting: hs.waiting, Dialling: hs.dialling})
			}
			s.Pools[i] = p
		}
	}
}

// loopBusyShare is the loop's busy share over the measurement window so
// far: the handlers' loop time that started in it, spread over the
// threads, and the pauses in it, over the window's length.
func (r *Run) loopBusyShare() float64 {
	t := r.tasks
	from, to := r.measureFrom, min(r.now, r.measureTo)
	if to <= from {
		return 0
	}
	busy := t.busyWindow / time.Duration(len(t.free))
	for _, p := range t.cfg.Pauses {
		busy += max(0, min(p.To, to)-max(p.From, from))
	}
	return min(1, float64(busy)/float64(to-from))
}
