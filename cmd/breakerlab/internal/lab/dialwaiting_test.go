package lab

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// TestDiallingCallIsNotWaiting: a call whose connection is being dialled
// counts in use and not waiting, measured as simulated. The lab counted
// it in both (waiting from entering the Transport to getting its
// connection, the dial in use from start to end), so its waiting figure
// read one call per dial more than the engine's, with room under the cap.
// Both sides are held to what follows from counting it once: while the
// pool has room under its cap nothing waits, dials or not.
func TestDiallingCallIsNotWaiting(t *testing.T) {
	t.Run("simulated", func(t *testing.T) {
		// The lab's own model of the Go server with no deadline: its
		// first calls dial (5 ms each), later ones pile up at the cap.
		cfg := DefaultGoConfig(None)
		sc, v, err := SimScenario(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.New(sc, v, cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		diallingWithRoom, waited := 0, false
		for !r.Done() {
			r.Advance(time.Millisecond)
			p := r.Snapshot().Pools[0]
			if p.InUse < p.PerHost && p.Waiting != 0 {
				t.Fatalf("at %v: %d waiting with %d of %d in use (%d dialling)", r.Now(), p.Waiting, p.InUse, p.PerHost, p.Dialling)
			}
			if p.Dialling > 0 && p.InUse < p.PerHost {
				diallingWithRoom++
			}
			waited = waited || p.Waiting > 0
		}
		if diallingWithRoom == 0 || !waited {
			t.Fatalf("%d steps saw a dial with room under the cap, waiting seen: %v; the test needs both", diallingWithRoom, waited)
		}
	})
	t.Run("measured", func(t *testing.T) { diallingMeasured(t) })
}

// diallingMeasured drives a Transport capped at two connections on
// loopback whose dials the test holds open, and reads connStats at each
// step: two calls dialling, a third waiting behind the cap, then a call
// cancelled while its connection is still being dialled.
func diallingMeasured(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	// Each dial reports itself on entered and connects when the test
	// sends on release; stop frees any dial left when the test ends.
	entered, release, stop := make(chan struct{}, 8), make(chan struct{}), make(chan struct{})
	defer close(stop)
	d := &net.Dialer{Timeout: 5 * time.Second, ControlContext: func(context.Context, string, string, syscall.RawConn) error {
		entered <- struct{}{}
		select {
		case <-release:
			return nil
		case <-stop:
			return net.ErrClosed
		}
	}}
	c := &connStats{cap: 2}
	tr := &http.Transport{MaxConnsPerHost: 2, DialContext: c.dial(d)}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	ended := make(chan error, 8)
	call := func(ctx context.Context) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
		if err != nil {
			t.Error(err)
			return
		}
		req, cc := c.trace(req)
		go endTraced(c, cc, client, req, func() bool { return ctx.Err() != nil }, ended)
	}
	wait := func(what string, ch chan struct{}) {
		t.Helper()
		select {
		case <-ch:
		case <-time.After(5 * time.Second):
			t.Fatalf("no %s in 5 s", what)
		}
	}
	check := func(when string, wantNow, wantDialling, wantWaiting int) {
		t.Helper()
		// A call parks in the Transport a moment after trace counts it.
		deadline := time.Now().Add(5 * time.Second)
		for {
			now, dialling, _ := c.inUseNow()
			waiting := int(c.waiting.Load())
			if now == wantNow && dialling == wantDialling && waiting == wantWaiting {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d in use (%d dialling), %d waiting; want %d in use (%d dialling), %d waiting", when, now, dialling, waiting, wantNow, wantDialling, wantWaiting)
			}
			time.Sleep(time.Millisecond)
		}
	}
	ctx := context.Background()
	call(ctx)
	wait("first dial", entered)
	check("one call, its connection being dialled", 1, 1, 0)
	call(ctx)
	wait("second dial", entered)
	check("two calls dialling, the cap reached", 2, 2, 0)
	call(ctx)
	check("a third call behind the cap", 2, 2, 1)
	release <- struct{}{}
	release <- struct{}{}
	for range 3 {
		if err := <-ended; err != nil {
			t.Fatal(err)
		}
	}
	check("all three answered", 0, 0, 0)
	if c.waitingMax.Load() != 1 || c.acquired.Load() != 3 || c.gaveUp.Load() != 0 {
		t.Fatalf("at most %d waiting, %d acquired, %d gave up; want 1, 3 and 0", c.waitingMax.Load(), c.acquired.Load(), c.gaveUp.Load())
	}
	// A call cancelled while its connection is being dialled: it gave up,
	// its dial goes on in use (the Transport keeps the connection), and
	// nothing is taken from the waiting calls twice.
	tr.CloseIdleConnections()
	cctx, cancel := context.WithCancel(ctx)
	call(cctx)
	wait("a dial for the call to cancel", entered)
	cancel()
	if err := <-ended; err == nil {
		t.Fatal("the cancelled call was answered")
	}
	check("a call cancelled mid-dial", 1, 1, 0)
	if c.gaveUp.Load() != 1 {
		t.Fatalf("%d calls gave up, want the cancelled one", c.gaveUp.Load())
	}
	release <- struct{}{}
	check("its dial over, the connection idle", 0, 0, 0)
	if c.diallingMax.Load() != 2 {
		t.Fatalf("at most %d dialling, want 2", c.diallingMax.Load())
	}
}
