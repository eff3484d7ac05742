package engine

import "time"

// How a run simulates connection pools (pools.go). startCall (or
// enterFast, fastpath.go) asks connReady for a connection before it sends
// an attempt; the attempt then either has one (idle, or dialled at once),
// or waits for a dial or for a connection to come free, parked: the pool
// resumes it with sendCall. The connection goes back idle when the call
// answers (callReturned, returnLayers), and is closed when the caller
// gives up on it (abandonWith, resultFast). Who waits where is kept
// beside the request slab (holds), so a request is no larger for it.
//
// A caller that gives up closes its connection before any of its layers
// lets go (abandonWith, resultFast, resultFlat put the connection first),
// because that is Go's order: when a request's context ends, the
// Transport's roundTrip (net/http/transport.go in Go 1.26: the select's
// `case <-ctxDoneChan`, line 2949) calls pc.cancelRequest (line 2958),
// whose closeLocked (line 2992) drops the host's count with
// decConnsPerHost (line 2998) and closes the connection; roundTrip then
// returns on pc.closech (`case <-pcClosed`, line 2928), client.Do
// returns, and only then does the handler free its semaphore's permit.
// Freed first, the permit went at once to a caller waiting for it, which
// took a connection while the abandoned one still counted: go-server's
// protected design held 61 connections with 60 permits.
//
// A host's dials are kept out of the event queue as its timeouts are
// (timers.go): a dial mostly takes the pool's Dial, so dials end in the
// order they start, and an unreachable host's all end together, when the
// fault is over. While it lasts every request dials anew, and most of them
// give up long before it ends; put in the queue, thousands of dials ending
// at one instant made every later one walk past them all. Each host keeps
// its dials that end in time order in a FIFO (dials) whose first alone is
// in the queue, as the evDialDone event it always was, with the time and
// seq it was given when the dial started; when it comes up, the dials
// behind it whose attempts have moved on (given up, or the process
// restarted) are dropped without being events, and the first one left
// takes its place. A dial that would end before the FIFO's last (one that
// fails at the dial timeout) is an event of its own, as all were.

// Where an attempt stands with its pool.
const (
	connNone uint8 = iota
	connWaiting
	connDialing
	connHeld
)

// poolRun is the pools' state in a run.
type poolRun struct {
	pools []poolState
	// at gives, per front dependency, its pool (-1: none) and its host
	// within the pool: one slice, so that an attempt finds both with one
	// index and one bounds check.
	at    []poolAt
	holds []connHold // per request slot
	// poolTab and hostTab point at each pool and each host (link), hosts
	// numbered across the pools (poolAt.gh), nil past them: an attempt's
	// steps (connReady, handlePool, putConn) find both read at a uint8,
	// no bounds check nor multiply, as Run.epAt. A system has at most
	// MaxPools pools and a host per front dependency (MaxEndpoints).
	poolTab [256]*poolState
	hostTab [256]*hostState
	// frozen stops connections being handed out while the process dies
	// (oomKill).
	frozen bool
	// epoch counts the process's restarts: a dial that runs on after its
	// caller gave up (Pool.AbandonedDial) is an event that carries it, and
	// one from before a restart finds its connection gone with the process.
	epoch uint32
}

// poolAt is where a dependency's attempts take their connections: pool
// pool's host host.
type poolAt struct {
	pool, host int16
	gh         uint8 // the host's index across the pools (poolRun.hostTab)
}

// The tables cover every pool and host a valid system has: MaxPools
// pools, a host per front dependency (MaxEndpoints, run.go's assertion).
var _ [256 - MaxPools]struct{}

// link points poolTab and hostTab at pr's pools and hosts, and numbers
// each dependency's host across the pools: initPools' step once the
// hosts are all made, and a copy's (cloneTasksInto) once they are its
// own. Past them the tables hold nil (a new poolRun; a copy's source had
// as many).
func (pr *poolRun) link() {
	var base [MaxPools]int
	n := 0
	for i := range pr.pools {
		ps := &pr.pools[i]
		pr.poolTab[i] = ps
		base[i] = n
		for k := range ps.hosts {
			pr.hostTab[n] = &ps.hosts[k]
			n++
		}
	}
	for i := range pr.at {
		if at := &pr.at[i]; at.pool >= 0 {
			at.gh = uint8(base[at.pool] + int(at.host))
		}
	}
}

