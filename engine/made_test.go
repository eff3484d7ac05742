package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A call begun along an edge is answered, or still unanswered: held at
// the dependency, dialling its connection, waiting for a permit or a
// retry, or lost with a killed process. So at every sample the calls made
// and not answered are at least the ones held at the dependency plus the
// ones dialling. A path that begins a call without counting it (there are
// several, each written out for speed) falls behind the answers, and the
// difference turns negative.
func TestDependencySamplesCountEveryCallMade(t *testing.T) {
	everyEdge(t, func(r *engine.Run, _ *engine.Scenario) { r.Run() }, func(sc *engine.Scenario, v int, deps []engine.DependencySnapshot) {
		for _, d := range deps {
			var made uint32
			for k, smp := range d.Series {
				unanswered := int64(int32(smp.Made - smp.Answered))
				if waiting := int64(smp.InFlight-smp.Abandoned) + int64(smp.Dialling); unanswered < waiting {
					t.Fatalf("%s variant %d, %s at sample %d: %d made, %d answered, but %d held and %d dialling",
						sc.Name, v+1, d.Name, k, smp.Made, smp.Answered, smp.InFlight-smp.Abandoned, smp.Dialling)
				}
				made = smp.Made
			}
			if made == 0 && d.Calls > 0 {
				t.Errorf("%s variant %d, %s: %d calls reached it, none made", sc.Name, v+1, d.Name, d.Calls)
			}
		}
	})
}

// everyEdge runs every built-in scenario's every variant at seed 5 as far
// as advance takes it, and hands check the edges of its snapshot then: the
// dependencies of the server and of each service (a fleet's summed).
func everyEdge(t *testing.T, advance func(*engine.Run, *engine.Scenario), check func(sc *engine.Scenario, v int, deps []engine.DependencySnapshot)) {
	t.Helper()
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			advance(r, sc)
			s := r.Snapshot()
			deps := append([]engine.DependencySnapshot(nil), s.Dependencies...)
			for i := range s.Services {
				deps = append(deps, s.Services[i].Dependencies...)
			}
			check(sc, v, deps)
		}
	}
}

// go-server's first variant at 30 s, the provider unreachable since 20 s
// (unreachableGoServer): the checkout endpoint calls payments as often as
// before, every call dialling a connection the host never accepts, and
// none is answered. The samples say so: calls made, none answered, and
// the dials counted on the edge as the transport's host counts them.
func TestDependencySamplesCountAHangsCalls(t *testing.T) {
	s, first, last := paymentsOver5s(t, 30*time.Second)
	made, answered := last.Made-first.Made, last.Answered-first.Answered
	if rate := float64(made) / 5; rate < 100 || answered != 0 {
		t.Errorf("payments over 25-30 s: %d made (%.0f/s), %d answered; want many made, none answered", made, rate, answered)
	}
	var host engine.PoolHostSnapshot
	for _, p := range s.Pools {
		for _, h := range p.Hosts {
			if h.Dependency == "payments" {
				host = h
			}
		}
	}
	if n := len(s.Dependencies[0].Series); s.Now != time.Duration(n)*s.SampleEvery {
		t.Fatalf("the snapshot at %v is not at its last sample's end (%d samples of %v)", s.Now, n, s.SampleEvery)
	}
	if int(last.Dialling) != host.Dialling || host.Dialling < 1000 {
		t.Errorf("payments at 30 s: the sample has %d dialling, the transport's host %d (want over 1,000)", last.Dialling, host.Dialling)
	}
}

// paymentsOver5s runs go-server's first variant, its provider unreachable
// (unreachableGoServer), to at and gives its snapshot then and payments'
// samples at the start and the end of the last 5 s: the counts they carry
// run on, so their differences are what the edge did in those 5 s.
func paymentsOver5s(t *testing.T, at time.Duration) (s engine.Snapshot, first, last engine.DependencySample) {
	t.Helper()
	r, err := engine.New(unreachableGoServer(t), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	s = r.Snapshot()
	pay, ok := s.Dependency("payments")
	if !ok {
		t.Fatal("go-server has no payments")
	}
	ser := pay.Series
	k := int(5 * time.Second / s.SampleEvery)
	return s, ser[len(ser)-1-k], ser[len(ser)-1]
}
