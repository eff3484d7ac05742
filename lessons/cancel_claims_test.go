package lessons

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// Lesson 11 ("What carries the deadline") says a Go server cancels a
// request's context when the client closes its HTTP/1.1 connection, and,
// with HTTP/2, when the client resets just that request's stream while the
// connection stays open. net/http documents it on (*Request).Context
// (net/http/request.go: "the context is canceled when the client's
// connection closes, the request is canceled (with HTTP/2), or when the
// ServeHTTP method returns"); these tests hold the lesson to it on real
// loopback connections.

// cancelServer starts a server whose handler, for /wait, reports when its
// request's context ends and never answers on its own; /quick answers at
// once. It counts the connections it accepted.
func cancelServer(t *testing.T, h2c bool) (srv *httptest.Server, ended <-chan error, conns *atomic.Int32) {
	t.Helper()
	done := make(chan error, 1)
	conns = new(atomic.Int32)
	mux := http.NewServeMux()
	mux.HandleFunc("/wait", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush() // the client has its answer's head: only cancelling ends it
		select {
		case <-r.Context().Done():
			done <- r.Context().Err()
		case <-time.After(10 * time.Second):
			done <- errors.New("the request's context was never cancelled")
		}
	})
	mux.HandleFunc("/quick", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	srv = httptest.NewUnstartedServer(mux)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	if h2c {
		p := new(http.Protocols)
		p.SetUnencryptedHTTP2(true)
		srv.Config.Protocols = p
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, done, conns
}

func cancelledGet(t *testing.T, c *http.Client, url string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	cancel() // the caller gives up while the body is still to come
	_ = resp.Body.Close()
}

func TestGoServerCancelsTheContextWhenAnHTTP1ClientLeaves(t *testing.T) {
	srv, ended, _ := cancelServer(t, false)
	c := &http.Client{Transport: &http.Transport{}}
	cancelledGet(t, c, srv.URL+"/wait")
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("handler's context ended with %v, want context.Canceled", err)
	}
}

func TestGoServerCancelsOneHTTP2RequestAndKeepsTheConnection(t *testing.T) {
	srv, ended, conns := cancelServer(t, true)
	p := new(http.Protocols)
	p.SetUnencryptedHTTP2(true)
	tr := &http.Transport{Protocols: p}
	t.Cleanup(tr.CloseIdleConnections)
	c := &http.Client{Transport: tr}
	cancelledGet(t, c, srv.URL+"/wait")
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("handler's context ended with %v, want context.Canceled", err)
	}
	resp, err := c.Get(srv.URL + "/quick")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.ProtoMajor != 2 {
		t.Fatalf("the second request went over HTTP/%d, want HTTP/2", resp.ProtoMajor)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("the server accepted %d connections, want 1: the reset cancelled the request, not the connection", n)
	}
}
