package engine_test

import (
	"fmt"
	"hash"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The tasks servers' fingerprints pin the results of the scenarios without
// a thread pool (issue 23) as the main fingerprints pin the rest: each
// built-in tasks scenario on a few seeds, stepped unevenly, hashing every
// snapshot's front service (fingerprintSnapshot) and its tasks server,
// pools and services. A change meant to alter these results records new
// values and says why in its commit. Recorded again, results unchanged,
// when the hash became stateHash (fingerprint_test.go says why).
// go-server's recorded again when a caller that gives up came to close its
// connection before its semaphore's permit goes to a waiter (Go's order,
// engine/pools_run.go), and again when its DefaultClient came to keep
// net/http's 2 idle connections to the provider (Pool.IdlePerHost), and
// again when a hung host came to accept its dials (the kernel completes
// the handshake of a stuck application): its calls hang, not its dials;
// and again when its database pool came to keep database/sql's default of
// 2 idle connections (SetMaxIdleConns never called), so orders' queries
// past 2 at once dial.
var recordedTaskFingerprints = map[string]string{
	"async-cascade":    "2b17b87b0f689f76",
	"event-loop-stall": "628973f716ba595f",
	"go-server":        "8ea0e9fec6aaac10",
}

func TestTaskFingerprints(t *testing.T) {
	got := map[string]string{}
	for _, name := range []string{"async-cascade", "go-server", "event-loop-stall"} {
		b, ok := scenarios.Lookup(name)
		if !ok {
			t.Fatalf("no built-in scenario %q", name)
		}
		sc := b.Build()
		h := newStateHash()
		for seed := range uint64(2) {
			for v := range sc.Variants {
				taskFingerprintRun(t, h, sc, v, seed+1, seed*7919+uint64(v))
			}
		}
		got[name] = fmt.Sprintf("%016x", h.Sum64())
	}
	if len(recordedTaskFingerprints) == 0 {
		for _, k := range sortedKeys(got) {
			t.Logf("%q: %q,", k, got[k])
		}
		t.Fatal("no recorded fingerprints")
	}
	for k, v := range got {
		if want := recordedTaskFingerprints[k]; v != want {
			t.Errorf("%s: fingerprint %s, recorded %s: the tasks server's results changed", k, v, want)
		}
	}
}

// taskFingerprintRun is fingerprintRun, hashing the tasks server's parts too.
func taskFingerprintRun(t *testing.T, h hash.Hash64, sc *engine.Scenario, v int, seed, stepSeed uint64) {
	r, err := engine.New(sc, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	hashTaskSteps(h, r, nil, stepSeed, 4*time.Second)
}

// hashTaskSteps steps r to its end in uneven steps of up to most, drawn
// from stepSeed, hashing each snapshot, its tasks server and pools
// included; other, if not nil, is advanced in step with it.
func hashTaskSteps(h hash.Hash64, r, other *engine.Run, stepSeed uint64, most time.Duration) {
	steps := rand.New(rand.NewPCG(stepSeed, 0x57e9))
	for !r.Done() && r.Now() < r.End() {
		dt := time.Duration(steps.Int64N(int64(most))) + time.Millisecond
		r.Advance(dt)
		if other != nil {
			other.Advance(dt)
		}
		s := r.Snapshot()
		fingerprintSnapshot(h, &s)
		fingerprintTasks(h, &s)
	}
	r.Run()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
	fingerprintTasks(h, &s)
}

// fingerprintTasks hashes what fingerprintSnapshot leaves out of a tasks
// server's run: the loop, memory, pools, the permits' waits, and the
// services a tasks server calls.
func fingerprintTasks(h hash.Hash64, s *engine.Snapshot) {
	w := newHasher(h)
	w.b(s.Tasks != nil)
	if tk := s.Tasks; tk != nil {
		for _, n := range []int64{int64(tk.Live), int64(tk.LiveMax), tk.Memory, tk.MemoryPeak, int64(tk.Kills), int64(tk.Killed), int64(tk.Refused)} {
			w.i(n)
		}
		w.b(tk.Down)
		w.d(tk.UpAt)
		w.u(uint64(tk.LoopBusy * 1e12))
		w.d(tk.LoopTime)
		w.d(tk.LagMax)
		w.d(tk.LagMean)
		w.u(tk.Lagged)
		w.u(uint64(len(tk.Series)))
		for _, x := range tk.Series {
			w.i(int64(x.Live))
			w.i(x.Memory)
			w.d(x.LoopBusy)
			w.b(x.Down)
			w.u(uint64(x.LoopShare * 1e6))
		}
	}
	for _, p := range s.Pools {
		for _, n := range []int{p.InUse, p.InUseMax, p.Waiting, p.WaitingMax, p.Idle} {
			w.i(int64(n))
		}
		for _, n := range []uint64{p.Acquired, p.Waited, p.Refused, p.GaveUp, p.Dials, p.DialFailures, p.Closed} {
			w.u(n)
		}
		w.d(p.WaitMean)
		w.d(p.WaitMax)
		w.u(uint64(len(p.Series)))
		for _, x := range p.Series {
			w.i(int64(x.InUse))
			w.i(int64(x.Waiting))
		}
	}
	for _, d := range s.Dependencies {
		w.i(int64(d.BulkheadWaitingMax))
		w.u(d.BulkheadWaitedOut)
		w.u(d.Cancelled)
	}
	for _, sv := range s.Services {
		w.s(sv.Name)
		for _, n := range []int{sv.Busy, sv.Queued, sv.BusyMax, sv.QueuedMax} {
			w.i(int64(n))
		}
		w.u(sv.Arrived)
		w.counts(sv.Answered)
		w.u(sv.Cancelled)
		w.u(sv.AbandonedWork)
		w.d(sv.WastedWork)
		w.u(sv.ExpiredInQueue)
		for _, d := range sv.Dependencies {
			w.s(d.Name)
			w.u(d.Calls)
			w.i(int64(d.InFlightMax))
			w.u(d.Cancelled)
			w.u(d.DeadlineExceeded)
		}
	}
}
