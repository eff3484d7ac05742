package lab

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// A call that comes with room under the cap is no waiting call, measured
// as simulated: the engine's PoolSnapshot.Waiting counts the attempts
// parked for want of room, and one with room takes an idle connection or
// dials at once. The lab counted every call waiting from entering the
// Transport to its connection, so a call handed an idle connection a
// moment later raised waiting_max to 1 where the engine read 0 (timeout
// 500 ms and protected, seed 5).
func TestWaitingCountsCallsParkedWithTheCapReached(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	c := &connStats{cap: 2}
	tr := &http.Transport{MaxConnsPerHost: 2, MaxIdleConnsPerHost: 2, DialContext: c.dial(&net.Dialer{Timeout: 5 * time.Second})}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	ended := make(chan error, 1)
	// One call after another: the first dials, the rest reuse its
	// connection, idle between them. None ever finds the cap reached.
	for i := range 5 {
		req, err := http.NewRequest(http.MethodGet, srv.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		req, cc := c.trace(req)
		endTraced(c, cc, client, req, func() bool { return false }, ended)
		if err := <-ended; err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
	}
	if c.acquired.Load() != 5 || c.dials.Load() != 1 {
		t.Fatalf("%d acquired, %d dials; want 5 and 1 (the test needs the idle connection reused)", c.acquired.Load(), c.dials.Load())
	}
	if most, now := c.waitingMax.Load(), c.waiting.Load(); most != 0 || now != 0 {
		t.Fatalf("%d waiting at most (%d now) with one call at a time under a cap of 2; want 0, as the engine counts a call with room", most, now)
	}
	if waited, _, _ := c.waits(); waited != 0 {
		t.Fatalf("%d waited; want 0", waited)
	}
}
