package lab

import (
	"context"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"time"
)

// The Go server (issue 23): the same API written the way a Go service is.
// net/http runs every request on a goroutine of its own, so nothing refuses
// or queues a request for want of a worker; what a checkout's goroutine
// holds while it waits on the provider is a connection of the API's
// http.Transport, bounded by MaxConnsPerHost (a call past the cap parks in
// the Transport until a connection frees or its context ends), and in the
// protected mode a permit of the payment semaphore, taken with an
// acquisition deadline (Config.BulkheadWait) inside the call's context
// deadline. The modes:
//   - none: the call has no context deadline (context.Background, what
//     http.Post does): a goroutine waits as long as the provider takes,
//     and its client's leaving does not end it;
//   - timeout: context.WithTimeout on each call; a call whose deadline
//     passes is cancelled, and the Transport closes its connection;
//   - protected: the breaker, then the deadline, then the semaphore.
//
// This file holds what the Go server measures besides the thread-pool
// server's numbers: the handlers live at once (its goroutines), the
// semaphore's permits and waits, and the Transport's connections as the
// calls see them through httptrace.

// GoAPIHelp is the Go server's description, served on GET /.
const GoAPIHelp = `breakerlab sales API, written as a Go service: a goroutine per request
GET  /health    calls nothing: 200 {"status":"up"}
POST /checkout  charges at the provider through an http.Transport with
                MaxConnsPerHost and the mode's context deadline and
                semaphore: 200 paid, 503 refused at once (Problem Details,
                Retry-After), 504 the deadline passed, 502 the provider failed
GET  /metrics   Prometheus text format
`

// help is the API's own description for its server.
func (a *API) help() string {
	if a.cfg.Server == Go {
		return GoAPIHelp
	}
	return APIHelp
}

// Help is the running API's description, as GET / serves it.
func (l *Lab) Help() string { return l.API.help() }

// storeMax raises m to v if v is larger.
func storeMax(m *atomic.Int64, v int64) {
	for {
		old := m.Load()
		if v <= old || m.CompareAndSwap(old, v) {
			return
		}
	}
}

// liveCounter counts handlers running now and the most at once: on the
// Go server, the request goroutines alive (its tasks).
type liveCounter struct{ now, most atomic.Int64 }

func (c *liveCounter) enter() { storeMax(&c.most, c.now.Add(1)) }
func (c *liveCounter) leave() { c.now.Add(-1) }

// Max is the most handlers that ran at once.
func (c *liveCounter) Max() int { return int(c.most.Load()) }

// permitStats follows the protected mode's semaphore: permits held and
// calls waiting for one, now and at most.
type permitStats struct {
	held, heldMax       atomic.Int64
	waiting, waitingMax atomic.Int64
	waitedOut           atomic.Uint64 // waits that ended without a permit
}

func (p *permitStats) took()     { storeMax(&p.heldMax, p.held.Add(1)) }
func (p *permitStats) released() { p.held.Add(-1) }
func (p *permitStats) wait()     { storeMax(&p.waitingMax, p.waiting.Add(1)) }

// waited ends a wait, with a permit or without one.
func (p *permitStats) waited(got bool) {
	p.waiting.Add(-1)
	if got {
		p.took()
	} else {
		p.waitedOut.Add(1)
	}
}