// noCap stands for a cap of zero (none) in poolState.size and
// hostState.perHost, so that room compares once for each cap.
const noCap = int(^uint(0) >> 1)

// poolState is one pool.
type poolState struct {
	cfg   *Pool
	hosts []hostState
	// size is cfg.Size, noCap for none: read on every attempt, kept here
	// to spare the read through cfg and the test for zero (setCaps).
	size int
	// inUse counts connections held or being dialled; waiting the
	// attempts parked for one. dialling counts the part of inUse still
	// being dialled (an unreachable host's dials last as long as the
	// fault), so that a pane can tell them from connections that carry a
	// call.
	inUse, inUseMax       int
	dialling, diallingMax int
	waiting, waitingMax   int
	acquired              uint64 // connections handed to attempts
	waited                uint64 // of those, after a wait
	waitSum, waitMax      time.Duration
	refused               uint64 // attempts that waited the pool's Wait in vain
	gaveUp                uint64 // attempts whose caller gave up while they waited
	dials, dialFailures   uint64
	closed                uint64 // connections closed because the caller gave up
	// dialsAbandoned counts dials whose caller gave up before they
	// connected: cancelled, or run on (Pool.AbandonedDial).
	dialsAbandoned uint64
	idleClosed     uint64 // answered ones closed: their host had IdlePerHost idle
	series         []PoolSample
}

// hostState is a pool's connections to one host.
type hostState struct {
	dep      int // a dependency that calls it: its faults decide a dial
	perHost  int // the pool's PerHost, noCap for none, as poolState.size
	idleCap  int // the pool's IdlePerHost, noCap for none
	inUse    int
	inUseMax int // for a fork (tasks_fork.go)
	dialling int // of inUse, as the pool's
	orphans  int // of dialling, dials whose caller gave up (runOn)
	idle     int
	waiting  int
	waiters  ring
	// dials holds its dials under way that end in time order; the first
	// is in the event queue.
	dials waitRing
}

// connHold is an attempt's place in its pool.
type connHold struct {
	state uint8
	// fails and until are a dial's (connDialing): whether it fails, and
	// when it ends (noDialEnd: never), for a dial that runs on once its
	// caller has given up (Pool.AbandonedDial), which has no other record
	// of them that its hold can find.
	fails bool
	poolAt
	tok   uint32
	since time.Duration // when it began to wait
	until time.Duration
}

// noDialEnd is a dial's end (connHold.until) when it has none: an
// unreachable host with no dial timeout, whose fault has no end, never
// connects.
const noDialEnd = time.Duration(-1)

// PoolSample is one time-series bucket of a pool, read at its end.
type PoolSample struct {
	InUse, Waiting int32
}

func (r *Run) initPools(samples int) {
	sys := r.sys
	pr := &poolRun{pools: make([]poolState, len(sys.Pools)), at: make([]poolAt, len(r.dependencies))}
	index := map[string]int{}
	for i := range sys.Pools {
		pr.pools[i] = poolState{cfg: &sys.Pools[i], series: make([]PoolSample, 0, samples)}
		index[sys.Pools[i].Name] = i
	}
	for i := range pr.at {
		pr.at[i].pool = -1
	}
	for i := range sys.Dependencies {
		name := sys.Dependencies[i].Pool
		if name == "" {
			continue
		}
		p := index[name]
		ps := &pr.pools[p]
		pr.at[i].pool = int16(p)
		// An attempt that must wait for a connection is parked by the
		// pipeline; enterFast asks for a connection as startCall does
		// and leaves such an attempt to it, but the plain fast path
		// does not ask: the dependency's calls walk their layers.
		ds := &r.dependencies[i]
		ds.pooled = true
		ds.fastLayers = ds.fast
		if ps.cfg.Kind == DatabasePool && len(ps.hosts) > 0 {
			continue // one database: every query shares its connections
		}
		pr.at[i].host = int16(len(ps.hosts))
		ps.hosts = append(ps.hosts, hostState{dep: i})
	}
	for i := range pr.pools {
		pr.pools[i].setCaps()
	}
	pr.link()
	r.pools = pr
}

