package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// Children's work ends held in the lane (workLane) come out exactly when
// their events would: random chains, or services whose work ends tie with
// everything else (genTies), stepped in random sizes (which moves
// the loop's stop, and so which ends may join the lane), give at every
// step the snapshot of the same chain with every end in the event queue
// (soonOff), stepped alike.
func TestPropertyWorkLaneIsTheQueuesOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		if rapid.Bool().Draw(t, "ties") {
			sc = genTies(t)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		var steps []time.Duration
		for range rapid.IntRange(0, 6).Draw(t, "steps") {
			steps = append(steps, time.Duration(rapid.IntRange(1, 2000).Draw(t, "stepMs"))*time.Millisecond)
		}
		run := func(off bool) []Snapshot {
			soonOff = off
			defer func() { soonOff = false }()
			r, err := New(sc, 0, seed)
			if err != nil {
				t.Fatalf("generated an invalid scenario: %v", err)
			}
			var snaps []Snapshot
			for _, dt := range steps {
				r.Advance(dt)
				snaps = append(snaps, r.Snapshot())
			}
			r.Run()
			return append(snaps, r.Snapshot())
		}
		lane, queued := run(false), run(true)
		for i := range lane {
			if !deepequal.Equal(lane[i], queued[i]) {
				t.Fatalf("step %d: work ends through the lane and through the queue differ at %v", i, lane[i].Now)
			}
		}
	})
}

// genTies draws a front service whose endpoints send calls at fixed
// intervals of whole milliseconds into a service of a few workers, with
// little or no queue, whose work is a constant of whole milliseconds and
// whose leaf, if any, answers in a constant too; an endpoint may call a
// leaf of the front's instead, with a constant latency too: work ends tie
// with arrivals, answers and one another, and which comes first decides
// whether a call finds a worker.
func genTies(t *rapid.T) *Scenario {
	ms := func(lo, hi int, label string) time.Duration {
		return time.Duration(rapid.IntRange(lo, hi).Draw(t, label)) * time.Millisecond
	}
	svc := Service{Name: "api", Workers: rapid.IntRange(1, 3).Draw(t, "workers"), Queue: rapid.IntRange(0, 2).Draw(t, "queue"),
		Instances: rapid.IntRange(0, 2).Draw(t, "instances"), Work: Latency{Kind: Constant, Value: ms(1, 10, "work")}}
	if rapid.Bool().Draw(t, "leaf") {
		svc.Calls = "db"
		svc.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: ms(0, 3, "db")}}}
	}
	var eps []Endpoint
	for i := range rapid.IntRange(1, 3).Draw(t, "endpoints") {
		calls := "api"
		if i > 0 && rapid.Bool().Draw(t, "callsLeaf") {
			calls = "leaf" // a fast call's answer, which the loop takes in its own lines
		}
		eps = append(eps, Endpoint{Name: string(rune('a' + i)), Interval: ms(1, 10, "interval"), Calls: calls,
			Patience: ms(0, 30, "patience")})
	}
	return &Scenario{Name: "ties", Duration: time.Second, MeasureTo: time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: rapid.IntRange(1, 20).Draw(t, "frontWorkers"), Queue: 5, Endpoints: eps,
			Dependencies: []Dependency{{Name: "api", Service: "api", Policy: Policy{Timeout: ms(0, 20, "timeout")}},
				{Name: "leaf", Latency: Latency{Kind: Constant, Value: ms(0, 5, "leafLatency")}}},
			Services: []Service{svc}}}}}
}

// A service whose work ends tie with arrivals and with one another, and
// outnumber the lane's ring: every 1 ms two endpoints send a call each
// into a service of 64 workers whose work is a constant 3 ms, calling a
// leaf that answers in a constant 1 ms. Ends fall at the instants of
// arrivals (and of the leaf's answers), some 6 are pending at once, and
// a burst of 20 calls at one instant every 500 ms fills the ring past its size. The
// run must equal the one with every end in the queue, and the lane must
// have been used, and filled.
func TestWorkLaneTiesAndOverflow(t *testing.T) {
	ep := func(name string) Endpoint {
		return Endpoint{Name: name, Interval: time.Millisecond, Calls: "api", Patience: 50 * time.Millisecond}
	}
	burst := Endpoint{Name: "burst", Interval: 500 * time.Millisecond, Calls: "api"}
	sys := System{Workers: 200, Queue: 100,
		Endpoints:    []Endpoint{ep("a"), ep("b")},
		Dependencies: []Dependency{{Name: "api", Service: "api", Policy: Policy{Timeout: 20 * time.Millisecond}}},
		Services: []Service{{Name: "api", Workers: 64, Queue: 100, Calls: "db",
			Work:         Latency{Kind: Constant, Value: 3 * time.Millisecond},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}}}}},
	}
	for i := range 20 {
		burst.Name = string(rune('c' + i))
		sys.Endpoints = append(sys.Endpoints, burst)
	}
	sc := &Scenario{Name: "ties", Duration: 2 * time.Second, MeasureTo: 2 * time.Second,
		Variants: []Variant{{Name: "v", System: sys}}}
	most := 0
	run := func(off bool) Snapshot {
		soonOff = off
		defer func() { soonOff = false }()
		r, err := New(sc, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		// Told of each child's end, in the middle of the loop's turn.
		r.onFree = func(int32, uint32, bool) { most = max(most, r.soon.work.n) }
		r.Run()
		return r.Snapshot()
	}
	lane, queued := run(false), run(true)
	if !deepequal.Equal(lane, queued) {
		t.Fatalf("work ends through the lane and through the queue differ:\n%+v\n%+v", lane.Services, queued.Services)
	}
	if most < workLaneSize {
		t.Errorf("the lane held at most %d ends at once; want it full (%d) at some point", most, workLaneSize)
	}
}