// connStats is the Go server's Transport as its calls see it: a call waits
// from entering the Transport until it gets a connection (an idle one, or
// one another call freed) or the Transport starts dialling one for it,
// then holds it until its answer is read or it is cancelled. Its dialer
// counts the connections open, idle ones included.
type connStats struct {
	// inUse counts the connections calls hold; open, openMax those open.
	inUse         atomic.Int64
	open, openMax atomic.Int64
	// busy counts the connections in use as the engine counts a pool's
	// (PoolSnapshot.InUse): held by a call or being dialled, dialling
	// those being dialled, busyMax the most busy at once. The live view
	// sets them beside the simulation's: its in use counted held ones
	// alone and its peak the open ones, idle included, so its current
	// and its peak, and each against the simulation's, measured
	// different things.
	busy, busyMax         atomic.Int64
	dialling, diallingMax atomic.Int64
	// waiting counts the calls parked in the Transport for want of room,
	// as the engine's PoolSnapshot.Waiting counts its attempts: those
	// that came with every connection the cap allows in use (held or
	// being dialled: connCall.full) and have no connection nor a dial of
	// their own yet. A call that came with room takes an idle connection
	// or dials at once in the engine, and is no waiting call however
	// long the Transport takes to hand it one: counted from entering
	// the Transport, the moment each call spent reaching an idle
	// connection read as waiting (at most 1 in timeout 500 ms and
	// protected, where the engine reads 0). A call whose connection is
	// being dialled counts in use (busy) alone, not in both.
	waiting, waitingMax atomic.Int64
	acquired, gaveUp    atomic.Uint64
	waited, closed      atomic.Uint64
	dials, dialFailures atomic.Uint64
	// cap is the Transport's MaxConnsPerHost.
	cap int64
	// waitSum and waitMax are the waits of the calls that waited (waited),
	// in nanoseconds, each from the call's start until it was handed a
	// connection or a dial of its own started for it (connCall.leave):
	// as the engine measures a pool's (PoolSnapshot.WaitMean, WaitMax).
	// They ran to the connection, dial included, and the mean was over
	// every call, so a run whose calls dialled read a wait where the
	// simulation, with the same calls, read none.
	waitSum, waitMax atomic.Int64
	// now is the clock of the waits; nil is time.Now. A test sets its own,
	// so that what a wait includes is read exactly.
	now func() time.Time
}

// clock is the time now by c's clock.
func (c *connStats) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

// A call's place in the Transport (connCall.state): waiting for a
// connection, its connection being dialled, holding one, its connection
// closed under it (the Transport closes a cancelled call's connection
// before the call returns) or handed on to the next call before the call
// returns (hold), or over. A call leaves waiting once, for
// dialling, held or over, and ends over.
const (
	callWaiting int32 = iota
	callDialling
	callHeld
	callClosed
	callOver
)

// connCallKey is the request context's key to its connCall: the
// Transport dials with a context that keeps the request's values, so the
// dialer finds whose connection it dials.
type connCallKey struct{}

// connCall is one call's state: where it is in the Transport, and when it
// started waiting. GotConn and the dialer run on goroutines of the
// Transport's, so the state moves by compare-and-swap.
type connCall struct {
	start time.Time
	state atomic.Int32
	// conn is the connection it got, set and read on the call's own
	// goroutine (GotConn runs there, as done does).
	conn *countedConn
	// full: every connection the cap allows was in use (held or being
	// dialled, as the engine's pool counts its room) when the call came,
	// so it had to wait for one to be freed.
	full bool
}

// trace starts a call's wait and returns its request with the trace that
// ends the wait when the Transport hands it a connection.
func (c *connStats) trace(req *http.Request) (*http.Request, *connCall) {
	call := &connCall{start: c.clock(), full: c.busy.Load() >= c.cap}
	if call.full {
		storeMax(&c.waitingMax, c.waiting.Add(1))
	}
	t := &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) {
			if !call.leave(c, callHeld) {
				// The Transport retrying on another connection after
				// closing the first: held again, not handed a new one.
				if call.state.CompareAndSwap(callClosed, callHeld) {
					c.hold(call, info.Conn)
				}
				return
			}
			c.hold(call, info.Conn)
			c.acquired.Add(1)
		},
		ConnectStart: func(string, string) { c.dials.Add(1) },
		ConnectDone: func(_, _ string, err error) {
			if err != nil {
				c.dialFailures.Add(1)
			}
		},
	}
	ctx := context.WithValue(httptrace.WithClientTrace(req.Context(), t), connCallKey{}, call)
	return req.WithContext(ctx), call
}

// hold counts conn in use by call, and marks conn as the call's, so that
// closing it ends the hold.
// A connection handed on from a call to the next keeps one hold: the
// Transport hands it to a waiting call as the last call's answer is read,
// before that call ends (done), and counting both read 17 in use under a
// cap of 16 as a hang's 16 calls ended and their waiters took over
// (mode none, scale 0.25). The call it leaves counts as closed, released.
func (c *connStats) hold(call *connCall, conn net.Conn) {
	if k, ok := conn.(*countedConn); ok {
		call.conn = k
		if prev := k.holder.Swap(call); prev != nil && prev.state.CompareAndSwap(callHeld, callClosed) {
			return
		}
	}
	c.inUse.Add(1)
	storeMax(&c.busyMax, c.busy.Add(1))
}

// release counts a connection no longer in use.
func (c *connStats) release() {
	c.inUse.Add(-1)
	c.busy.Add(-1)
}

