package engine

import (
	"cmp"
	"fmt"
	"slices"
	"time"
	"unsafe"
)

// Traffic is what a scenario's endpoints send with one seed: every
// request's arrival time, and what it will meet (its first attempt's
// latency and error draw, and its tenant), drawn once so that the runs of
// the scenario's variants, and of any scenario whose endpoints send the
// same (a sweep's cells, say), replay it instead of each drawing it again.
// It is what those runs would draw, value for value: an endpoint's random
// streams depend only on its name, its rate or interval, its bursts and
// tenant shares, the latency of the dependency it calls, the scenario's
// duration and the seed, and the runs check all of these before they
// replay. It holds the draws of the services' calls to leaf dependencies
// too, instance by instance (services_traffic.go). A Traffic is
// immutable, so runs on many goroutines may share one.
type Traffic struct {
	seed      uint64
	duration  time.Duration
	endpoints []endpointTraffic
	// orders holds, for each variant's list of endpoints whose traffic
	// is all here, the order their arrivals come in, so that a run
	// replaying them reads its next arrival instead of keeping the
	// endpoints' next arrivals sorted (Run.arrive).
	orders []arrivalOrder
	// services holds the draws of the services' calls to leaf
	// dependencies (services_traffic.go).
	services []serviceDraws
}

// arrivalOrder is the order in which a run whose endpoints replay eps
// (its endpoint i replays eps[i]) meets their arrivals: ep[n] is the
// endpoint of its n-th arrival. It is what the run's sorting would give,
// ties included: two arrivals at the same time come in the order they were
// scheduled, and an endpoint's next arrival is scheduled when its last
// one arrives. One byte an arrival: only runs of at most 256 endpoints
// get one.
type arrivalOrder struct {
	eps []*endpointTraffic
	ep  []uint8
}

// endpointTraffic is one endpoint's requests, in arrival order, and the
// tenant of each when its requests carry one (tenants.go: drawTenants).
type endpointTraffic struct {
	key     trafficKey
	reqs    []trafficRequest
	tenants []int8
}

// trafficRequest is one request of an endpoint's traffic: when it arrives
// and what it will meet (latency 0 when the endpoint calls nothing). The
// three sit together because an arrival reads them together
// (Run.arrive).
type trafficRequest struct {
	at, latency time.Duration
	errDraw     float64
}

// trafficKey is everything an endpoint's draws depend on besides the seed
// and the duration.
type trafficKey struct {
	name     string
	rate     float64
	interval time.Duration
	calls    bool
	latency  Latency // of the dependency it calls, when calls
	// limits: the endpoint's bursts and tenant shares (tenants.go:
	// limitsKey), which its arrivals and tenants depend on too.
	limits string
}

// maxSharedArrivals bounds the requests a Traffic holds (24 bytes each):
// an endpoint expected to send more draws its traffic as it goes instead.
const maxSharedArrivals = 1 << 20

// NewTraffic draws the traffic of every endpoint of every variant of the
// scenario for seed.
func NewTraffic(sc *Scenario, seed uint64) (*Traffic, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	tr := &Traffic{seed: seed, duration: sc.Duration}
	budget := maxSharedArrivals
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		for i := range sys.Endpoints {
			key := endpointKey(sys, i)
			if tr.find(key) != nil {
				continue
			}
			// Its arrivals unbounded: an endpoint of a million requests a
			// second would otherwise pass as the latencies' room (a
			// million) and draw sixty million here, 1.4 GB.
			want := expectedArrivals(&sys.Endpoints[i], sc.Duration)
			if want > float64(budget) {
				continue
			}
			n := int(want)
			budget -= n
			tr.endpoints = append(tr.endpoints, drawEndpoint(sys, i, key, seed, sc.Duration, n))
		}
	}
	tr.drawServices(sc, seed) // services_traffic.go
	// The orders, once every endpoint's traffic is drawn (tr.endpoints
	// grows no more, so pointers into it hold). Variants mostly send the
	// same: one list serves them all, kept only when new.
	var eps []*endpointTraffic
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		if len(sys.Endpoints) > 256 {
			continue
		}
		eps = eps[:0]
		for i := range sys.Endpoints {
			et := tr.find(endpointKey(sys, i))
			if et == nil {
				break // an endpoint the run draws as it goes
			}
			eps = append(eps, et)
		}
		if len(eps) == len(sys.Endpoints) && tr.order(eps) == nil {
			tr.orders = append(tr.orders, arrivalOrder{eps: slices.Clone(eps), ep: mergeArrivals(eps)})
		}
	}
	return tr, nil
}

// order is the arrival order of a run whose endpoints replay eps, or nil.
func (tr *Traffic) order(eps []*endpointTraffic) []uint8 {
	for i := range tr.orders {
		if slices.Equal(tr.orders[i].eps, eps) {
			return tr.orders[i].ep
		}
	}
	return nil
}