// setCaps sets ps's and its hosts' caps from its configuration (a run's,
// or a fork's: rebaseTasks).
func (ps *poolState) setCaps() {
	ps.size = orNoCap(ps.cfg.Size)
	for k := range ps.hosts {
		ps.hosts[k].perHost = orNoCap(ps.cfg.PerHost)
		ps.hosts[k].idleCap = orNoCap(ps.cfg.IdlePerHost)
	}
}

// orNoCap is c, a cap, or noCap for zero (none).
func orNoCap(c int) int {
	if c == 0 {
		return noCap
	}
	return c
}

// room reports whether the pool may hand out one more connection to hs.
func (ps *poolState) room(hs *hostState) bool {
	return ps.inUse < ps.size && hs.inUse < hs.perHost
}

// take counts a connection to hs as in use.
func (ps *poolState) take(hs *hostState) {
	// The counts in locals: the maximums then compare them without
	// reading back what was just stored.
	n, m := ps.inUse+1, hs.inUse+1
	ps.inUse, hs.inUse = n, m
	if n > ps.inUseMax {
		ps.inUseMax = n
	}
	if m > hs.inUseMax {
		hs.inUseMax = m
	}
}

// dialStarted counts an attempt's connection to hs as being dialled: the
// attempt's hold has just become connDialing. ds, the attempt's edge,
// counts it too: a database pool's one host has every edge's dials, and
// a sample tells each edge's own (DependencySample.Dialling).
func (ps *poolState) dialStarted(hs *hostState, ds *dependencyState) {
	ps.dialling++
	hs.dialling++
	ds.dialling++
	ps.diallingMax = max(ps.diallingMax, ps.dialling)
}

// dialEnded counts a dial to hs along ds as over (connected, failed, or
// given up on): the attempt's hold has just left connDialing.
func (ps *poolState) dialEnded(hs *hostState, ds *dependencyState) {
	ps.dialling--
	hs.dialling--
	ds.dialling--
}

// hold is request id's connHold, the slice grown to hold it.
func (pr *poolRun) hold(id int32) *connHold {
	for int(id) >= len(pr.holds) {
		pr.holds = append(pr.holds, connHold{})
	}
	return &pr.holds[id]
}

// connReady gets request id's attempt a connection, if its dependency
// draws on a pool: true when it has one now, false when it is parked (for
// a dial or a free connection) or refused.
func (r *Run) connReady(id int32, req *request) bool {
	pr := r.pools
	at := pr.at[req.dep]
	if at.pool < 0 {
		return true
	}
	var h *connHold
	if int(id) < len(pr.holds) {
		h = &pr.holds[id]
	} else {
		h = pr.hold(id)
	}
	h.poolAt = at
	ps := pr.poolTab[uint8(at.pool)] // poolRun.poolTab: no bounds check
	hs := pr.hostTab[at.gh]
	if hs.idle > 0 && ps.inUse < ps.size {
		// connect's common case, taken here: an idle connection. The
		// pool's cap alone can stop it, not the host's: a host opens a
		// connection (dials) only when it has no idle one, so its open
		// ones (in use and idle) never outnumber the most it had in use
		// at once, which its cap bounds (and a fork changes the cap only
		// to one at least that most: tasksKnobsUnused).
		if debugChecks && !ps.room(hs) {
			panic("engine: a host has an idle connection and no room")
		}
		ps.take(hs)
		hs.idle--
		h.state = connHeld
		ps.acquired++
		return true
	}
	if ps.room(hs) {
		return r.connect(id, req, h, ps, hs)
	}
	h.state = connWaiting
	h.tok++
	h.since = r.now
	// ring.push's common case inlined (pushRoom): push's call was not,
	// and every attempt that waits takes it.
	if q := &hs.waiters; !q.pushRoom(id, stamp(req.gen, h.tok)) {
		q.push(id, stamp(req.gen, h.tok))
	}
	hs.waiting++
	ps.waiting++
	ps.waitingMax = max(ps.waitingMax, ps.waiting)
	r.armTimeout(id, req, r.dep(req), 0, false)
	if w := ps.cfg.Wait; w > 0 {
		r.scheduleEvent(r.now+w, evConnWait, id, req.gen, h.tok, 0)
	}
	return false
}

