package engine_test

import (
	"context"
	"errors"
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
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			accepted.Add(1)
		}
	}
	srv.Start()
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
