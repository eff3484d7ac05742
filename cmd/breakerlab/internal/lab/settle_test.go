package lab

import (
	"context"
	"testing"
)

// In mode none the Go server's handler calls the provider with the API's
// own context, not its request's, so a call goes on after its client gives
// up, as the engine's does (Policy.Cancel none): the two sides run one
// design and their connection figures must count the same calls. The lab
// read its own as the last client left, with the slow fault's 16 calls
// still holding every connection: 0 calls waited, where the engine, whose
// run ends once every request has, counted 94 waiting 7.4 s on average.
// Loopback only, about 3 s.
func TestGoServerCountsTheWaitsTheEngineCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the incident on real sockets")
	}
	cfg := DefaultGoConfig(None)
	cfg.Scale = 0.25
	r, err := Measure(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stalled || r.Sim == nil || len(r.Sim.Snapshot.Pools) == 0 {
		t.Skipf("no run to compare: stalled %v, simulated %v", r.Stalled, r.Sim != nil)
	}
	sim, g := r.Sim.Snapshot.Pools[0], r.Go
	if sim.Waited == 0 {
		t.Fatalf("the engine's model has no waiter to compare: %+v", sim)
	}
	// A waiter more or less where an arrival and a connection's release
	// fall on one instant.
	if d := int64(g.Waited) - int64(sim.Waited); d < -2 || d > 2 {
		t.Errorf("calls that waited for a connection: measured %d, simulated %d", g.Waited, sim.Waited)
	}
	if g.GaveUp != sim.GaveUp {
		t.Errorf("calls that gave up waiting: measured %d, simulated %d", g.GaveUp, sim.GaveUp)
	}
	want := cfg.Scaled(sim.WaitMean)
	if d := g.WaitMean - want; d < -want/10 || d > want/10 {
		t.Errorf("mean wait: measured %v, simulated %v (×%v), more than a tenth apart", g.WaitMean, want, cfg.Scale)
	}
	if g.InUseMax > g.MaxConnsPerHost {
		t.Errorf("%d connections in use at most, past the cap of %d", g.InUseMax, g.MaxConnsPerHost)
	}
}

// A handed-on connection is one in use: the Transport gives a freed
// connection to a waiting call before the call that freed it ends.
func TestHandedOnConnectionCountsOnce(t *testing.T) {
	c := &connStats{cap: 1}
	conn := &countedConn{stats: c}
	first, next := &connCall{}, &connCall{}
	first.state.Store(callHeld)
	c.hold(first, conn)
	next.state.Store(callHeld)
	c.hold(next, conn)
	if now, _, most := c.inUseNow(); now != 1 || most != 1 {
		t.Errorf("one connection handed on: %d in use, %d at most; want 1 and 1", now, most)
	}
	c.done(first, false)
	c.done(next, false)
	if now, _, _ := c.inUseNow(); now != 0 {
		t.Errorf("both calls over: %d in use, want 0", now)
	}
}