// leave moves the call from waiting or dialling to next (held or over),
// and from waiting to dialling; it stops counting the call as waiting if
// it was counted (a call that came to a full cap), and ends its wait
// unless it gave up (endWait). It reports
// whether the call moved: a call held or over stays.
func (call *connCall) leave(c *connStats, next int32) bool {
	for {
		s := call.state.Load()
		if s >= callHeld || (s == callDialling && next == callDialling) {
			return false
		}
		if call.state.CompareAndSwap(s, next) {
			if s == callWaiting && call.full {
				c.waiting.Add(-1)
				if next != callOver {
					c.endWait(call)
				}
			}
			return true
		}
	}
}

// endWait counts the wait of a call that came with the cap reached, now
// that it has a connection or a dial of its own: the engine's wait, which
// ends as an attempt parked for want of room is handed it (a dial after
// that is the connection's time in use, not the call's wait).
func (c *connStats) endWait(call *connCall) {
	if !call.full {
		return
	}
	wait := int64(c.clock().Sub(call.start))
	c.waited.Add(1)
	c.waitSum.Add(wait)
	storeMax(&c.waitMax, wait)
}

// dial opens a connection to the provider and counts it open until it is
// closed. It counts it once connected: the Transport lowers its own count
// of a host's connections just before it closes one, and a call that
// waited may dial its replacement at once; counted at the dial's start,
// the two could overlap by a moment.
func (c *connStats) dial(d *net.Dialer) func(context.Context, string, string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		// The call the dial is for waits no longer: its connection is
		// in use from here. If the dial fails the Transport gives the
		// call the error, and the call ends (done).
		if call, ok := ctx.Value(connCallKey{}).(*connCall); ok {
			call.leave(c, callDialling)
		}
		c.dialStarted()
		conn, err := d.DialContext(ctx, network, addr)
		c.dialEnded()
		if err != nil {
			return nil, err
		}
		storeMax(&c.openMax, c.open.Add(1))
		return &countedConn{Conn: conn, stats: c}, nil
	}
}

// dialStarted and dialEnded count a dial in use from its start to its end,
// as the engine counts a connection being dialled: its caller waits on it,
// and the cap counts it. A connection dialled goes on to a call (counted
// again at GotConn) or idle (not in use).
// busy rises before dialling and falls after it, so busy is never the
// smaller of the two.
func (c *connStats) dialStarted() {
	storeMax(&c.busyMax, c.busy.Add(1))
	storeMax(&c.diallingMax, c.dialling.Add(1))
}

func (c *connStats) dialEnded() {
	c.dialling.Add(-1)
	c.busy.Add(-1)
}

// inUseNow is the connections in use now (held or being dialled), the part
// being dialled, and the most in use at once. Each is read apart from the
// others, so a reading holds them to their order: the peak never less than
// the count (an increment stores its peak a moment after the count rises,
// and a reader in between saw a count above its peak), the dials never
// more than the count they are part of (a dial may start or end between
// the two loads).
func (c *connStats) inUseNow() (now, dialling, most int) {
	n, d := c.busy.Load(), c.dialling.Load()
	return int(n), int(min(d, n)), int(max(c.busyMax.Load(), n))
}

// countedConn lowers the count of open connections when it is closed, and
// ends the hold of the call it carries: as Close begins, not once the
// socket is shut, nor when the call returns, since the Transport has
// stopped counting the connection by then and a waiting call may already
// be dialling its replacement. A cancelled call's connection counted in
// use until the call returned read 17 in use at most under a cap of 16
// (--rate 40, timeout 500 ms), the replacement's dial counted beside it;
// under load the socket's close can take long enough for several such
// replacements to overlap.
type countedConn struct {
	net.Conn
	stats  *connStats
	holder atomic.Pointer[connCall]
	once   sync.Once
}

func (k *countedConn) Close() error {
	k.once.Do(func() {
		k.stats.open.Add(-1)
		if call := k.holder.Swap(nil); call != nil && call.state.CompareAndSwap(callHeld, callClosed) {
			k.stats.release()
		}
	})
	return k.Conn.Close()
}