// mergeArrivals is the order in which a run meets the arrivals of eps:
// the run (Run.init's scheduleArrival, then Run.arrive) takes the
// endpoints' next arrivals in order of time, then of seq, and numbers an
// endpoint's next arrival when its last one arrives (its first ones in
// the endpoints' order). Counting here the seq numbers the run gives its
// arrivals keeps their order: the run's other events take numbers in
// between, never out of turn.
//
// So of two arrivals at the same time, the one whose endpoint's last
// arrival came first comes first (and an endpoint's first arrival before
// any other's second; two first arrivals in the endpoints' order). The
// rule asks only about the endpoints of the two, so the order of any of
// the endpoints alone is the order of all of them with the others left
// out, and the order is merged two at a time: the endpoints with fewest
// arrivals first, each into the order of those before it. (A scan of
// every endpoint's next arrival for the earliest, as the run does, took
// 54 instructions an arrival of the cascade's three endpoints, this 28:
// they take turns too often for an endpoint's runs of arrivals to spare
// the scans. Its array of times costs the collector some 10 more.)
func mergeArrivals(eps []*endpointTraffic) []uint8 {
	n := 0
	var sizes []int // the endpoints with arrivals, fewest first
	for i, et := range eps {
		n += len(et.reqs)
		if len(et.reqs) > 0 {
			sizes = append(sizes, i)
		}
	}
	order := make([]uint8, n)
	if len(sizes) == 0 {
		return order
	}
	slices.SortStableFunc(sizes, func(a, b int) int { return cmp.Compare(len(eps[a].reqs), len(eps[b].reqs)) })
	// The order merged so far is order[from:], and the next endpoint's
	// goes in before it: the merge writes from the front of the two, and
	// never over an arrival of the order so far it has not read. Their
	// times are in times, order[i]'s at times[i-most], for every merge
	// but the last (of the endpoint with the most arrivals) to read.
	first, most := sizes[0], len(eps[sizes[len(sizes)-1]].reqs)
	from := n - len(eps[first].reqs)
	firstOrder := order[from:] // no bounds checks
	for i := range firstOrder {
		firstOrder[i] = uint8(first)
	}
	if len(sizes) == 1 {
		return order
	}
	times := make([]time.Duration, n-most)
	reqs := eps[first].reqs
	firstAt := times[from-most:][:len(reqs)] // of reqs' length: no bounds checks
	for i := range firstAt {
		firstAt[i] = reqs[i].at
	}
	for _, ep := range sizes[1 : len(sizes)-1] {
		reqs = eps[ep].reqs
		from -= len(reqs)
		mergeTimed(order[from:], times[from-most:], reqs, uint8(ep))
	}
	ep := sizes[len(sizes)-1]
	mergeLast(order, times, eps[ep].reqs, uint8(ep))
	return order
}

// mergeTimed merges endpoint ep's arrivals, reqs, into the order
// order[len(reqs):] of other endpoints' arrivals at times[len(reqs):],
// writing the order of the two and their times from the start of order
// and times.
func mergeTimed(order []uint8, times []time.Duration, reqs []trafficRequest, ep uint8) {
	times = times[:len(order)]
	// j is unsigned, so that its test against len(order) proves times[j]
	// and order[j] in range (a signed j, carried from one arrival's loop
	// to the next, kept both checks).
	w, j := 0, uint(len(reqs)) // where the next goes; the others' next
	for k := range reqs {
		t := reqs[k].at
		// The others' arrivals before it.
		for ; j < uint(len(order)); j++ {
			if a := times[j]; a >= t {
				if a > t {
					break
				}
				if firstOfTie(order[:w], ep, order[j]) {
					break
				}
			}
			order[w], times[w] = order[j], times[j]
			w++
		}
		order[w], times[w] = ep, t
		w++
	}
	// The others' rest is in place.
}

// mergeLast is mergeTimed without the times, for the last endpoint:
// times holds the others', order[len(reqs):]'s.
func mergeLast(order []uint8, times []time.Duration, reqs []trafficRequest, ep uint8) {
	others := order[len(reqs):]
	at := times[:len(others)]
	w, j := 0, uint(0) // j unsigned, as in mergeTimed
	for k := range reqs {
		t := reqs[k].at
		for ; j < uint(len(at)); j++ {
			if a := at[j]; a >= t {
				if a > t {
					break
				}
				if firstOfTie(order[:w], ep, others[j]) {
					break
				}
			}
			order[w] = others[j]
			w++
		}
		order[w] = ep
		w++
	}
}

// firstOfTie says whether, of two arrivals at the same time, endpoint a's
// comes before endpoint b's, given the order of these endpoints' arrivals
// before them: the one whose endpoint's last arrival came first (or
// never came) does. Times tie rarely, but for endpoints on an interval.
func firstOfTie(before []uint8, a, b uint8) bool {
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i] {
		case a:
			return false
		case b:
			return true
		}
	}
	return a < b // both endpoints' first arrivals
}

