package engine_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
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
// not, or the comparison proves nothing.
func TestIdleCapMatchesNetHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("opens loopback sockets")
	}
	const rounds = 3
	for _, n := range []int{1, 2, 3, 12} {
		t.Run(fmt.Sprintf("%d at once", n), func(t *testing.T) {
			real := realDials(t, n, rounds)
			capped := modelDials(t, n, rounds, http.DefaultMaxIdleConnsPerHost)
			t.Logf("net/http %d, engine %d", real, capped)
			if capped != real {
				t.Errorf("%d rounds of %d calls at once: net/http dialled %d connections, the engine with idle_per_host %d %d",
					rounds, n, real, http.DefaultMaxIdleConnsPerHost, capped)
			}
			if kept := modelDials(t, n, rounds, 0); n > http.DefaultMaxIdleConnsPerHost && kept == real {
				t.Errorf("the engine keeping every connection dialled %d, as net/http did: the pattern does not test the cap", kept)
			}
		})
	}
}

// realDials runs rounds of n calls at once from a Transport with Go's
// default idle cap to a loopback server, and returns how many connections
// the server accepted. The server answers a round's calls only once all n
// have arrived, so that each round holds n connections at once, and the
// next round starts once every answer has been read (its connection put
// back idle or closed, which the transport does before the body's EOF
// reaches the caller).
func realDials(t *testing.T, n, rounds int) int {
	t.Helper()
	var accepted atomic.Int64
	var mu sync.Mutex
	arrived, release := 0, make(chan struct{})
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived++
		ch := release
		if arrived == n {
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
		io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			accepted.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: http.DefaultMaxIdleConnsPerHost, MaxIdleConns: 100}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for round := range rounds {
		errs := make(chan error, n)
		for range n {
			go func() {
				req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
				if err != nil {
					errs <- err
					return
				}
				resp, err := client.Do(req)
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
// pool that keeps idle idle connections (0: every one), and returns the
// pool's dials.
func modelDials(t *testing.T, n, rounds, idle int) int {
	t.Helper()
	sys := engine.System{
		Tasks: &engine.TaskServer{},
		Pools: []engine.Pool{{Name: "transport", Dial: time.Millisecond, IdlePerHost: idle}},
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
