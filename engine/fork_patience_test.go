package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// multiHopPatience is multi-hop's variant v with order-page's patience p,
// and w workers at the front (0: its own 200).
func multiHopPatience(v int, p time.Duration, w int) *engine.Scenario {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[v].System
	sys.Endpoints[1].Patience = p
	if w > 0 {
		sys.Workers = w
	}
	return sc
}

// A fork for another patience (fork_patience.go) is taken while no client
// has given up and every wait so far is under the new patience, and goes
// on as a new run of its cell; it is refused once a client has given up,
// for a patience some client has waited longer than, and where an edge
// propagates deadlines (which carry the patience down: multi-hop's third
// variant, a 1 s timeout at each hop, 10 ms of margin), for a patience
// whose deadline would have cut short a call already sent.
func TestForkPatience(t *testing.T) {
	s := time.Second
	cases := []struct {
		name    string
		v       int
		workers int           // the front's; 0: multi-hop's own
		at      time.Duration // the fork's moment; 0: the run's end
		to      time.Duration
		taken   bool
	}{
		{"longer, before the slowdown", 0, 0, 15 * s, 3 * s, true},
		{"shorter, before the slowdown, every wait under it", 0, 0, 15 * s, 500 * time.Millisecond, true},
		{"shorter than waits already seen", 0, 0, 15 * s, time.Millisecond, false},
		{"longer, once clients have given up", 0, 0, 0, 3 * s, false},
		// With 60 workers the front backs up in the slowdown, and requests
		// wait there long enough for a deadline of 1.05 s to cut their
		// calls short, where one of 2 s does not: the fork is tested.
		{"deadlines propagated, each hop's own timeout ending first", 2, 60, 15 * s, 1050 * time.Millisecond, true},
		{"deadlines propagated, a deadline that would have cut calls sent", 2, 60, 15 * s, 1005 * time.Millisecond, false},
		// A second into the slowdown, with 40 workers: taken, this fork
		// would differ from a new run (calls in flight, sent under the
		// deadline of 2 s after waiting at the front, would be cut short under
		// 1.05 s, which leaves the hop's own 1 s timeout 40 ms).
		{"deadlines propagated, calls in flight a deadline would cut", 2, 40, 21 * s, 1050 * time.Millisecond, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := multiHopPatience(c.v, 2*s, c.workers)
			r, err := engine.New(base, c.v, 5)
			if err != nil {
				t.Fatal(err)
			}
			if c.at > 0 {
				r.AdvanceTo(c.at)
			} else {
				r.Run()
				if r.Snapshot().Endpoints[1].GaveUp == 0 {
					t.Fatal("no order-page client gave up in the run: the case tests nothing")
				}
			}
			cell := multiHopPatience(c.v, c.to, c.workers)
			var fork engine.Run
			if got := r.ForkInto(&fork, cell, c.v); got != c.taken {
				t.Fatalf("fork taken %v, want %v", got, c.taken)
			}
			if !c.taken {
				return
			}
			fresh, err := engine.New(cell, c.v, 5)
			if err != nil {
				t.Fatal(err)
			}
			fork.Run()
			fresh.Run()
			a, b := fork.Snapshot(), fresh.Snapshot()
			if !deepequal.Equal(a, b) {
				t.Fatal("the fork's end differs from a new run's")
			}
			r.Run()
			if deepequal.Equal(a, r.Snapshot()) {
				t.Error("the fork ends as the run it came from: the patience never mattered after the fork, and what the fork moved was never tested")
			}
		})
	}
}

// A wait longer than latencies can hold (their microseconds stop at 2^32,
// some 72 minutes) still refuses a patience shorter than it (it once
// passed as a wait of none), and any shorter than the run's: past 72
// minutes they cannot tell 80 from 90. A longer one forks.
func TestForkPatienceAfterAnHourLongWait(t *testing.T) {
	sc := func(p time.Duration) *engine.Scenario {
		return &engine.Scenario{
			Name: "slow", Duration: 3 * time.Hour, MeasureTo: 3 * time.Hour,
			Variants: []engine.Variant{{Name: "one", System: engine.System{
				Workers:      4,
				Endpoints:    []engine.Endpoint{{Name: "e", Interval: time.Hour, Calls: "d", Patience: p}},
				Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: 80 * time.Minute}}},
			}}},
		}
	}
	r, err := engine.New(sc(2*time.Hour), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(150 * time.Minute) // the first answer came after 80 minutes
	var f engine.Run
	if r.ForkInto(&f, sc(75*time.Minute), 0) {
		t.Error("a patience of 75 minutes forked from a run whose client waited 80")
	}
	if r.ForkInto(&f, sc(90*time.Minute), 0) {
		t.Error("a patience of 90 minutes forked, judged on waits past what latencies hold")
	}
	if !r.ForkInto(&f, sc(3*time.Hour), 0) {
		t.Error("a longer patience did not fork from a run where no client gave up")
	}
}

// A timeout on an edge propagating deadlines forks only while every
// attempt so far had as long before its deadline, less the margin, as
// both timeouts (fork_timeouts.go, slackMin): the layer ends at the sooner
// and counts which. Here a client's 13 ms, less 11 ms of margin, leave an
// attempt 2 ms, the front edge's own timeout: one of 3 ms would have
// been cut short. The chain the tasks-and-services property test found
// it on, once its cells could vary a patience: taken, the fork went on
// otherwise than a new run.
func TestForkTimeoutUnderPropagatedDeadline(t *testing.T) {
	sc := func(timeout time.Duration) *engine.Scenario {
		exp1 := engine.Latency{Kind: engine.Exponential, Mean: time.Millisecond}
		return &engine.Scenario{Name: "chain", Duration: time.Second, MeasureTo: time.Second,
			Variants: []engine.Variant{{Name: "v", System: engine.System{
				Tasks: &engine.TaskServer{Threads: 1},
				Pools: []engine.Pool{{Name: "http", Dial: time.Millisecond}},
				Endpoints: []engine.Endpoint{
					{Name: "ep0", Rate: 100, Patience: 13 * time.Millisecond, Calls: "s0"},
					{Name: "ep1", Rate: 1, Calls: "s0"},
				},
				Dependencies: []engine.Dependency{{Name: "s0", Service: "s0", Pool: "http",
					Policy: engine.Policy{Timeout: timeout, PropagateDeadline: true, DeadlineMargin: 11 * time.Millisecond}}},
				Services: []engine.Service{
					{Name: "s0", Workers: 1, Work: exp1, Calls: "s1", Dependencies: []engine.Dependency{{Name: "s1", Service: "s1"}}},
					{Name: "s1", Workers: 1, Work: exp1},
				},
			}}}}
	}
	r, err := engine.New(sc(2*time.Millisecond), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(2151206 * time.Nanosecond)
	cell := sc(3 * time.Millisecond)
	var f engine.Run
	if !r.ForkInto(&f, cell, 0) {
		return // refused: exact whatever followed
	}
	fresh, err := engine.New(cell, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	f.Run()
	fresh.Run()
	if !deepequal.Equal(f.Snapshot(), fresh.Snapshot()) {
		t.Error("the fork to a timeout of 3 ms went on otherwise than a new run")
	}
}