// Seed is the seed the traffic was drawn with.
func (tr *Traffic) Seed() uint64 { return tr.seed }

// Requests is what the traffic holds, counted in requests of 24 bytes:
// the room drawn for its endpoints' requests, their tenants when they
// carry one, and its arrival orders, a byte a request each (rounded up to
// whole requests). A caller keeping many Traffics weighs them by it; a
// count of the requests alone would miss the orders' and tenants' share,
// a 24th each.
func (tr *Traffic) Requests() int {
	var bytes uintptr
	for i := range tr.endpoints {
		bytes += uintptr(cap(tr.endpoints[i].reqs)) * unsafe.Sizeof(trafficRequest{})
		bytes += uintptr(cap(tr.endpoints[i].tenants)) // a tenant's byte a request
	}
	for i := range tr.orders {
		bytes += uintptr(len(tr.orders[i].ep))
	}
	bytes += tr.drawBytes() // the services' draws
	per := unsafe.Sizeof(trafficRequest{})
	return int((bytes + per - 1) / per)
}

func (tr *Traffic) find(key trafficKey) *endpointTraffic {
	for i := range tr.endpoints {
		if tr.endpoints[i].key == key {
			return &tr.endpoints[i]
		}
	}
	return nil
}

// endpointKey is endpoint i's trafficKey in sys.
func endpointKey(sys *System, i int) trafficKey {
	e := &sys.Endpoints[i]
	key := trafficKey{name: e.Name, rate: e.Rate, interval: e.Interval, limits: limitsKey(sys, e)}
	if e.Calls != "" {
		for j := range sys.Dependencies {
			if sys.Dependencies[j].Name == e.Calls {
				key.calls, key.latency = true, sys.Dependencies[j].Latency
			}
		}
	}
	return key
}

// drawEndpoint draws endpoint i of sys's requests exactly as a run draws
// them (Run.arrive): the arrivals from one stream, each request's latency
// and error draw from another, and its tenant from a third.
func drawEndpoint(sys *System, i int, key trafficKey, seed uint64, duration time.Duration, room int) endpointTraffic {
	et := endpointTraffic{key: key, reqs: make([]trafficRequest, 0, room)}
	es := &endpointState{rate: key.rate, interval: key.interval}
	es.setBursts(&sys.Endpoints[i]) // tenants.go
	es.arrivals = newStream(seed, streamKey(key.name, 1))
	traffic := newStream(seed, streamKey(key.name, 2))
	var lat dependencyState
	lat.setLatency(key.latency)
	at, ok := time.Duration(0), es.interval > 0
	if !ok {
		at, ok = nextArrival(es, 0, duration)
	}
	if ok && es.interval == 0 && es.rate > 0 {
		et.reqs = drawPoisson(et.reqs, es.arrivals, at, es.rate, duration)
		ok = false
	}
	for ok {
		et.reqs = append(et.reqs, trafficRequest{at: at})
		at, ok = nextArrival(es, at, duration)
	}
	reqs := et.reqs
	switch {
	case !key.calls:
		for k := range reqs {
			reqs[k].errDraw = traffic.float64()
		}
	case lat.latKind == Exponential:
		drawExpLatencies(reqs, traffic, lat.latMean)
	default:
		for k := range reqs {
			reqs[k].latency = lat.sample(traffic)
			reqs[k].errDraw = traffic.float64()
		}
	}
	et.tenants = drawTenants(sys, &sys.Endpoints[i], seed, reqs) // tenants.go
	return et
}

// drawPoisson appends to reqs the arrivals of a Poisson endpoint of rate
// from at, its first, on, as nextArrival draws them from s: its Poisson
// case written out, as this loop draws every arrival of a run. The
// arrivals are drawn by poissonRun, a loop that calls nothing; this one
// takes the rest, a draw the ziggurat finishes slowly (some 1 % of them)
// and a slice grown past the room drawn for.
func drawPoisson(reqs []trafficRequest, s *stream, at time.Duration, rate float64, duration time.Duration) []trafficRequest {
	end := float64(duration)
	n := uint(len(reqs))
	reqs = reqs[:cap(reqs)] // written by index: make zeroed the rest
	hi, lo := s.hi, s.lo
	for {
		var u uint64
		var ran runEnd
		n, hi, lo, at, u, ran = poissonRun(reqs, n, hi, lo, at, rate, end, duration)
		switch ran {
		case runDone:
			s.hi, s.lo = hi, lo
			return reqs[:n]
		case runFull:
			reqs = append(reqs[:n], trafficRequest{})
			reqs = reqs[:cap(reqs)]
		case runSlow:
			var x float64
			x, hi, lo = s.expSlowAt(hi, lo, u)
			var ok bool
			if at, ok = poissonNext(at, x, rate, end, duration); !ok {
				return reqs[:n]
			}
		}
	}
}

