package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// A run that replays shared traffic is the run New gives, and the
// cascade's variants do replay it (without that, the equality would hold
// trivially).
func TestSharedTrafficIsReplayedAndChangesNothing(t *testing.T) {
	sc := cascadeLike()
	tr, err := NewTraffic(sc, 11)
	if err != nil {
		t.Fatal(err)
	}
	for v := range sc.Variants {
		shared, err := NewShared(sc, v, tr)
		if err != nil {
			t.Fatal(err)
		}
		for i, es := range shared.endpoints {
			if es.shared == nil {
				t.Errorf("variant %d, endpoint %d draws its own traffic", v, i)
			}
		}
		own, _ := New(sc, v, 11)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Errorf("variant %d: the replayed run differs from New's", v)
		}
	}
}

// Traffic drawn for other settings is not replayed: an endpoint whose
// rate, dependency latency or duration differ draws its own, and the run
// is still New's.
func TestSharedTrafficIsNotReplayedForOtherSettings(t *testing.T) {
	tr, err := NewTraffic(cascadeLike(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*Scenario)
		own  int // the endpoint that must draw its own
	}{
		{"rate", func(sc *Scenario) { sc.Variants[1].System.Endpoints[0].Rate = 310 }, 0},
		{"latency", func(sc *Scenario) { sc.Variants[1].System.Dependencies[1].Latency.Mean = 31 * time.Millisecond }, 1},
		{"duration", func(sc *Scenario) { sc.Duration, sc.MeasureTo = 29*time.Second, 29*time.Second }, 2},
	} {
		sc := cascadeLike()
		c.edit(sc)
		shared, err := NewShared(sc, 1, tr)
		if err != nil {
			t.Fatal(err)
		}
		if shared.endpoints[c.own].shared != nil {
			t.Errorf("%s: endpoint %d replays traffic drawn for other settings", c.name, c.own)
		}
		own, _ := New(sc, 1, 3)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Errorf("%s: the run with shared traffic differs from New's", c.name)
		}
	}
}

// Replaying allocates nothing either.
func TestSharedTrafficAdvanceDoesNotAllocate(t *testing.T) {
	sc := cascadeLike()
	tr, _ := NewTraffic(sc, 5)
	for v := range sc.Variants {
		r, err := NewShared(sc, v, tr)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(21 * time.Second)
		if allocs := testing.AllocsPerRun(5, func() { r.Advance(time.Second) }); allocs != 0 {
			t.Errorf("variant %d: %.0f allocations per simulated second", v, allocs)
		}
	}
}

func TestNewSharedNeedsTraffic(t *testing.T) {
	if _, err := NewShared(cascadeLike(), 0, nil); err == nil {
		t.Fatal("NewShared without traffic gave no error")
	}
}

// An endpoint too fast to hold is left to its runs, which draw its
// requests as they go: fifty thousand requests a second over this
// cascade's 30 s are 1.5 M, over the million a Traffic holds (once
// they passed as the latencies' room, capped at a million; at a million
// a second, sixty million were drawn, 1.4 GB, and a classroom sweep went
// on for seconds after its session ended). The slower endpoints are still
// held, and a run replaying them is still New's.
func TestTrafficTooFastToHoldIsDrawnByTheRun(t *testing.T) {
	sc := cascadeLike()
	for v := range sc.Variants {
		sc.Variants[v].System.Endpoints[0].Rate = 5e4
	}
	tr, err := NewTraffic(sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	if n := tr.Requests(); n == 0 || n > maxSharedArrivals {
		t.Fatalf("the traffic holds %d requests, want some and at most %d", n, maxSharedArrivals)
	}
	if tr.find(endpointKey(&sc.Variants[0].System, 0)) != nil {
		t.Errorf("the endpoint of 50,000 requests a second is held")
	}
	shared, err := NewShared(sc, 0, tr)
	if err != nil {
		t.Fatal(err)
	}
	own, _ := New(sc, 0, 7)
	shared.Run()
	own.Run()
	if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
		t.Errorf("the run replaying the traffic differs from New's")
	}
}