// done ends a call: it frees its connection (the Transport closes it if
// the call was cancelled), or ends in vain its wait or the dial made for
// it (the dial, if it goes on, is counted by the dialer alone).
func (c *connStats) done(call *connCall, cancelled bool) {
	if !call.leave(c, callOver) {
		// The connection, if it stays open, goes idle or to another call:
		// its Close ends no hold of this one's. Exactly one of this and
		// its Close moves the call on from held and counts it released.
		if call.conn != nil {
			call.conn.holder.CompareAndSwap(call, nil)
		}
		switch {
		case call.state.CompareAndSwap(callHeld, callOver):
			c.release()
		case call.state.CompareAndSwap(callClosed, callOver):
			// released as its connection closed
		default:
			return // over already
		}
		if cancelled {
			c.closed.Add(1)
		}
		return
	}
	c.gaveUp.Add(1)
}

// GoStats is what the Go server measured over a run: its goroutines, its
// Transport's connections to the provider, its semaphore's permits.
type GoStats struct {
	// LiveMax is the most request handlers alive at once.
	LiveMax int
	// MaxConnsPerHost is the Transport's cap. InUseMax is the most
	// connections in use at once, held by a call or being dialled, as the
	// engine's pool and the live view count them (connStats.inUseNow),
	// DiallingMax the most of them being dialled; OpenMax the most open,
	// idle ones included (a connection closed on a deadline counts until
	// its Close begins, so it can pass the cap by one). WaitingMax is a
	// count, not a time: the most calls waiting at once for want of room,
	// those that came with every connection the cap allows in use (held
	// or being dialled) and had no connection nor a dial of their own
	// yet, as the engine's PoolSnapshot.WaitingMax (a call that came with
	// room, handed an idle connection or a dial a moment later, never
	// waited). Acquired counts the
	// connections handed to calls; Waited the calls that came with every
	// connection the cap allows in use (held or being dialled) and were
	// then handed one or a dial of their own, their wait, from the call's
	// start to that moment (its dial not included), WaitMean on average
	// over them and WaitMax at most: the engine's PoolSnapshot's
	// definitions, so the two sides' figures measure the same thing.
	// GaveUp counts the calls whose context ended before they got one;
	// Closed the connections closed because their call was cancelled.
	MaxConnsPerHost       int
	InUseMax, DiallingMax int
	OpenMax, WaitingMax   int
	Acquired, GaveUp      uint64
	Waited, Closed        uint64
	Dials, DialFailures   uint64
	WaitMean, WaitMax     time.Duration
	// PermitsMax and PermitWaitingMax: the most permits held and calls
	// waiting for one at once (the protected mode's).
	PermitsMax, PermitWaitingMax int
}

// goStats reads what the Go server measured.
func (a *API) goStats() GoStats {
	c := a.conns
	_, _, inUseMax := c.inUseNow()
	s := GoStats{
		InUseMax: inUseMax, DiallingMax: int(c.diallingMax.Load()),
		LiveMax:         a.live.Max(),
		MaxConnsPerHost: a.cfg.ConnsPerHost,
		OpenMax:         int(c.openMax.Load()), WaitingMax: int(c.waitingMax.Load()),
		Acquired: c.acquired.Load(), GaveUp: c.gaveUp.Load(),
		Closed: c.closed.Load(),
		Dials:  c.dials.Load(), DialFailures: c.dialFailures.Load(),
		PermitsMax: int(a.permits.heldMax.Load()), PermitWaitingMax: int(a.permits.waitingMax.Load()),
	}
	s.Waited, s.WaitMean, s.WaitMax = c.waits()
	return s
}

// waits is the calls that waited for a connection, and their wait on
// average and at most (connStats.waitSum).
func (c *connStats) waits() (waited uint64, mean, most time.Duration) {
	waited, most = c.waited.Load(), time.Duration(c.waitMax.Load())
	if waited > 0 {
		mean = time.Duration(c.waitSum.Load() / int64(waited))
	}
	return waited, mean, most
}

// settleTick is how often settle looks whether the handlers have ended.
const settleTick = time.Millisecond

// settle waits until no handler of the API is running, or until deadline,
// or until ctx ends, whichever comes first. A handler still running at the
// deadline is left to the shutdown, which ends its call (API.halt), after
// the figures are read: as the engine leaves a request still open at its
// run's end, counted neither waited nor given up.
func (a *API) settle(ctx context.Context, deadline time.Time) {
	if a.live.now.Load() == 0 {
		return
	}
	tick := time.NewTicker(settleTick)
	defer tick.Stop()
	end := time.NewTimer(time.Until(deadline))
	defer end.Stop()
	for a.live.now.Load() > 0 {
		select {
		case <-tick.C:
		case <-end.C:
			return
		case <-ctx.Done():
			return
		}
	}
}
