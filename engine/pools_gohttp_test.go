package engine_test

import (
	"context"
	"errors"
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
	startCounting(srv, &accepted)
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

// startCounting starts srv, counting the connections it accepts in
// accepted.
func startCounting(srv *httptest.Server, accepted *atomic.Int64) {
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			accepted.Add(1)
		}
	}
	srv.Start()
}

// modelDials runs the same pattern in the engine: a pool capped at
// perHost connections a host that keeps idle idle connections (0: every
// one), and returns the pool's dials.
func modelDials(t *testing.T, n, rounds, perHost, idle int) int {
	t.Helper()
	p := modelRounds(t, n, rounds, engine.Pool{Name: "transport", Dial: time.Millisecond, PerHost: perHost, IdlePerHost: idle})
	return int(p.Dials)
}

// modelRounds runs rounds of n calls at once in the engine: n endpoints
// whose probes arrive together every second, each calling one dependency
// that answers in 50 ms through pool, and returns the pool's snapshot.
func modelRounds(t *testing.T, n, rounds int, pool engine.Pool) engine.PoolSnapshot {
	t.Helper()
	sys := engine.System{
		Tasks: &engine.TaskServer{},
		Pools: []engine.Pool{pool},
		Dependencies: []engine.Dependency{{Name: "api", Pool: pool.Name,
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
	return r.Snapshot().Pools[0]
}

// A dial whose caller gave up (Pool.AbandonedDial) is checked against the
// real net/http: a Transport with MaxConnsPerHost 1 whose dial takes
// abandonDial (a test-only DialContext that waits that long, or for its
// context) is called three times, abandonEvery apart, each call with a
// deadline of abandonTimeout, shorter than the dial. The first call gives
// up while its dial runs; the second comes after it has given up, finds
// the host's one connection still taken by that dial, and waits for it;
// the third finds it idle. The engine runs the same pattern with the dial
// running on (Go's) and must count the same: one dial, abandoned once, two
// connections handed out, one of them after a wait. With the dial
// cancelled (aiohttp's) it must count otherwise, or the pattern tests
// nothing.
const (
	abandonDial    = 700 * time.Millisecond
	abandonTimeout = 400 * time.Millisecond
	abandonEvery   = 450 * time.Millisecond
	abandonCalls   = 3
	abandonLatency = 10 * time.Millisecond // the engine's call; loopback's is less
)

// abandonCounts is what both sides count of the pattern.
type abandonCounts struct {
	dials     int // connections dialled
	abandoned int // of those, dials whose caller gave up first
	got       int // connections handed to calls
	waited    int // of those, after a wait (for the dial under way)
	answered  int // calls answered
}

func TestAbandonedDialMatchesNetHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("opens loopback sockets and waits for a slow dial")
	}
	real := realAbandoned(t)
	runOn := modelAbandoned(t, engine.DialRunsOn)
	t.Logf("net/http %+v, engine %+v", real, runOn)
	if runOn != real {
		t.Errorf("a dial abandoned by its caller: net/http counted %+v, the engine with abandoned_dial finish %+v", real, runOn)
	}
	if want := (abandonCounts{dials: 1, abandoned: 1, got: 2, waited: 1, answered: 2}); real != want {
		t.Errorf("net/http counted %+v, not the pattern's %+v: its timing did not hold", real, want)
	}
	cancelled := modelAbandoned(t, engine.DialCancelled)
	t.Logf("the engine cancelling the dial: %+v", cancelled)
	if cancelled == real {
		t.Errorf("the engine cancelling the dial counted %+v, as net/http did: the pattern does not test it", cancelled)
	}
}

// realAbandoned runs the pattern against a loopback server.
func realAbandoned(t *testing.T) abandonCounts {
	t.Helper()
	var accepted, dials, cancelled atomic.Int64
	var mu sync.Mutex
	var dialCtxs []context.Context
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "ok")
	}))
	startCounting(srv, &accepted)
	defer srv.Close()
	tr := &http.Transport{MaxConnsPerHost: 1, MaxIdleConnsPerHost: 1,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			mu.Lock()
			dialCtxs = append(dialCtxs, ctx)
			mu.Unlock()
			timer := time.NewTimer(abandonDial)
			defer timer.Stop()
			select {
			case <-ctx.Done():
				cancelled.Add(1)
				return nil, ctx.Err()
			case <-timer.C:
			}
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		}}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var c abandonCounts
	var wg sync.WaitGroup
	errs := make([]error, abandonCalls)
	for i := range abandonCalls {
		if i > 0 {
			time.Sleep(abandonEvery)
		}
		if i == 1 {
			// The first call has given up by now: its dial's context,
			// detached from the request's, must still be live.
			mu.Lock()
			for _, ctx := range dialCtxs {
				if ctx.Err() != nil {
					t.Errorf("the dial's context was cancelled with its request's (%v)", ctx.Err())
				}
			}
			mu.Unlock()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), abandonTimeout)
			defer cancel()
			var asked time.Time
			trace := &httptrace.ClientTrace{
				GetConn: func(string) { asked = time.Now() },
				GotConn: func(httptrace.GotConnInfo) {
					mu.Lock()
					c.got++
					// The second call waits from its arrival to the dial's
					// end, abandonDial-abandonEvery; the third, none.
					if time.Since(asked) > (abandonDial-abandonEvery)/2 {
						c.waited++
					}
					mu.Unlock()
				},
			}
			req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodGet, srv.URL, nil)
			if err == nil {
				var resp *http.Response
				if resp, err = client.Do(req); err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case err == nil:
			c.answered++
		case i == 0 && errors.Is(err, context.DeadlineExceeded):
			c.abandoned++ // it gave up while its dial ran
		default:
			t.Errorf("call %d: %v", i+1, err)
		}
	}
	c.dials = int(dials.Load())
	if n := cancelled.Load(); n > 0 {
		t.Errorf("%d dials saw their context cancelled: net/http cancelled the abandoned dial", n)
	}
	if n := accepted.Load(); n != int64(c.dials) {
		t.Errorf("the server accepted %d connections, the transport dialled %d", n, c.dials)
	}
	return c
}

// modelAbandoned runs the pattern in the engine, a pool whose abandoned
// dials do as mode says.
func modelAbandoned(t *testing.T, mode engine.AbandonedDial) abandonCounts {
	t.Helper()
	sys := engine.System{
		Tasks: &engine.TaskServer{},
		Pools: []engine.Pool{{Name: "transport", PerHost: 1, IdlePerHost: 1, Dial: abandonDial, AbandonedDial: mode}},
		Dependencies: []engine.Dependency{{Name: "api", Pool: "transport",
			Latency: engine.Latency{Kind: engine.Constant, Value: abandonLatency}, Policy: engine.Policy{Timeout: abandonTimeout}}},
		Endpoints: []engine.Endpoint{{Name: "caller", Interval: abandonEvery, Calls: "api"}},
	}
	d := (abandonCalls-1)*abandonEvery + abandonEvery/2
	sc := &engine.Scenario{Name: "abandoned-dial", Duration: d, MeasureTo: d, Variants: []engine.Variant{{Name: "v", System: sys}}}
	r, err := engine.New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	p := s.Pools[0]
	if n := s.Endpoints[0].Total.Total(); n != abandonCalls {
		t.Fatalf("the engine decided %d calls, not %d", n, abandonCalls)
	}
	return abandonCounts{dials: int(p.Dials), abandoned: int(p.DialsAbandoned), got: int(p.Acquired), waited: int(p.Waited),
		answered: int(s.Endpoints[0].Total[engine.OK])}
}
