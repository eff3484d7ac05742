package lab

import "testing"

// TestSimulationSendsTheLoadToolsBeat: the Go table's simulated row is fed
// the load the lab sends, /checkout every 50 ms, so that its peaks compare
// with the measured row's. Drawn at random at 20 a second, the timeout
// mode's window had 68 checkouts against the lab's 60, and its 500 ms
// calls held 16 connections (the cap) and 17 goroutines where the beat
// holds 10 or 11 and 12: a gap that read as a fault of the engine's
// Transport or of the lab's measure. On the beat a 500 ms call overlaps
// the 10 sent before it, 11 at a tie.
func TestSimulationSendsTheLoadToolsBeat(t *testing.T) {
	for _, seed := range []uint64{1, 5, 7} {
		cfg := DefaultGoConfig(Timeout)
		cfg.Seed = seed
		sim, err := Simulate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := &sim.Snapshot
		for i := range s.Endpoints {
			if e := &s.Endpoints[i]; e.Name == EndpointCheckout && int(e.Window.Total()) != cfg.MeasuredCheckouts() {
				t.Errorf("seed %d: the simulation has %d checkouts in the window, the lab sends %d", seed, e.Window.Total(), cfg.MeasuredCheckouts())
			}
		}
		if s.Tasks == nil || len(s.Pools) == 0 {
			t.Fatalf("seed %d: the simulation is no tasks server with a transport", seed)
		}
		overlap := int(cfg.Timeout/cfg.Interval()) + 1
		if s.Pools[0].InUseMax > overlap || s.Tasks.LiveMax > overlap+2 {
			t.Errorf("seed %d: the simulation held %d connections and %d goroutines at most; the beat holds %d calls at once", seed, s.Pools[0].InUseMax, s.Tasks.LiveMax, overlap)
		}
	}
}

// TestSimulatedConnectionsStayUnderThePermits: on the Go server's
// protected mode a call holds a connection only while it holds one of the
// semaphore's 4 permits, so no more than 4 connections carry a call or are
// dialled at once. Go orders a deadline's end so: roundTrip sees the
// context done and closes the connection (transport.go's cancelRequest,
// then closeLocked's decConnsPerHost), client.Do returns, and only then
// does the handler release its permit (API.pay). The engine once ordered
// it the other way (abandonWith released the bulkhead, whose waiter took a
// connection at once, before it closed the cancelled call's), and at
// 1.0003 s of the default run (a call's 500 ms deadline and the next
// checkout's dial on the same instant) the pool's in_use_max read 5.
func TestSimulatedConnectionsStayUnderThePermits(t *testing.T) {
	cfg := DefaultGoConfig(Protected)
	sim, err := Simulate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &sim.Snapshot
	if len(s.Pools) == 0 {
		t.Fatal("the simulation has no transport")
	}
	if got := s.Pools[0].InUseMax; got > cfg.Bulkhead {
		t.Errorf("the simulation's transport held %d connections at most with %d permits", got, cfg.Bulkhead)
	}
}