// connect hands request id (req is its slot) a connection to hs, which
// has room: an idle one at once (true), else a new one, which may take a
// dial (false: the attempt is parked until it is done).
func (r *Run) connect(id int32, req *request, h *connHold, ps *poolState, hs *hostState) bool {
	ps.take(hs)
	if hs.idle > 0 {
		hs.idle--
		h.state = connHeld
		ps.acquired++
		return true
	}
	ps.dials++
	ds := r.dep(req) // the attempt's edge: hd below is the host's
	after, fails := ps.cfg.Dial, false
	// faultAt's common case written out (its call, too large to inline
	// here, was some 15 instructions a dial in go-server's hang, where
	// most attempts dial): the fault in force until faultUntil.
	hd := &r.dependencies[hs.dep]
	f := hd.fault
	if r.now >= hd.faultUntil {
		f = hd.faultAt(r.now)
	}
	if f != nil && f.Kind == Unreachable {
		// A host that drops every packet answers no SYN either: the dial
		// connects once the fault is over, unless the dial timeout comes
		// first. A Hang is not here: a hung application's kernel still
		// completes the handshake (and Go's http.Server goes on
		// accepting while its handlers are stuck), so the dial takes its
		// usual time and the call sent on it is what hangs (response).
		timeout := ps.cfg.DialTimeout
		switch {
		case f.To > 0 && (timeout == 0 || f.To-r.now+after < timeout):
			after = f.To - r.now + after
		case timeout > 0:
			after, fails = timeout, true
		default:
			h.state = connDialing
			h.until = noDialEnd
			ps.dialStarted(hs, ds)
			h.tok++
			r.armTimeout(id, req, ds, 0, false)
			return false
		}
	}
	if after == 0 {
		h.state = connHeld
		ps.acquired++
		return true
	}
	h.state = connDialing
	ps.dialStarted(hs, ds)
	h.tok++
	h.since = r.now
	h.until, h.fails = r.now+after, fails
	// The dial is spent inside the attempt's timeout, judged as a call's
	// answer is: a timeout no longer than the dial arms now; a dial that
	// ends sooner has armTimeout do nothing (unless a timer deferred at a
	// bulkhead wait is due to be armed), so it is not called. For a fork
	// (fork.go) counted now (sendDialled counts it again with the call);
	// one that fails ends the attempt after the dial timeout.
	ds.maxAfter = max(ds.maxAfter, after)
	if at := r.now + after; at >= req.timeoutAt || int(id) < len(r.deferred) && r.deferred[id].seq != 0 {
		r.armTimeout(id, req, ds, at, true)
	}
	at := r.now + after
	w := &hs.dials
	if fails || (w.n > 0 && at < w.items[(w.head+w.n-1)&(len(w.items)-1)].at) {
		r.schedule(event{at: at, kind: evDialDone, req: id, gen: req.gen, tok: h.tok, err: fails})
		return false
	}
	if w.n == len(w.items) {
		if w.n > 2 {
			r.dropDeadDials(w)
		}
		if w.n == len(w.items) {
			w.grow()
		}
	}
	// waitRing.add written out (room tested above): a call fewer a dial.
	r.seq++
	p := &w.items[(w.head+w.n)&(len(w.items)-1)]
	w.n++
	*p = timerWait{at: at, seq: r.seq, req: id, gen: req.gen, tok: h.tok}
	if w.n == 1 {
		queueDial(&r.queue, h.pool, h.host, p)
	}
	return false
}

