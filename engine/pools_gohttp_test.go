package engine_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The idle cap (Pool.IdlePerHost) is checked against the real net/http:
// a client whose Transport keeps Go's default of idle connections a host
// calls a loopback server in rounds of n calls at once, and the server
// counts the connections it accepted; the engine runs the same pattern
// through a pool with that cap and counts its dials. They must agree, and
// for n past the cap the model without it (every connection kept) must
// not, or the comparison proves nothing. With MaxConnsPerHost below n the
// calls past it wait, and each connection that comes back goes to one of
// them (Transport.tryPutIdleConn's first step), not to the idle list: only
// the last batch's connections meet the idle cap.
func TestIdleCapMatchesNetHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("opens loopback sockets")
	}
	const rounds = 3
	for _, c := range []struct{ n, perHost int }{{1, 0}, {2, 0}, {3, 0}, {12, 0}, {12, 4}} {
		t.Run(fmt.Sprintf("%d at once, MaxConnsPerHost %d", c.n, c.perHost), func(t *testing.T) {
			real := realDials(t, c.n, rounds, c.perHost)
			capped := modelDials(t, c.n, rounds, c.perHost, http.DefaultMaxIdleConnsPerHost)
			t.Logf("net/http %d, engine %d", real, capped)
			if capped != real {
				t.Errorf("%d rounds of %d calls at once: net/http dialled %d connections, the engine with idle_per_host %d %d",
					rounds, c.n, real, http.DefaultMaxIdleConnsPerHost, capped)
			}
			if kept := modelDials(t, c.n, rounds, c.perHost, 0); c.n > http.DefaultMaxIdleConnsPerHost && kept == real {
				t.Errorf("the engine keeping every connection dialled %d, as net/http did: the pattern does not test the cap", kept)
			}
		})
	}
}

// realDials runs rounds of n calls at once from a Transport with Go's
// default idle cap (and MaxConnsPerHost perHost, 0: none) to a loopback
// server, and returns how many connections the server accepted. The
// server answers calls in batches, once as many have arrived as the
// transport lets be in flight (n, or perHost), and every call of the
// round has asked the transport for a connection (httptrace's GetConn,
// and a moment to queue), so that each batch holds that many connections
// at once and a connection that comes back finds the calls still waiting
// for one already queued, and the next round starts once every
// answer has been read (its connection put back idle or closed, which the
// transport does before the body's EOF reaches the caller).
func realDials(t *testing.T, n, rounds, perHost int) int {
	t.Helper()
	var accepted atomic.Int64
	var mu sync.Mutex
	batch := n
	if perHost > 0 {
		batch = min(n, perHost)
	}
	arrived, release := 0, make(chan struct{})
	var asking sync.WaitGroup // the round's calls yet to ask for a connection
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived++
		ch := release
		if arrived == batch {
			close(release)
			arrived, release = 0, make(chan struct{})
		}
		mu.Unlock()
		select {
		case <-ch:
		case <-time.After(5 * time.Second):
			http.Error(w, "the round's other calls never came", http.StatusGatewayTimeout)
			return
		}
		asking.Wait()
		time.Sleep(20 * time.Millisecond) // from GetConn to the transport's queue
		io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			accepted.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: http.DefaultMaxIdleConnsPerHost, MaxIdleConns: 100, MaxConnsPerHost: perHost}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for round := range rounds {
		errs := make(chan error, n)
		asking.Add(n)
		for range n {
			go func() {
				var once sync.Once
				trace := &httptrace.ClientTrace{GetConn: func(string) { once.Do(asking.Done) }}
				req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodGet, srv.URL, nil)
				if err != nil {
					once.Do(asking.Done)
					errs <- err
					return
				}
				resp, err := client.Do(req)
				once.Do(asking.Done) // a call that failed before asking
				if err != nil {
					errs <- err
					return
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err == nil && resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("status %s", resp.Status)
				}
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatalf("round %d: %v", round+1, err)
			}
		}
	}
	return int(accepted.Load())
}

// modelDials runs the same pattern in the engine: n endpoints whose
// probes arrive together every second, each calling one host through a
// pool capped at perHost connections that keeps idle idle connections
// (0: every one), and returns the pool's dials.
func modelDials(t *testing.T, n, rounds, perHost, idle int) int {
	t.Helper()
	sys := engine.System{
		Tasks: &engine.TaskServer{},
		Pools: []engine.Pool{{Name: "transport", Dial: time.Millisecond, PerHost: perHost, IdlePerHost: idle}},
		Dependencies: []engine.Dependency{{Name: "api", Pool: "transport",
			Latency: engine.Latency{Kind: engine.Constant, Value: 50 * time.Millisecond}, Policy: engine.Policy{Timeout: time.Second}}},
	}
	for i := range n {
		sys.Endpoints = append(sys.Endpoints, engine.Endpoint{Name: fmt.Sprintf("caller%d", i), Interval: time.Second, Calls: "api"})
	}
	d := time.Duration(rounds-1)*time.Second + 500*time.Millisecond
	sc := &engine.Scenario{Name: "idle-cap", Duration: d, MeasureTo: d, Variants: []engine.Variant{{Name: "v", System: sys}}}
	r, err := engine.New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return int(r.Snapshot().Pools[0].Dials)
}
