package lab

import (
	"runtime"

	"github.com/breakerlab/breakerlab/engine"
)

// The Go server described as the engine describes a tasks server, for the
// live view's limits pane and gauges: its request goroutines (the tasks),
// its Transport's connections to the provider (a client pool capped per
// host at MaxConnsPerHost, the name the engine's go-server scenario gives
// it) and, in the protected mode, its semaphore's permits. What it cannot
// measure it leaves out rather than guess: the loop's busy share and the
// memory, since the lab's process also runs the provider and the load.

// goSample is one bucket of the Go server's series: its goroutines and its
// connections at the bucket's end.
type goSample struct {
	live  int32
	conns engine.PoolSample
}

// readGoSample reads the Go server's state now.
func readGoSample(a *API) goSample {
	return goSample{
		live:  int32(a.live.now.Load()),
		conns: engine.PoolSample{InUse: int32(a.conns.busy.Load()), Waiting: int32(a.conns.waiting.Load())},
	}
}

// addGoSnapshot makes s a tasks server's snapshot: no worker pool, the
// request goroutines as its tasks, the Transport as its pool, and the
// payment dependency's permits. series are the sampled buckets so far.
func (l *Lab) addGoSnapshot(s *engine.Snapshot, d *engine.DependencySnapshot, series []goSample) {
	a, cfg := l.API, l.Config
	s.Scenario = GoScenario
	s.Workers, s.Busy, s.Queued, s.WorkerOwner = 0, 0, 0, nil
	t := &engine.TasksSnapshot{
		Threads: runtime.GOMAXPROCS(0),
		Live:    int(a.live.now.Load()),
		LiveMax: a.live.Max(),
		Series:  make([]engine.TaskSample, len(series)),
	}
	// In use counts what the engine's pool counts, now and at most: the
	// connections held by a call or being dialled (connStats.inUseNow).
	inUse, dialling, inUseMax := a.conns.inUseNow()
	p := engine.PoolSnapshot{
		Name: transportPool, Kind: engine.ClientPool, PerHost: cfg.ConnsPerHost, IdlePerHost: cfg.ConnsPerHost,
		InUse: inUse, InUseMax: inUseMax, Dialling: dialling,
		Waiting: int(a.conns.waiting.Load()), WaitingMax: int(a.conns.waitingMax.Load()),
		Acquired: a.conns.acquired.Load(), Waited: a.conns.waited.Load(), GaveUp: a.conns.gaveUp.Load(),
		Dials: a.conns.dials.Load(), DialFailures: a.conns.dialFailures.Load(), Closed: a.conns.closed.Load(),
		Series: make([]engine.PoolSample, len(series)),
	}
	// Idle: open and held by no call (a connection being dialled is not
	// open yet).
	p.Idle = max(0, int(a.conns.open.Load()-a.conns.inUse.Load()))
	p.Hosts = []engine.PoolHostSnapshot{{Dependency: Dependency, InUse: p.InUse, Idle: p.Idle, Waiting: p.Waiting, Dialling: p.Dialling}}
	for i, smp := range series {
		t.Series[i].Live = smp.live
		p.Series[i] = smp.conns
	}
	s.Tasks, s.Pools = t, []engine.PoolSnapshot{p}
	if cfg.Mode == Protected {
		// The refusals are told apart in Lab.Snapshot, for either server.
		d.BulkheadWaiting = int(a.permits.waiting.Load())
		d.BulkheadMax, d.BulkheadWaitingMax = int(a.permits.heldMax.Load()), int(a.permits.waitingMax.Load())
	}
}
