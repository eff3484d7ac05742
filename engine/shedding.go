package engine

import (
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// Load shedding at a server's accept queue (SERVICES-DESIGN.md 1.9): before
// a request that finds no free worker joins the queue, package shed judges
// the queue's wait and may refuse it at once (a 503), so that the requests
// the server does take are answered before their callers give up. A
// request that finds a free worker never waits and is never shed.
//
// The signal must see only requests someone still waits for. The accept
// ring keeps a request whose client gave up until a worker comes to it, so
// serverShed counts those (gaveUp) and liveQueue pops them off the ring's
// head before it reads the oldest arrival: Len is the live count and
// Oldest the arrival of the oldest live request.
//
// serverShed takes the queue it judges as an argument, so each instance of
// a service can keep its own next to its own ring; today the front service
// has one, Run.frontShed.

// serverShed is one server's load shedding.
type serverShed struct {
	sh *shed.Shedder
	// gaveUp counts the requests in the accept ring whose clients have
	// given up (patience): they are no longer waited for, but stay in the
	// ring until a worker or liveQueue drops them.
	gaveUp int
	// estimates: it judges by the Estimated signal, the only one that
	// reads the service times observeService would feed it. Without it a
	// finished request tells the shedder nothing, so the fast path
	// (fastpath.go), which does not tell it, may take the run's calls.
	estimates bool
}

// newServerShed builds load shedding for a server of `workers` workers.
func newServerShed(p *ShedPolicy, workers int) (*serverShed, error) {
	c := *p
	c.Workers = workers
	sh, err := shed.New(c)
	if err != nil {
		return nil, err
	}
	return &serverShed{sh: sh, estimates: c.Signal == shed.Estimated}, nil
}

// liveQueue is what the shedder judges of the accept ring acc: given-up
// requests at its head are dropped (freed, as a worker would free them),
// so the oldest entry left is live.
func (r *Run) liveQueue(acc *ring, s *serverShed) shed.Queue {
	for acc.len() > 0 {
		id, gen := acc.ids[acc.head], acc.stamps[acc.head]
		req := &r.requests[id]
		if uint64(req.gen) == gen && !req.clientDone {
			return shed.Queue{Len: acc.len() - s.gaveUp, Oldest: req.arrived}
		}
		acc.pop()
		if uint64(req.gen) == gen {
			s.gaveUp--
			r.freeRequest(id)
		}
	}
	return shed.Queue{}
}

// sheds says whether a request of class c, arriving now to find every
// worker busy and room in the accept ring acc, is refused. Nearly every
// arrival of a saturated server asks, and nearly always the ring's head
// is live: under the OldestAge signal that case judges the head's wait
// here (shed.Shedder.Wait's own step, written out) and asks AdmitWait,
// inlined; liveQueue drops the given-up heads only when there are some,
// and the Estimated signal reads the queue's length through Admit.
// TestShedsMatchesAdmit checks the two ways agree.
func (r *Run) sheds(s *serverShed, acc *ring, c shed.Class) bool {
	if acc.n > 0 && !s.estimates {
		h := acc.head
		if req := &r.requests[acc.ids[h]]; uint64(req.gen) == acc.stamps[h] && !req.clientDone {
			return !s.sh.AdmitWait(max(r.now-req.arrived, 0), c)
		}
	}
	return !s.sh.Admit(r.now, r.liveQueue(acc, s), c)
}

// refuseArrival answers an arrival of endpoint es, which never got a
// request slot, as rejected (shed). (The same counting as arrive's own
// refusal for want of a worker and room, with the tenant's.)
func (r *Run) refuseArrival(es *endpointState) {
	es.total[Rejected]++
	es.bucket.Outcomes[Rejected]++
	r.countRefused(es, r.now)
	if es.tenancy != nil {
		r.tenantRefused(es, r.now)
	}
}

// observeService feeds a finished request's time on its worker into the
// shedder's service-time estimate, when its signal is the Estimated one
// that reads it.
func (r *Run) observeService(s *serverShed, req *request, es *endpointState) {
	if !s.estimates {
		return
	}
	var d time.Duration
	if es.dep >= 0 {
		d = r.now - req.callStart // the handler started its call as it took the worker
	}
	s.sh.Observe(d)
}
