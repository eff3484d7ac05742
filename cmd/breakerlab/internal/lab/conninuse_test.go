package lab

import (
	"context"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync"
	"testing"
	"time"
)

// TestConnInUseCountsAsTheEngine: the Go server's connections in use, now
// and at most, count what the engine's pool counts (PoolSnapshot.InUse):
// those held by a call or being dialled, not the idle ones. The live view
// showed the calls' held connections as its current count beside the most
// connections open, idle ones included, as its peak: here a connection
// dialled while another call's went idle made the peak 2 for one call in
// use at a time.
func TestConnInUseCountsAsTheEngine(t *testing.T) {
	ln := loopbackSink(t)
	c := &connStats{cap: 2}
	dial := c.dial(&net.Dialer{Timeout: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	check := func(when string, wantNow, wantMost int) {
		t.Helper()
		now, dialling, most := c.inUseNow()
		if now != wantNow || dialling != 0 || most != wantMost {
			t.Fatalf("%s: %d in use (%d dialling), at most %d; want %d, none dialling, at most %d", when, now, dialling, most, wantNow, wantMost)
		}
	}
	// A call: its connection dialled, then held, then back idle.
	call := c.startCall(t, ctx)
	conn1, err := dial(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn1.Close()
	check("a call's connection dialled", 0, 1)
	call.gotConn()
	check("the call holding it", 1, 1)
	c.done(call.call, false)
	check("the call answered", 0, 1)
	// A connection the Transport dialled for a call that took an idle one
	// instead: open, never in use.
	conn2, err := dial(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	next := c.startCall(t, ctx)
	next.gotConn()
	check("a second call on the idle connection, one more open", 1, 1)
	if open := c.open.Load(); open != 2 {
		t.Fatalf("%d connections open, want 2", open)
	}
	// Mid-dial: the dial is in use, as the engine counts it.
	c.dialStarted()
	if now, dialling, most := c.inUseNow(); now != 2 || dialling != 1 || most != 2 {
		t.Fatalf("during a dial: %d in use (%d dialling), at most %d; want 2 (1 dialling), at most 2", now, dialling, most)
	}
	c.dialEnded()
	c.done(next.call, false)
	check("both over", 0, 2)
	// Read between an increment and the peak it stores: the peak is read
	// as the count at least. And a dial counted before the count that
	// holds it is read is not more than that count.
	c.busy.Store(3)
	c.dialling.Store(4)
	if now, dialling, most := c.inUseNow(); now != 3 || dialling != 3 || most != 3 {
		t.Fatalf("mid-increment: %d in use (%d dialling), at most %d; want 3 (3 dialling), at most 3", now, dialling, most)
	}
}

// loopbackSink listens on loopback and accepts every connection, which it
// holds open until the test ends: somewhere for connStats's dialer to
// connect.
func loopbackSink(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			defer conn.Close()
		}
	}()
	return ln
}

// tracedCall is a call started through connStats.trace, with its trace.
type tracedCall struct {
	call  *connCall
	trace *httptrace.ClientTrace
}

func (c *connStats) startCall(t *testing.T, ctx context.Context) tracedCall {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req, call := c.trace(req)
	return tracedCall{call: call, trace: httptrace.ContextClientTrace(req.Context())}
}

func (k tracedCall) gotConn() { k.trace.GotConn(httptrace.GotConnInfo{}) }

// TestConnInUseNeverPastItsPeak: however the counts move, a reading of
// the connections in use is never above the most in use it is read with,
// as a pane's bar and the footer's peak are drawn side by side. Calls and
// dials race a reader: an increment stores its peak a moment after the
// count rises, and a reader in between saw a count over its peak.
func TestConnInUseNeverPastItsPeak(t *testing.T) {
	c := &connStats{cap: 64}
	const workers, rounds = 8, 2000
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				if (w+i)%3 == 0 {
					c.dialStarted()
					c.dialEnded()
					continue
				}
				call := &connCall{}
				c.waiting.Add(1)
				if call.leave(c, callHeld) {
					c.inUse.Add(1)
					storeMax(&c.busyMax, c.busy.Add(1))
				}
				c.done(call, false)
			}
		}()
	}
	readerDone := make(chan int)
	go func() {
		reads := 0
		for {
			select {
			case <-stop:
				readerDone <- reads
				return
			default:
			}
			now, dialling, most := c.inUseNow()
			if now > most || dialling > now {
				t.Errorf("%d in use (%d dialling), at most %d", now, dialling, most)
				readerDone <- reads
				return
			}
			reads++
		}
	}()
	wg.Wait()
	close(stop)
	if reads := <-readerDone; reads == 0 {
		t.Fatal("the reader read nothing")
	}
	if now, dialling, most := c.inUseNow(); now != 0 || dialling != 0 || most < 1 || most > workers {
		t.Fatalf("at the end %d in use (%d dialling), at most %d; want none, at most between 1 and %d", now, dialling, most, workers)
	}
}

// TestClosedConnEndsItsHold: a connection the Transport closes under a
// call (a cancelled call's, before the call returns) is out of use from
// its Close on, not from the call's end: the Transport lets a waiting call
// dial a replacement as it closes the old one, and counted until the call
// returned, the two read 17 in use at most under a cap of 16. The call's
// end then counts it closed, and releases nothing twice.
func TestClosedConnEndsItsHold(t *testing.T) {
	ln := loopbackSink(t)
	c := &connStats{cap: 1}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := c.dial(&net.Dialer{Timeout: 5 * time.Second})(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	call := c.startCall(t, ctx)
	call.trace.GotConn(httptrace.GotConnInfo{Conn: conn})
	if now, _, _ := c.inUseNow(); now != 1 {
		t.Fatalf("%d in use with the call holding its connection, want 1", now)
	}
	conn.Close()
	if now, _, _ := c.inUseNow(); now != 0 || c.inUse.Load() != 0 || c.open.Load() != 0 {
		t.Fatalf("its connection closed: %d in use (%d held), %d open; want none", now, c.inUse.Load(), c.open.Load())
	}
	c.done(call.call, true)
	conn.Close()
	if now, _, most := c.inUseNow(); now != 0 || most != 1 || c.inUse.Load() != 0 || c.closed.Load() != 1 || c.gaveUp.Load() != 0 {
		t.Fatalf("the call over: %d in use (%d held, most %d), %d closed, %d gave up; want none in use, most 1, 1 closed, none gave up",
			now, c.inUse.Load(), most, c.closed.Load(), c.gaveUp.Load())
	}
	// A connection that outlives its call ends no hold when it closes:
	// the next call's, or none.
	conn2, err := c.dial(&net.Dialer{Timeout: 5 * time.Second})(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	first := c.startCall(t, ctx)
	first.trace.GotConn(httptrace.GotConnInfo{Conn: conn2})
	c.done(first.call, false)
	next := c.startCall(t, ctx)
	next.trace.GotConn(httptrace.GotConnInfo{Conn: conn2})
	c.done(first.call, false)
	if now, _, _ := c.inUseNow(); now != 1 {
		t.Fatalf("the next call on the reused connection: %d in use, want 1", now)
	}
	conn2.Close()
	c.done(next.call, true)
	if now, _, _ := c.inUseNow(); now != 0 || c.inUse.Load() != 0 {
		t.Fatalf("all over: %d in use (%d held), want none", now, c.inUse.Load())
	}
}
