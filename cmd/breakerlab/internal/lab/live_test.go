package lab

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// TestSessionSnapshot: a live session describes itself as the engine would,
// in the reference's time: while the provider is slow without a timeout
// every worker is held by checkout; at the end the counts add up, the
// series end where the run ended, and nothing is left running.
//
// It judges states and counts, not moments. The slow phase starts at the
// reference's half second and does not end: with the reference's three
// seconds (0.9 s of wall time at testScale), a loaded machine had brought
// only 8 or 14 of the sixteen stuck calls to the provider by the time the
// test read it at 3 s, and the calls that came later found it healthy. The
// test waits for the pool to fill rather than reading it at a set time,
// and what it checks of the clock holds at any speed: a snapshot's time is
// the wall time since the epoch as read around it, unscaled.
func TestSessionSnapshot(t *testing.T) {
	before := runtime.NumGoroutine()
	cfg := DefaultConfig(None)
	s, stop := startSlowSession(t, cfg)
	cfg = s.Lab.Config
	unscale := func(d time.Duration) time.Duration { return time.Duration(float64(d) / cfg.Scale) }
	fault := cfg.Faults[0]
	// Sixteen checkouts stuck at the provider hold the sixteen workers for
	// the provider's 10 s, to the end of the run. Read the lab until the
	// provider holds them, or the run is over.
	var mid engine.Snapshot
	var early, late time.Duration // the wall time since the epoch around the read
	for {
		early = time.Since(s.Lab.Epoch)
		mid = s.Snapshot()
		late = time.Since(s.Lab.Epoch)
		if mid.Now >= fault.From && mid.Dependencies[0].InFlight == cfg.Workers {
			// A snapshot reads the worker pool before the provider, so
			// a call that reached the provider while it was taken shows
			// there and not yet among the busy workers (once: 16 in
			// flight, 15 busy). Every call the provider holds now keeps
			// its worker to the end of the run: a snapshot begun after
			// this one finds them all in the pool.
			early = time.Since(s.Lab.Epoch)
			mid = s.Snapshot()
			late = time.Since(s.Lab.Epoch)
			break
		}
		if s.Live.Done() {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if mid.Now < unscale(early) || mid.Now > unscale(late) {
		t.Errorf("snapshot time %v, want the wall time since the epoch in the reference's time: %v to %v", mid.Now, unscale(early), unscale(late))
	}
	if mid.Now < fault.From || mid.Dependencies[0].InFlight != cfg.Workers {
		t.Fatalf("the provider never held %d calls after the fault began at %v; at %v, the run over, it held %d", cfg.Workers, fault.From, mid.Now, mid.Dependencies[0].InFlight)
	}
	held := 0
	for _, o := range mid.WorkerOwner {
		if o == endpointCheckout {
			held++
		}
	}
	if mid.Busy != cfg.Workers || held != cfg.Workers || mid.Endpoints[endpointCheckout].Busy != cfg.Workers {
		t.Errorf("mid-incident at %v: %d busy, %d held by checkout (pane says %d), want all %d", mid.Now, mid.Busy, held, mid.Endpoints[endpointCheckout].Busy, cfg.Workers)
	}
	if d := mid.Dependencies[0]; d.Fault == nil || d.Fault.Kind != engine.Slow || d.Fault.Latency != 10*time.Second || d.Fault.From != fault.From || d.Fault.To != 0 || d.Abandoned != 0 {
		t.Errorf("provider mid-incident at %v: %+v, fault %+v; want the 10 s slow fault from %v on and its calls, none abandoned (the API waits for each)", mid.Now, d, d.Fault, fault.From)
	}
	const limit = 60 * time.Second
	deadline := time.Now().Add(limit)
	for !s.Live.Done() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	seen := time.Since(s.Lab.Epoch) // the run had ended by then
	end := s.Snapshot()
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !end.Done {
		t.Fatalf("the session did not end in %v", limit)
	}
	settleGoroutines(t, before)
	for _, e := range end.Endpoints {
		if e.Window.Total() != e.WindowArrived || e.Total.Total() != e.Arrived {
			t.Errorf("%s: window %d decided of %d arrived, total %d of %d", e.Name, e.Window.Total(), e.WindowArrived, e.Total.Total(), e.Arrived)
		}
	}
	if c := end.Endpoints[endpointCheckout]; c.WindowArrived != 60 || c.Window[engine.Failed] != 60 {
		t.Errorf("checkout failed %d of %d in the window, want all 60", c.Window[engine.Failed], c.WindowArrived)
	}
	// The series run from the epoch to the end of the run, a bucket per
	// 100 ms of the reference's time: the run ended no sooner than the last
	// client's patience ran out (it left no sooner than due, and every
	// worker was stuck), and no later than the test saw it done.
	var ran time.Duration
	for _, a := range schedule(cfg) {
		patience := DefaultHealthGiveUp
		if a.endpoint == EndpointCheckout {
			patience = DefaultCheckoutWait
		}
		ran = max(ran, a.at+cfg.Scaled(patience))
	}
	every := cfg.Scaled(engine.SampleEvery)
	lo, hi := int(ran/every)+1, int(seen/every)+1
	n := len(end.Dependencies[0].Series)
	if n < lo || n > hi || len(end.Endpoints[0].Series) != n || len(end.Endpoints[1].Series) != n || end.SampleEvery != engine.SampleEvery {
		t.Fatalf("series of %d, %d and %d buckets every %v; want the same length, from %d (the last client gave up at %v) to %d (the run seen done at %v)",
			n, len(end.Endpoints[0].Series), len(end.Endpoints[1].Series), end.SampleEvery, lo, unscale(ran), hi, unscale(seen))
	}
	var arrivals, decided uint64
	most := int32(0)
	for i := range n {
		arrivals += uint64(end.Endpoints[1].Series[i].Arrivals)
		for _, c := range end.Endpoints[1].Series[i].Outcomes {
			decided += uint64(c)
		}
		most = max(most, end.Dependencies[0].Series[i].InFlight)
	}
	if arrivals != 120 || decided != 120 || most != int32(cfg.Workers) {
		t.Errorf("checkout series: %d arrivals, %d decided, provider at most %d; want 120, 120 and %d", arrivals, decided, most, cfg.Workers)
	}
}

// TestSessionBreakerSnapshot: the protected mode's breaker reads in the
// reference's units (a 1 s open wait, 400 ms slow calls), and its
// transitions carry reference times: each is the API's own, its moment
// and its wait unscaled, and in that time the breaker opens on a rate and
// leaves open only for a half-open probe once its 1 s wait is over.
//
// When the breaker opens is the load's and the machine's: at testScale, on
// a loaded machine, it opened at 2.6 s, 5.8 s and 11.5 s of the
// reference's time where the reference says about 1.5 s, and once not at
// all in the reference's three seconds of slow phase. TestIncidentShape
// judges the moments, at incidentScale; this test judges the units, which
// hold at any speed, against a slow phase that does not end.
func TestSessionBreakerSnapshot(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.Scale = testScale
	cfg.Faults = slowFrom(DefaultMeasureFrom)
	s, err := StartSession(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	for !s.Live.Done() {
		time.Sleep(20 * time.Millisecond)
	}
	snap := s.Snapshot()
	d := snap.Dependencies[0]
	if d.Breaker == nil || d.Breaker.Config.OpenFor != time.Second || d.Breaker.Config.SlowCallDuration != 400*time.Millisecond || d.BulkheadCap != 4 || d.Timeout != 500*time.Millisecond {
		t.Fatalf("protected dependency %+v, breaker %+v", d, d.Breaker)
	}
	wall := s.Lab.API.Transitions()
	ts := make([]breaker.Transition, len(snap.Transitions))
	for i, tr := range snap.Transitions {
		ts[i] = tr.Transition
	}
	if len(ts) < 2 || len(ts) != len(wall) {
		t.Fatalf("transitions %v, the API's %v; want the same ones, at least an opening and a probe", ts, wall)
	}
	// Scaled back, a reference time is the wall time to the nanosecond
	// (unscaling rounds down by less than one).
	near := func(ref, wall time.Duration) bool {
		diff := float64(ref)*cfg.Scale - float64(wall)
		return diff > -1 && diff < 1
	}
	for i, tr := range ts {
		w := wall[i]
		if snap.Transitions[i].Dependency != Dependency || tr.From != w.From || tr.To != w.To || tr.Cause != w.Cause || !near(tr.At, w.At) || !near(tr.Wait, w.Wait) {
			t.Errorf("transition %d: %+v, the API's %+v; want it in the reference's time (wall time / %v)", i+1, tr, w, cfg.Scale)
		}
		if tr.To == breaker.Open && tr.Wait != time.Second {
			t.Errorf("transition %d opens for %v, want the reference's 1 s", i+1, tr.Wait)
		}
	}
	if err := opensAndProbes(ts); err != nil {
		t.Error(err)
	}
}
