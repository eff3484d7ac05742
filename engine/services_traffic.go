package engine

import (
	"time"
	"unsafe"
)

// Replayed draws of a service's calls to a leaf dependency.
//
// A service instance whose own call goes to a leaf dependency draws that
// call's latency and error draw from the instance's stream when its work
// is done (childCall), and, when its Work is not drawn, from nothing else:
// its k-th call meets the stream's k-th pair of draws whatever the run
// does around it, in whatever order its calls come. The draws depend on the
// seed, the service's name, the instance's index and the dependency's
// latency, and nothing else, so a Traffic holds them for each instance of
// its scenario that has such a call, drawn once, and the runs that replay
// the front's traffic replay these too: a lognormal draw (a normal draw
// through rand.Rand and a math.Exp) becomes two loads. A run whose
// instance makes more calls than were drawn (retries count too) takes the
// stream from where the drawing left it and draws on itself: the same
// numbers.

// serviceDraws is one instance's draws: the first len(draws) pairs its
// stream gives, and the stream's state after them.
type serviceDraws struct {
	key    drawKey
	draws  []serviceDraw
	hi, lo uint64
}

// drawKey is everything an instance's draws depend on besides the seed.
type drawKey struct {
	service string
	k       int
	latency Latency // of the leaf dependency its service calls
}

// serviceDraw is one call's draws: what the dependency would take, healthy,
// and the draw compared with an error fault's probability.
type serviceDraw struct {
	latency time.Duration
	errDraw float64
}

// maxServiceDraws bounds the draws a Traffic holds (16 bytes each).
const maxServiceDraws = 1 << 20

// replayable reports whether service s's instances draw only their calls'
// latencies from their streams, of a leaf dependency whose latency is
// drawn, and returns that dependency's latency.
func replayable(s *Service) (Latency, bool) {
	if s.Work.Kind == Exponential || s.Work.Kind == LogNormal {
		return Latency{}, false // work and calls would share the stream
	}
	for j := range s.Dependencies {
		d := &s.Dependencies[j]
		if d.Name != s.Calls {
			continue
		}
		if d.Service != "" || (d.Latency.Kind != Exponential && d.Latency.Kind != LogNormal) {
			return Latency{}, false
		}
		return d.Latency, true
	}
	return Latency{}, false
}

// drawServices draws, for seed, the calls of every instance of sc's
// variants that replayable services run, once for each key, as many as
// the requests that may reach the instance (expectedCalls) while the
// budget lasts.
func (tr *Traffic) drawServices(sc *Scenario, seed uint64) {
	budget := maxServiceDraws
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		for i := range sys.Services {
			s := &sys.Services[i]
			lat, ok := replayable(s)
			if !ok {
				continue
			}
			n := max(1, s.Instances)
			want := expectedCalls(sys, s.Name, sc.Duration)
			if n > 1 {
				// A balancer shares the calls out; an instance that gets
				// more than its share past this draws the rest itself.
				want = want/float64(n)*1.5 + 64
			}
			room := int(min(want, maxServiceDraws))
			for k := range n {
				key := drawKey{service: s.Name, k: k, latency: lat}
				if room <= 0 || room > budget || tr.findDraws(key) != nil {
					continue
				}
				budget -= room
				tr.services = append(tr.services, drawInstance(key, seed, room))
			}
		}
	}
}

// expectedCalls bounds the first attempts that reach service name in d:
// the arrivals, with expectedArrivals' margin, of every front endpoint
// whose chain of calls passes through it (one call per request per
// service).
func expectedCalls(sys *System, name string, d time.Duration) float64 {
	var n float64
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		deps := sys.Dependencies
		calls := e.Calls
		// The chain is at most MaxDepth hops; a bound on the walk keeps a
		// scenario not validated from looping here.
		for hop := 0; calls != "" && hop <= MaxDepth; hop++ {
			svc := ""
			for j := range deps {
				if deps[j].Name == calls {
					svc = deps[j].Service
				}
			}
			if svc == "" {
				break
			}
			if svc == name {
				n += expectedArrivals(e, d)
				break
			}
			calls, deps = "", nil
			for j := range sys.Services {
				if s := &sys.Services[j]; s.Name == svc {
					calls, deps = s.Calls, s.Dependencies
				}
			}
		}
	}
	return n
}

// drawInstance draws room calls of instance key.k exactly as its run
// would (childCall): the latency, then the error draw.
func drawInstance(key drawKey, seed uint64, room int) serviceDraws {
	rng := newStream(seed, instKey(key.service, 12, key.k))
	var lat dependencyState
	lat.setLatency(key.latency)
	draws := make([]serviceDraw, room)
	for k := range draws {
		draws[k].latency = lat.sample(rng)
		draws[k].errDraw = rng.float64()
	}
	return serviceDraws{key: key, draws: draws, hi: rng.hi, lo: rng.lo}
}

func (tr *Traffic) findDraws(key drawKey) *serviceDraws {
	for i := range tr.services {
		if tr.services[i].key == key {
			return &tr.services[i]
		}
	}
	return nil
}

// drawBytes is the memory the draws hold.
func (tr *Traffic) drawBytes() uintptr {
	var b uintptr
	for i := range tr.services {
		b += uintptr(cap(tr.services[i].draws)) * unsafe.Sizeof(serviceDraw{})
	}
	return b
}

// replayDraws hands each instance of r's services the draws tr holds for
// it, if its service is replayable in r's system too: the instance reads
// them instead of drawing (childCall).
func (r *Run) replayDraws(tr *Traffic) {
	if tr == nil || tr.seed != r.seed || len(tr.services) == 0 {
		return
	}
	for i := range r.svcs {
		ss := &r.svcs[i]
		lat, ok := replayable(ss.cfg)
		if !ok {
			continue
		}
		for k := range ss.n {
			r.insts[ss.instBase+k].drawn = tr.findDraws(drawKey{service: ss.cfg.Name, k: k, latency: lat})
		}
	}
}

// drawsOut is the end of instance in's replayed draws: its stream takes
// over from where the drawing left it.
func (in *instState) drawsOut() {
	in.rng.hi, in.rng.lo = in.drawn.hi, in.drawn.lo
	in.drawn = nil
}