// Arrivals at the same instant come in the order a run that draws its own
// traffic gives them (the one scheduled first goes first) when a run
// follows the order drawn with the shared traffic, and so do an arrival
// and an answer due together (a constant latency as long as the probes'
// interval): with one worker and no queue, which of them comes first
// decides who is served, so an order or a seq number out of turn would
// show in the counts.
func TestSharedArrivalOrderKeepsTies(t *testing.T) {
	ms := time.Millisecond
	for _, lat := range []Latency{{Kind: Exponential, Mean: 4 * ms}, {Kind: Constant, Mean: 10 * ms}} {
		sys := System{Workers: 1,
			Endpoints: []Endpoint{{Name: "slow-probe", Interval: 20 * ms, Calls: "db"}, {Name: "probe", Interval: 10 * ms, Calls: "db"},
				{Name: "users", Rate: 40, Calls: "db"}},
			Dependencies: []Dependency{{Name: "db", Latency: lat}}}
		sc := &Scenario{Name: "ties", Duration: 5 * time.Second, MeasureTo: 5 * time.Second, Variants: []Variant{{Name: "one", System: sys}}}
		tr, err := NewTraffic(sc, 7)
		if err != nil {
			t.Fatal(err)
		}
		shared, err := NewShared(sc, 0, tr)
		if err != nil {
			t.Fatal(err)
		}
		if shared.order == nil {
			t.Fatal("the run replays every endpoint's traffic but follows no order")
		}
		own, _ := New(sc, 0, 7)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Errorf("%v latency: the run following the shared order differs from New's", lat.Kind)
		}
	}
}

// TestTrafficRequestsWeighsItsOrders checks that what Requests counts
// covers every byte the traffic holds: its requests, the byte each has in
// an arrival order, and with tenants, the byte each has for its tenant. A
// sweep bounds the traffic it keeps by it, and counting the requests alone
// left the orders and tenants out, a 24th more each.
func TestTrafficRequestsWeighsItsOrders(t *testing.T) {
	for _, sc := range []*Scenario{cascadeLike(), noisyVariants()} {
		tr, err := NewTraffic(sc, 3)
		if err != nil {
			t.Fatal(err)
		}
		per := int(unsafe.Sizeof(trafficRequest{}))
		held, orders, tenants := 0, 0, 0
		for i := range tr.endpoints {
			held += cap(tr.endpoints[i].reqs) * per
			tenants += cap(tr.endpoints[i].tenants)
		}
		for i := range tr.orders {
			orders += len(tr.orders[i].ep)
		}
		if orders == 0 {
			t.Fatalf("%s: the traffic holds no arrival order", sc.Name)
		}
		if sc.Name == "noisy" && tenants == 0 {
			t.Fatal("noisy's traffic holds no tenants")
		}
		held += orders + tenants
		if got := tr.Requests() * per; got < held || got >= held+per {
			t.Errorf("%s: Requests weighs %d bytes, the traffic holds %d", sc.Name, got, held)
		}
	}
}

// drawEndpoint's written-out loops (poissonRun and expRun, the slow
// draws they hand back and a slice grown past its room) draw what the
// streams draw one at a time through the run's own steps: nextArrival
// for the arrivals, sample and float64 for each latency and error draw.
// Rooms from none (every arrival grows the slice) to more than enough.
func TestDrawEndpointDrawsWhatTheStreamsDraw(t *testing.T) {
	sc := cascadeLike()
	sys := &sc.Variants[0].System
	for i := range sys.Endpoints {
		key := endpointKey(sys, i)
		es := &endpointState{rate: key.rate, interval: key.interval}
		es.arrivals = newStream(5, streamKey(key.name, 1))
		traffic := newStream(5, streamKey(key.name, 2))
		var lat dependencyState
		lat.setLatency(key.latency)
		var want []trafficRequest
		for at, ok := nextArrival(es, 0, sc.Duration); ok; at, ok = nextArrival(es, at, sc.Duration) {
			r := trafficRequest{at: at, latency: lat.sample(traffic)}
			r.errDraw = traffic.float64()
			want = append(want, r)
		}
		// The ziggurat's slow case, some 1 % of exponential draws, is
		// among them (without it the loops' slow paths go untested).
		if len(want) < 2000 {
			t.Fatalf("%s: %d requests, too few for slow draws", key.name, len(want))
		}
		expected := int(expectedArrivals(&sys.Endpoints[i], sc.Duration))
		for _, room := range []int{0, 1, 100, len(want) - 1, len(want), expected} {
			got := drawEndpoint(sys, i, key, 5, sc.Duration, room).reqs
			if !slices.Equal(got, want) {
				n := 0
				for n < min(len(got), len(want)) && got[n] == want[n] {
					n++
				}
				t.Fatalf("%s, room %d: %d requests, want %d; first difference at %d", key.name, room, len(got), len(want), n)
			}
		}
	}
}

