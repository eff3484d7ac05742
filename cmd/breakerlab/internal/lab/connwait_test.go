package lab

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// endTraced makes req, traced by c as call cc, through client, as the Go
// server makes its calls to the provider, reads the answer, ends the call
// (cancelled says whether its context ended) and sends its error on ended.
func endTraced(c *connStats, cc *connCall, client *http.Client, req *http.Request, cancelled func() bool, ended chan<- error) {
	resp, err := client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	c.done(cc, cancelled())
	ended <- err
}

// The Go server's wait for a connection is the engine's: it counts the
// calls that came with every connection the cap allows in use (held or
// being dialled), from the call's start until it is handed a connection
// or a dial of its own starts, and its mean is over them. The lab's ran
// to the connection, dial included, over every call, and took a call
// behind a dial as no wait: with the cap at one, a call whose dial took
// 300 ms and one that waited 350 ms behind it read 325 ms on average and
// no call waited, where the engine reads one call waiting 350 ms.
func TestGoConnectionWaitIsTheEnginesWait(t *testing.T) {
	answer := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		<-answer
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	defer close(answer)
	// The first dial waits for release; any later one connects at once.
	var dials atomic.Int32
	entered, release := make(chan struct{}, 4), make(chan struct{})
	d := &net.Dialer{Timeout: 5 * time.Second, ControlContext: func(context.Context, string, string, syscall.RawConn) error {
		if dials.Add(1) > 1 {
			return nil
		}
		entered <- struct{}{}
		select {
		case <-release:
			return nil
		case <-time.After(5 * time.Second):
			return net.ErrClosed
		}
	}}
	// The test's clock: a wait is read to the nanosecond, whatever the
	// machine's speed.
	var now atomic.Int64
	base := time.Unix(0, 0)
	c := &connStats{cap: 1, now: func() time.Time { return base.Add(time.Duration(now.Load())) }}
	tr := &http.Transport{MaxConnsPerHost: 1, DialContext: c.dial(d)}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	ended := make(chan error, 2)
	call := func() {
		req, err := http.NewRequest(http.MethodGet, srv.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		req, cc := c.trace(req)
		go endTraced(c, cc, client, req, func() bool { return false }, ended)
	}
	until := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %s in 5 s", what)
			}
		}
	}
	call() // at 0: room under the cap, so it dials at once
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("no dial in 5 s")
	}
	now.Store(int64(100 * time.Millisecond))
	call() // at 100 ms: the cap taken by the first call's dial
	until("second call waiting", func() bool { return c.waiting.Load() == 1 })
	now.Store(int64(300 * time.Millisecond))
	release <- struct{}{} // the first call's connection, after a 300 ms dial
	until("first call holding its connection", func() bool { return c.inUse.Load() == 1 })
	now.Store(int64(450 * time.Millisecond))
	answer <- struct{}{} // the first call's answer frees the connection for the second
	answer <- struct{}{}
	for range 2 {
		if err := <-ended; err != nil {
			t.Fatal(err)
		}
	}
	waited, mean, most := c.waits()
	if c.acquired.Load() != 2 || waited != 1 || mean != 350*time.Millisecond || most != 350*time.Millisecond {
		t.Fatalf("%d acquired, %d waited, %v on average, %v at most; want 2, 1 (the call behind the dial), 350ms and 350ms (its dial no wait of the first call's)",
			c.acquired.Load(), waited, mean, most)
	}
}