// queueDial puts p, the first dial of host `host` of pool `pool`, in the
// event queue with its own time and seq; dep names the FIFO (0 is a
// dial's own event).
func queueDial(q *eventQueue, pool, host int16, p *timerWait) {
	dep := 1 + int32(pool)<<16 + int32(host)
	if c := q.placeAt(p.at, p.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = p.req, p.gen, p.tok, dep, evDialDone, false
		return
	}
	q.pushFar(event{at: p.at, seq: p.seq, kind: evDialDone, req: p.req, gen: p.gen, tok: p.tok, dep: dep})
}

// dialDue moves the FIFO of dials whose first is e, which has come up
// (and is handled as any dial's end after this), past e: the dials behind
// it whose attempts have moved on are dropped, and the first one left
// goes into the queue. It runs before e is handled, so that a dial started
// meanwhile finds the FIFO as it is.
func (r *Run) dialDue(e *event) {
	pool, host := int16((e.dep-1)>>16), int16((e.dep-1)&0xffff)
	w := &r.pools.pools[pool].hosts[host].dials
	items, mask := w.items, len(w.items)-1
	h, n := w.head+1, w.n-1
	for ; n > 0; h, n = h+1, n-1 {
		if p := &items[h&mask]; r.dialLive(p) {
			queueDial(&r.queue, pool, host, p)
			break
		}
	}
	w.head, w.n = h&mask, n
	e.dep = 0
}

// dropDeadDials drops from w, a host's FIFO of dials, which is full, the
// dials between its first and its last that dialLive says can do nothing,
// keeping the order of the rest, as waitRing.dropEnded drops ended timers
// (timers.go: why the first and the last stay, and why dropping sooner
// changes nothing). Its loop asks dialLive inlined: through a func value,
// each dial's test was a call, and an unreachable host (go-server's
// provider, made so) fills its FIFO every few hundred dials.
func (r *Run) dropDeadDials(w *waitRing) {
	items, mask := w.items, len(w.items)-1
	kept := 1
	// The dials between the first and the last lie in at most two runs of
	// the array, read in order; a kept dial moves back to the next place
	// kept, one already read.
	from, left := (w.head+1)&mask, w.n-2
	for left > 0 {
		run := items[from:min(from+left, len(items))]
		for k := range run {
			if p := &run[k]; r.dialLive(p) {
				items[(w.head+kept)&mask] = *p
				kept++
			}
		}
		left -= len(run)
		from = 0
	}
	w.dropped(kept)
}

// dialLive reports whether dial p still has something to do when it comes
// up, as handlePool checks it: a dial whose request or attempt has moved
// on does nothing, and never will again (a slot's generation and an
// attempt's token only grow).
func (r *Run) dialLive(p *timerWait) bool {
	holds := r.pools.holds
	return r.requests[p.req].gen == p.gen && int(p.req) < len(holds) && holds[p.req].tok == p.tok && holds[p.req].state == connDialing
}

// sendDialled sends request id's attempt once its connection's dial, which
// took dial, is done. For a fork (fork.go) the dial counts in the longest
// a call takes to answer: it was spent inside the attempt's timeout.
func (r *Run) sendDialled(id int32, req *request, ds *dependencyState, dial time.Duration) {
	before := ds.maxAfter
	ds.maxAfter = 0
	r.sendCall(id, req, ds)
	if ds.maxAfter != noArrival {
		ds.maxAfter = max(before, ds.maxAfter+dial)
	}
}

