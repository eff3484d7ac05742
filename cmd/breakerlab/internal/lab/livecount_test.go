package lab

import (
	"context"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The live view's two sides decide the same checkouts: the load's every
// request, each one a call, a call the breaker short-circuited, or one the
// bulkhead refused, at once or after its wait. A walk of the live lab
// (Go server, protected, hang@500ms-3.5s) read the simulated side as
// deciding 110 of the 120 that the measured side decided. Played as the
// live view plays it (livelab's refresh: the engine brought to the
// measured side's time until both are done), on loopback at a quarter of
// the reference's time, bounded at 30 s.
func TestLiveSidesDecideTheSameCheckouts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the incident on real sockets")
	}
	cfg := DefaultGoConfig(Protected)
	f, err := ParseFault("hang@500ms-3.5s")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Faults, cfg.Scale = []Fault{f}, 0.25
	sc, v, err := SimScenario(cfg)
	if err != nil {
		t.Fatal(err)
	}
	run, err := engine.New(sc, v, cfg.Seed)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := StartSession(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := s.Stop(); err != nil {
			t.Error(err)
		}
	}()
	var real, sim engine.Snapshot
	for {
		real = s.Snapshot()
		run.AdvanceTo(min(real.Now, run.End()))
		sim = run.Snapshot()
		if real.Done && sim.Done {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("not done in 30 s: measured done %v at %v, simulated done %v at %v", real.Done, real.Now, sim.Done, sim.Now)
		case <-time.After(20 * time.Millisecond):
		}
	}
	want := uint64(cfg.Rate * DefaultDuration.Seconds())
	for _, side := range []struct {
		name string
		s    *engine.Snapshot
	}{{"simulated", &sim}, {"measured", &real}} {
		e := &side.s.Endpoints[endpointCheckout]
		d := &side.s.Dependencies[0]
		decided := d.Calls + d.ShortCircuited + d.BulkheadFull + d.BulkheadWaitedOut
		if e.Arrived != want || e.Total.Total() != want || decided != want {
			t.Errorf("%s: %d checkouts arrived, %d decided (outcomes %v); %d calls, %d short-circuited, %d turned away, %d waited out; want %d of each",
				side.name, e.Arrived, e.Total.Total(), e.Total, d.Calls, d.ShortCircuited, d.BulkheadFull, d.BulkheadWaitedOut, want)
		}
	}
}
