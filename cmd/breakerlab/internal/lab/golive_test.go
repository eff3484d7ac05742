package lab

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// TestGoSessionSnapshot: a live session of the Go server describes itself
// as the engine describes a tasks server: no worker pool; its request
// goroutines as tasks, more of them than the Transport lets through while
// the provider is slow; the Transport as a pool capped per host, whose
// calls wait once the cap is reached; series as long as the dependency's;
// and the protected mode's permits, refusals split as the engine splits
// them. Nothing is left running after it.
//
// The provider is slow from the start and stays slow (at testScale: a run
// of about three seconds). What the test judges then comes about however
// late the machine sends the load, and lasts to the end: the calls pile up
// behind the cap as they arrive; the protected mode's four permits are
// held to the timeout from the first calls on, so a fifth call at once
// waits in vain, before the breaker has the ten results it opens on. In
// the reference's 0.9 s of slow phase at testScale, on a heavily loaded
// machine, no more than three calls held permits at once: none waited, and
// the breaker never opened. The two sessions run side by side.
func TestGoSessionSnapshot(t *testing.T) {
	before := runtime.NumGoroutine()
	modes := []Mode{None, Protected}
	sessions := make([]*Session, len(modes))
	stopped := make([]bool, len(modes))
	// A session a failure below left running is stopped (once: a second
	// Stop would wait for servers already gone).
	t.Cleanup(func() {
		for i, s := range sessions {
			if s != nil && !stopped[i] {
				s.Stop()
			}
		}
	})
	for i, mode := range modes {
		cfg := DefaultGoConfig(mode)
		cfg.Scale = testScale
		cfg.Faults = slowFrom(0)
		s, err := StartSession(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		sessions[i] = s
	}
	const limit = 60 * time.Second
	deadline := time.Now().Add(limit)
	for i, mode := range modes {
		s := sessions[i]
		cfg := s.Lab.Config
		for !s.Live.Done() && time.Now().Before(deadline) {
			// The pool's count now and its peak count the same
			// connections (held or being dialled): never the count
			// above the peak, in any frame the live view draws.
			if p := s.Snapshot().Pools; len(p) == 1 && p[0].InUse > p[0].InUseMax {
				t.Errorf("%s: %d connections in use, at most %d", mode, p[0].InUse, p[0].InUseMax)
			}
			time.Sleep(20 * time.Millisecond)
		}
		snap := s.Snapshot()
		stopped[i] = true
		if err := s.Stop(); err != nil {
			t.Fatal(err)
		}
		if !snap.Done {
			t.Fatalf("%s: the session did not end in %v", mode, limit)
		}
		if snap.Workers != 0 || snap.WorkerOwner != nil || snap.Tasks == nil || len(snap.Pools) != 1 {
			t.Fatalf("%s: %d workers, owners %v, tasks %v, %d pools; want a tasks server with one pool", mode, snap.Workers, snap.WorkerOwner, snap.Tasks, len(snap.Pools))
		}
		p, d := snap.Pools[0], snap.Dependencies[0]
		if p.Name != transportPool || p.PerHost != cfg.ConnsPerHost || p.InUseMax == 0 || p.InUseMax > cfg.ConnsPerHost || p.Acquired == 0 {
			t.Errorf("%s: transport %+v, want at most %d connections, some used", mode, p, cfg.ConnsPerHost)
		}
		n := len(d.Series)
		if n == 0 || len(p.Series) != n || len(snap.Tasks.Series) != n {
			t.Errorf("%s: series of %d (pool) and %d (tasks) buckets, the dependency's %d", mode, len(p.Series), len(snap.Tasks.Series), n)
		}
		var most int32
		for _, smp := range snap.Tasks.Series {
			most = max(most, smp.Live)
		}
		if most == 0 || int(most) > snap.Tasks.LiveMax {
			t.Errorf("%s: the tasks' series peaks at %d, the most alive %d", mode, most, snap.Tasks.LiveMax)
		}
		switch mode {
		case None:
			// No deadline: every call past the cap parks in the Transport.
			if p.WaitingMax == 0 || snap.Tasks.LiveMax <= cfg.ConnsPerHost {
				t.Errorf("none: %d waited for a connection at most, %d goroutines at most; want the cap of %d reached and passed", p.WaitingMax, snap.Tasks.LiveMax, cfg.ConnsPerHost)
			}
		case Protected:
			if d.BulkheadCap != cfg.Bulkhead || d.BulkheadMax == 0 || d.BulkheadMax > cfg.Bulkhead || d.BulkheadWaitedOut == 0 {
				t.Errorf("protected: permits %d of %d at most, %d waited out, %d turned away; want the semaphore full and waits that ran out", d.BulkheadMax, d.BulkheadCap, d.BulkheadWaitedOut, d.BulkheadFull)
			}
		}
	}
	settleGoroutines(t, before)
}