// handlePool handles a dial's end and a wait's limit.
func (r *Run) handlePool(e *event) {
	if e.dep != 0 {
		r.dialDue(e) // the first of a host's FIFO of dials
	}
	req := &r.requests[e.req]
	pr := r.pools
	if req.gen != e.gen || int(e.req) >= len(pr.holds) {
		return
	}
	h := &pr.holds[e.req]
	if h.tok != e.tok {
		return
	}
	ps := pr.poolTab[uint8(h.pool)]
	hs := pr.hostTab[h.gh]
	ds := r.dep(req) // once: a store through h or ps may alias it for the compiler
	switch {
	case e.kind == evDialDone && h.state == connDialing:
		ps.dialEnded(hs, ds)
		if e.err {
			h.state = connNone
			ps.dialFailures++
			r.giveBack(ps, hs)
			r.exit(e.req, len(ds.layers), resError)
			return
		}
		h.state = connHeld
		ps.acquired++
		r.sendDialled(e.req, req, ds, r.now-h.since)
	case e.kind == evConnWait && h.state == connWaiting:
		h.state = connNone
		hs.waiting--
		ps.waiting--
		ps.refused++
		r.exit(e.req, len(ds.layers), resBulkheadFull)
	}
}

// putConn ends request id's hold on its pool: a connection whose call
// answered goes back idle; one whose caller gave up is closed, and so is
// a dial under way; a wait ends. ds is the attempt's edge, which every
// caller holds: looked up here, a dial's end cost the request's slot
// and its dependency again.
func (r *Run) putConn(id int32, ds *dependencyState, answered bool) {
	pr := r.pools
	if int(id) >= len(pr.holds) {
		return
	}
	h := &pr.holds[id]
	state := h.state
	if state == connNone {
		return
	}
	ps := pr.poolTab[uint8(h.pool)]
	hs := pr.hostTab[h.gh]
	h.state = connNone
	h.tok++
	if state == connHeld {
		// The common case first, and connBack's steps in its own lines:
		// the switch tested a waiting and a dialling hold before it, and
		// connBack, not inlined, was a call on every answer.
		ps.inUse--
		hs.inUse--
		if answered {
			hs.idle++
			if ps.waiting > 0 && r.handsBack(ps, hs) {
				r.handBack(ps, hs)
			}
			if hs.idle > hs.idleCap { // connBack's cap, after the hand-out
				hs.idle--
				ps.idleClosed++
			}
			return
		}
		ps.closed++
		if ps.waiting > 0 && r.handsBack(ps, hs) {
			r.handBack(ps, hs)
		}
		return
	}
	switch state {
	case connWaiting:
		hs.waiting--
		ps.waiting--
		ps.gaveUp++
		return
	case connDialing:
		if pr.frozen {
			// The process dies (oomKill): its dials die with it, whatever
			// its transport would have done with them.
			ps.dialEnded(hs, ds)
			break
		}
		ps.dialsAbandoned++
		if ps.cfg.AbandonedDial == DialRunsOn {
			// The edge's count is its attempts' (DependencySample.Dialling:
			// calls made that wait on a dial); the pool's and the host's
			// are their connections', and this one is still being dialled.
			ds.dialling--
			r.runOn(h, hs)
			return
		}
		ps.dialEnded(hs, ds)
	}
	r.giveBack(ps, hs)
}

// connBack takes a connection to hs that has a call behind it (answered,
// or dialled: runOn's) back into ps.
func (r *Run) connBack(ps *poolState, hs *hostState) {
	hs.idle++
	r.giveBack(ps, hs)
	// The connection went to an attempt waiting for its host, if giveBack
	// found one; else it is kept idle under the host's cap, or closed past
	// it (Pool.IdlePerHost: Go hands it to a waiter first too). Tested
	// after the hand-out, so that the waiter's case costs a return
	// nothing.
	if hs.idle > hs.idleCap {
		hs.idle--
		ps.idleClosed++
	}
}

// runOn keeps the dial of hold h to hs, whose caller has just given up on
// it, running to its end, where orphanDone takes its connection
// (Pool.AbandonedDial, DialRunsOn): it stays in use and dialling, for the
// host and its pool, until then. The attempt's own dial event is stale now (its token moved on),
// and the hold will be its slot's next request's, so the dial's end is an
// event of its own, made from what the hold kept of it. A dial with no
// end holds its room until the process restarts, as a real connect to a
// host that drops SYNs does until the kernel gives up on it.
func (r *Run) runOn(h *connHold, hs *hostState) {
	hs.orphans++
	if h.until == noDialEnd {
		return
	}
	r.schedule(event{at: h.until, kind: evOrphanDial, req: -1, gen: r.pools.epoch, dep: int32(h.pool)<<16 | int32(h.host), err: h.fails})
}

