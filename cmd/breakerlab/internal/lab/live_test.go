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
// in the reference's time: during the slow phase without a timeout every
// worker is held by checkout; at the end the counts add up and nothing is
// left running.
func TestSessionSnapshot(t *testing.T) {
	before := runtime.NumGoroutine()
	cfg := DefaultConfig(None)
	cfg.Scale = testScale
	s, err := StartSession(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Reference time 3 s: the slow phase has held every worker for a while.
	time.Sleep(time.Until(s.Lab.Epoch.Add(cfg.Scaled(3 * time.Second))))
	mid := s.Snapshot()
	if mid.Now < 2900*time.Millisecond || mid.Now > 4*time.Second {
		t.Errorf("snapshot time %v, want about 3 s in the reference's time", mid.Now)
	}
	held := 0
	for _, o := range mid.WorkerOwner {
		if o == endpointCheckout {
			held++
		}
	}
	if mid.Busy != cfg.Workers || held != cfg.Workers || mid.Endpoints[endpointCheckout].Busy != cfg.Workers {
		t.Errorf("mid-incident: %d busy, %d held by checkout (pane says %d), want all %d", mid.Busy, held, mid.Endpoints[endpointCheckout].Busy, cfg.Workers)
	}
	if d := mid.Dependencies[0]; d.Fault == nil || d.Fault.Kind != engine.Slow || d.Fault.Latency != 10*time.Second || d.InFlight != cfg.Workers || d.Abandoned != 0 {
		t.Errorf("provider mid-incident: %+v, want the 10 s slow fault and 16 calls, none abandoned (the API waits for each)", d)
	}
	for !s.Live.Done() {
		time.Sleep(20 * time.Millisecond)
	}
	end := s.Snapshot()
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	settleGoroutines(t, before)
	for _, e := range end.Endpoints {
		if e.Window.Total() != e.WindowArrived || e.Total.Total() != e.Arrived {
			t.Errorf("%s: window %d decided of %d arrived, total %d of %d", e.Name, e.Window.Total(), e.WindowArrived, e.Total.Total(), e.Arrived)
		}
	}
	if got := end.Endpoints[endpointCheckout].Window[engine.Failed]; got != 60 {
		t.Errorf("checkout failed %d in the window, want all 60", got)
	}
	if !end.Done {
		t.Error("the snapshot after the load does not say done")
	}
	// 6 s of traffic and the last clients' 3 s of patience, in 100 ms buckets.
	n := len(end.Dependencies[0].Series)
	if n < 60 || n > 110 || len(end.Endpoints[0].Series) != n || len(end.Endpoints[1].Series) != n || end.SampleEvery != engine.SampleEvery {
		t.Fatalf("series of %d, %d and %d buckets every %v; want the same length, about 90", n, len(end.Endpoints[0].Series), len(end.Endpoints[1].Series), end.SampleEvery)
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
// transitions carry reference times.
func TestSessionBreakerSnapshot(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.Scale = testScale
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
	if len(snap.Transitions) < 2 || snap.Transitions[0].To != breaker.Open {
		t.Fatalf("transitions %v", snap.Transitions)
	}
	if at := snap.Transitions[0].At; at < time.Second || at > 2500*time.Millisecond {
		t.Errorf("the breaker opened at %v in the reference's time, want about 1.5 s", at)
	}
}