// mergeArrivals merges the endpoints' arrivals two at a time; this checks
// it against the plain rule (mergeOneAtATime) on endpoints whose arrivals
// tie often: times drawn from a few milliseconds.
func TestMergeArrivalsMatchesOneAtATime(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		eps := make([]*endpointTraffic, 1+rng.IntN(5))
		for i := range eps {
			at := time.Duration(0)
			et := &endpointTraffic{}
			for range rng.IntN(40) {
				at += time.Duration(rng.IntN(3)) * time.Millisecond
				et.reqs = append(et.reqs, trafficRequest{at: at})
			}
			eps[i] = et
		}
		if got, want := mergeArrivals(eps), mergeOneAtATime(eps); !slices.Equal(got, want) {
			t.Fatalf("trial %d: order %v, want %v", trial, got, want)
		}
	}
}

// TestPropertyMergeArrivals checks the merge against the plain rule on
// random traffic: up to a dozen endpoints, some on an interval (whose
// arrivals tie with each other's), some with random gaps on a coarse
// clock (ties between endpoints, and within one, an arrival at its
// last one's time), some with none, over random durations.
func TestPropertyMergeArrivals(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		duration := rapid.IntRange(1, 400).Draw(t, "duration")
		eps := make([]*endpointTraffic, rapid.IntRange(1, 12).Draw(t, "endpoints"))
		for i := range eps {
			et := &endpointTraffic{}
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0: // an interval, from time 0
				interval := rapid.IntRange(1, 40).Draw(t, "interval")
				for at := 0; at < duration; at += interval {
					et.reqs = append(et.reqs, trafficRequest{at: time.Duration(at)})
				}
			case 1: // random gaps, a zero among them now and then
				gap := rapid.IntRange(0, 30).Draw(t, "gap")
				first := rapid.IntRange(0, gap).Draw(t, "first")
				for at := first; at < duration; {
					et.reqs = append(et.reqs, trafficRequest{at: time.Duration(at)})
					at += rapid.IntRange(0, gap).Draw(t, "next")
					if gap == 0 && len(et.reqs) > 50 {
						break // an endpoint whose every arrival ties
					}
				}
			}
			eps[i] = et
		}
		if got, want := mergeArrivals(eps), mergeOneAtATime(eps); !slices.Equal(got, want) {
			t.Fatalf("order %v, want %v", got, want)
		}
	})
}

// mergeOneAtATime is the order of the run's rule, arrival by arrival:
// the earliest of the endpoints' next arrivals by time, then by the seq
// an endpoint's next arrival takes when its last one is ordered (its
// first ones in the endpoints' order).
func mergeOneAtATime(eps []*endpointTraffic) []uint8 {
	type head struct {
		k   int
		seq uint64
	}
	heads := make([]head, len(eps))
	var seq uint64
	for i, et := range eps {
		if len(et.reqs) > 0 {
			seq++
			heads[i].seq = seq
		}
	}
	order := []uint8{}
	for {
		best := -1
		for i, et := range eps {
			h := heads[i]
			if h.k >= len(et.reqs) {
				continue
			}
			if best < 0 {
				best = i
				continue
			}
			b := heads[best]
			if at, bat := et.reqs[h.k].at, eps[best].reqs[b.k].at; at < bat || (at == bat && h.seq < b.seq) {
				best = i
			}
		}
		if best < 0 {
			return order
		}
		order = append(order, uint8(best))
		heads[best].k++
		if heads[best].k < len(eps[best].reqs) {
			seq++
			heads[best].seq = seq
		}
	}
}

// BenchmarkNewTraffic draws the cascade's traffic, as BenchmarkCascade does
// once an op beside its runs: three endpoints of 300, 200 and 100 requests
// a second for 30 s, and the order of their arrivals.
func BenchmarkNewTraffic(b *testing.B) {
	sc := cascadeLike()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewTraffic(sc, 5); err != nil {
			b.Fatal(err)
		}
	}
}