// orphanDone ends a dial that ran on after its caller gave up (runOn): a
// connection goes to the first attempt waiting for its host, or idle,
// as an answered call's does (Go's dialConnFor: putOrCloseIdleConn when
// tryDeliver finds nobody); a failed one frees its room.
func (r *Run) orphanDone(e *event) {
	pr := r.pools
	if e.gen != pr.epoch {
		return // its process has restarted since: the dial went with it
	}
	ps := &pr.pools[e.dep>>16]
	hs := &ps.hosts[e.dep&0xffff]
	hs.orphans--
	ps.dialling--
	hs.dialling--
	if e.err {
		ps.dialFailures++
		r.giveBack(ps, hs)
		return
	}
	r.connBack(ps, hs)
}

// giveBack counts a connection to hs as no longer in use, and hands the
// room it leaves to the attempt that has waited longest among the hosts
// with room (handOut). Most connections come back with nobody waiting,
// so that test is all a return costs past the counts, inlined where the
// connection comes back.
//
// And a host that waits has no room: an attempt waits only when it finds
// none (connReady), and each return gives the room it leaves away at once,
// here. So a return gives room to hs alone, unless the pool as a whole was
// full, when every host gains its share and handOut walks them all: while
// the pool had room, hs's first waiter, if any, is the one, and nobody
// else can be. In go-inventory's sweeps the inventory host's attempts wait
// through the hang, and each of its connections that came back walked the
// pool's hosts twice (for the waiter, then again for none), and each of
// search-index's once, for nothing. TestPoolHandsOutAsItDid runs this
// against the walk on every return; under debugChecks each return that
// hands nothing out checks that no waiting host had room.
func (r *Run) giveBack(ps *poolState, hs *hostState) {
	ps.inUse--
	hs.inUse--
	if ps.waiting > 0 && r.handsBack(ps, hs) {
		r.handBack(ps, hs)
	}
}

// handsBack reports whether a connection just come back to hs (counted
// off ps and hs already), while attempts wait, may have room to hand out:
// only to hs's own (the pool had room: handBack), or to any
// host's when the pool as a whole was full. A return to a host nobody
// waits for, while another host's attempts wait (go-inventory's search
// index while its inventory host backs up), called handBack for nothing.
func (r *Run) handsBack(ps *poolState, hs *hostState) bool {
	return hs.waiting > 0 || ps.inUse+1 >= ps.size || debugChecks && r.skipChecked(ps)
}

// skipChecked is handsBack's skip under debugChecks: the walking run of
// TestPoolHandsOutAsItDid walks as before (true), any other checks that
// the skip handed nothing out that a walk would have (false). Not inlined:
// handsBack, with it, was too large to inline where a connection comes back.
//
//go:noinline
func (r *Run) skipChecked(ps *poolState) bool {
	if walkEveryReturn {
		return true
	}
	r.handedNothing(ps)
	return false
}

// handBack is giveBack's hand-out of the room a connection to hs left, in
// a pool where attempts wait.
func (r *Run) handBack(ps *poolState, hs *hostState) {
	full := ps.inUse+1 >= ps.size // before the return (noCap: never)
	switch {
	case full || (debugChecks && walkEveryReturn):
		r.handOut(ps)
	case hs.waiting > 0 && !r.pools.frozen:
		r.handTo(ps, hs, r.firstWaiter(hs))
	case debugChecks:
		r.handedNothing(ps)
	}
}

// Under debugChecks: walkEveryReturn makes giveBack walk the hosts on
// every return, as it did before it knew better (the test that compares
// the two sets it), and handedNothingCount counts the returns that handed
// nothing out, so that the test knows it saw some.
var (
	walkEveryReturn    bool
	handedNothingCount int
)