// expSlowAt is expSlow on the stream state (hi, lo) a loop keeps in
// registers (drawPoisson, drawExpLatencies): the draw and the state after
// it, the stream itself left there too.
func (s *stream) expSlowAt(hi, lo, u uint64) (float64, uint64, uint64) {
	s.hi, s.lo = hi, lo
	x := s.expSlow(u)
	return x, s.hi, s.lo
}

// runEnd is why a run of draws without calls (poissonRun, expRun)
// stopped.
type runEnd uint8

const (
	runDone runEnd = iota // every draw made
	runFull               // the slice is full
	runSlow               // the draw u needs the ziggurat's slow case (stream.expSlow)
)

// poissonRun writes arrival at into reqs[n] and draws the next, and so
// on, from the stream state (hi, lo), until the traffic ends, reqs is
// full or a draw u needs expSlow; it returns the arrivals written, the
// state and the arrival to write next. It calls nothing, and is never
// inlined: Go keeps no register across a call, so a loop with one, taken
// or not, spilled and reloaded its values on every arrival (and inlined
// into NewTraffic, as the profile did, among NewTraffic's many).
//
//go:noinline
func poissonRun(reqs []trafficRequest, n uint, hi, lo uint64, at time.Duration, rate, end float64, duration time.Duration) (uint, uint64, uint64, time.Duration, uint64, runEnd) {
	for n < uint(len(reqs)) { // unsigned n: no bounds check on reqs[n]
		reqs[n].at = at
		n++
		var u uint64 // s.exp(), written out (expFast)
		hi, lo, u = pcgStep(hi, lo)
		x, fast := expFast(u)
		if !fast {
			return n, hi, lo, at, u, runSlow
		}
		var ok bool
		if at, ok = poissonNext(at, x, rate, end, duration); !ok {
			return n, hi, lo, at, 0, runDone
		}
	}
	return n, hi, lo, at, 0, runFull
}

// poissonNext is the arrival after at of a Poisson endpoint of rate, for
// the exponential draw x: nextArrival's Poisson case, false when it
// falls at or past duration (end is duration as a float64).
func poissonNext(at time.Duration, x, rate, end float64, duration time.Duration) (time.Duration, bool) {
	gap := x / rate * float64(time.Second)
	if !(float64(at)+gap < end) {
		return at, false
	}
	at += time.Duration(gap)
	return at, at < duration
}

// drawExpLatencies draws each of reqs' latency, exponential of mean
// mean, and error draw from s, in turn (s.exp() and s.float64()), by
// expRun, a loop without calls as poissonRun is, and the slow draws
// here.
func drawExpLatencies(reqs []trafficRequest, s *stream, mean float64) {
	hi, lo := s.hi, s.lo
	k := uint(0)
	for {
		var u uint64
		var ran runEnd
		if k, hi, lo, u, ran = expRun(reqs, k, hi, lo, mean); ran == runDone {
			s.hi, s.lo = hi, lo
			return
		}
		var x float64
		x, hi, lo = s.expSlowAt(hi, lo, u)
		hi, lo, u = pcgStep(hi, lo) // s.float64()
		reqs[k].latency, reqs[k].errDraw = time.Duration(x*mean), float64(u<<11>>11)/(1<<53)
		k++
	}
}

// expRun draws reqs[k:]'s latencies and error draws from the stream
// state (hi, lo) until they are all drawn or a draw u needs expSlow
// (runSlow: reqs[k] is the request it was for); it calls nothing, for
// the reason poissonRun does not.
//
//go:noinline
func expRun(reqs []trafficRequest, k uint, hi, lo uint64, mean float64) (uint, uint64, uint64, uint64, runEnd) {
	for ; k < uint(len(reqs)); k++ { // unsigned k: no bounds check on reqs[k]
		var u uint64 // s.exp(), written out (expFast)
		hi, lo, u = pcgStep(hi, lo)
		x, fast := expFast(u)
		if !fast {
			return k, hi, lo, u, runSlow
		}
		hi, lo, u = pcgStep(hi, lo) // s.float64()
		r := &reqs[k]
		r.latency, r.errDraw = time.Duration(x*mean), float64(u<<11>>11)/(1<<53)
	}
	return k, hi, lo, 0, runDone
}

// NewShared is New for the seed tr was drawn with, replaying tr's traffic
// for each endpoint whose traffic it holds; the run is the one New gives.
func NewShared(sc *Scenario, v int, tr *Traffic) (*Run, error) {
	if tr == nil {
		return nil, fmt.Errorf("no traffic to share")
	}
	return newRun(sc, v, tr.seed, tr)
}