// handedNothing is giveBack's check of a return that handed nothing out
// (debugChecks): no host of ps that has attempts waiting may have room.
func (r *Run) handedNothing(ps *poolState) {
	handedNothingCount++
	if r.pools.frozen {
		return
	}
	for k := range ps.hosts {
		if w := &ps.hosts[k]; w.waiting > 0 && ps.room(w) {
			panic("engine: a pool's host has attempts waiting and room for one")
		}
	}
}

// handOut gives the room ps has to the attempts waiting for it, the one
// that has waited longest first, among the hosts with room.
func (r *Run) handOut(ps *poolState) {
	pr := r.pools
	for ps.waiting > 0 && !pr.frozen {
		best, id := -1, int32(0)
		var bestSince time.Duration
		for k := range ps.hosts {
			w := &ps.hosts[k]
			if w.waiting == 0 || !ps.room(w) {
				continue
			}
			first := r.firstWaiter(w)
			if since := pr.holds[first].since; best < 0 || since < bestSince {
				best, bestSince, id = k, since, first
			}
		}
		if best < 0 {
			return
		}
		r.handTo(ps, &ps.hosts[best], id)
	}
}

// handTo gives hs's room to id, the first of its waiters.
func (r *Run) handTo(ps *poolState, hs *hostState, id int32) {
	if debugChecks && !ps.room(hs) {
		panic("engine: a connection handed to a host with no room")
	}
	hs.waiters.pop()
	h := &r.pools.holds[id]
	hs.waiting--
	ps.waiting--
	ps.waited++
	wait := r.now - h.since
	ps.waitSum += wait
	ps.waitMax = max(ps.waitMax, wait)
	if req := &r.requests[id]; r.connect(id, req, h, ps, hs) {
		r.sendCall(id, req, r.dep(req))
	}
}

// firstWaiter drops the stale entries at the head of hs's waiters (their
// attempts gave up or were refused) and returns the first live one; hs
// has a live waiter.
//
// An entry goes stale only as its wait ends without a hand-out (putConn,
// handlePool's limit), which counts it off hs.waiting and leaves it in the
// ring: so while the ring holds no more entries than hs.waiting, none is
// stale, and the head is the first live one without the test of its hold
// and slot (in go-inventory's sweeps a timed-out call's connection goes
// to the next waiter some 6 million times, and the ring had a stale head
// at almost none of them).
func (r *Run) firstWaiter(hs *hostState) int32 {
	q := &hs.waiters
	if q.n == hs.waiting {
		id := q.ids[q.head]
		if debugChecks {
			if h := &r.pools.holds[id]; h.state != connWaiting || stamp(r.requests[id].gen, h.tok) != q.stamps[q.head] {
				panic("engine: a host's waiters count no stale entry and its first is stale")
			}
		}
		return id
	}
	for {
		id, st := q.ids[q.head], q.stamps[q.head]
		h := &r.pools.holds[id]
		if h.state == connWaiting && stamp(r.requests[id].gen, h.tok) == st {
			return id
		}
		q.pop()
	}
}

// restart empties the pools: a new process has no connections.
func (pr *poolRun) restart() {
	pr.frozen = false
	pr.epoch++
	for i := range pr.pools {
		ps := &pr.pools[i]
		ps.inUse, ps.waiting, ps.dialling = 0, 0, 0
		for k := range ps.hosts {
			hs := &ps.hosts[k]
			hs.inUse, hs.idle, hs.waiting, hs.dialling, hs.orphans = 0, 0, 0, 0, 0
			hs.waiters.head, hs.waiters.n = 0, 0
		}
	}
	for i := range pr.holds {
		pr.holds[i].state = connNone
		pr.holds[i].tok++
	}
}

// closeBucket ends the pools' time-series buckets.
func (pr *poolRun) closeBucket() {
	for i := range pr.pools {
		ps := &pr.pools[i]
		ps.series = append(ps.series, PoolSample{InUse: int32(ps.inUse), Waiting: int32(ps.waiting)})
	}
}
