package lab

import (
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// TestGoServerContains runs the incident on the Go server without a
// timeout and protected, on loopback. No thread pool: /health never fails
// in either. Without a deadline the checkouts' goroutines pile up behind
// the Transport's MaxConnsPerHost connections, which are all the provider
// ever sees, and every checkout client gives up; protected, the semaphore
// holds the connections to its permits, the goroutines stay few and the
// checkouts are refused at once. Each agrees with the engine's tasks-kind
// model.
//
// Both run at incidentScale: the mode without a timeout for about nine
// seconds, the protected one for six. What a loaded machine delays in the
// mode without a timeout is /health, answered beside the parked
// checkouts: at scale 0.5 its 95th percentile was 0.2 to 0.5 s, and in one
// run 5 of 12 ran out of their 1 s of patience; at testScale, as the
// binary's first run, all 12 ran out of their 600 ms. The protected mode
// weighs the machine's own time against the timeout, the breaker's
// slow-call line and the semaphore's wait. It runs first: a test binary
// just started on a loaded machine is the latest in its first seconds (its
// first run's scheduler 0.5 to 1 s late at testScale, the runs after it 20
// to 50 ms).
func TestGoServerContains(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real servers for about fifteen seconds")
	}
	protected := measureScaled(t, scaled(DefaultGoConfig(Protected), incidentScale))
	none := measureScaled(t, scaled(DefaultGoConfig(None), incidentScale))
	for _, r := range []Result{none, protected} {
		if r.Health.Total < 10 || r.Health.OK != r.Health.Total {
			t.Errorf("%s: /health answered %d of %d; with no pool of workers it never waits for one", r.Variant, r.Health.OK, r.Health.Total)
		}
		if r.Sim == nil || r.Sim.Scenario.Name != GoScenario || r.Sim.Snapshot.Tasks == nil || len(r.Sim.Snapshot.Pools) != 1 {
			t.Fatalf("%s: the simulation beside it is not the engine's tasks-kind %s: %+v", r.Variant, GoScenario, r.Sim)
		}
		agreesWithSimulation(t, r, &r.Sim.Snapshot)
	}
	t.Run("no timeout", func(t *testing.T) {
		g := none.Go
		if none.Checkout.OK > 0 || none.Checkout.GaveUp < none.Checkout.Total*9/10 {
			t.Errorf("checkout: %d ok, %d of %d gave up; want every client to give up", none.Checkout.OK, none.Checkout.GaveUp, none.Checkout.Total)
		}
		if g.InUseMax != DefaultConnsPerHost || none.InFlightMax != DefaultConnsPerHost {
			t.Errorf("%d connections in use at most, the provider held %d calls; want MaxConnsPerHost's %d for both", g.InUseMax, none.InFlightMax, DefaultConnsPerHost)
		}
		if g.WaitingMax < 2*DefaultConnsPerHost {
			t.Errorf("at most %d calls waited for a connection; the stuck ones should pile up behind the %d held", g.WaitingMax, DefaultConnsPerHost)
		}
		if g.LiveMax < 3*DefaultConnsPerHost {
			t.Errorf("at most %d goroutines alive; without a deadline every checkout of the slow phase should stay parked", g.LiveMax)
		}
	})
	t.Run("protected", func(t *testing.T) {
		g := protected.Go
		if protected.Checkout.GaveUp != 0 || protected.Checkout.Unavailable < protected.Checkout.Total/2 {
			t.Errorf("checkout: %d of %d refused with 503, %d gave up; want most refused at once and none waited out", protected.Checkout.Unavailable, protected.Checkout.Total, protected.Checkout.GaveUp)
		}
		// A call cancelled while its connection is being dialled gives
		// its permit back and the Transport finishes the dial: one more
		// connection in use than the permits may be seen, never two.
		if g.PermitsMax > DefaultBulkhead || g.InUseMax > DefaultBulkhead+1 {
			t.Errorf("%d permits and %d connections in use at most; the semaphore allows %d (and a dial outliving its call)", g.PermitsMax, g.InUseMax, DefaultBulkhead)
		}
		if g.LiveMax*3 > none.Go.LiveMax {
			t.Errorf("at most %d goroutines alive, against %d without a timeout; want the pile-up gone", g.LiveMax, none.Go.LiveMax)
		}
		if protected.BulkheadFull == 0 || protected.ShortCircuited == 0 {
			t.Errorf("the semaphore refused %d and the breaker %d calls; want both to act", protected.BulkheadFull, protected.ShortCircuited)
		}
	})
}

// oneGoCheckout starts the Go server in mode with a healthy provider and
// sends it one checkout, which must be paid; it returns the lab and the
// client.
func oneGoCheckout(t *testing.T, mode Mode) (*Lab, *http.Client) {
	t.Helper()
	cfg := DefaultGoConfig(mode)
	cfg.Faults = nil
	l := startConfig(t, cfg)
	c := testClient(t)
	if resp, body := post(t, c, l.APIURL()+"/checkout", "{}"); resp.StatusCode != http.StatusOK {
		t.Fatalf("checkout against a healthy provider: %s %s", resp.Status, body)
	}
	return l, c
}

// TestGoTable: the Go server's table puts the engine's line under each
// measured one and names the model it came from.
func TestGoTable(t *testing.T) {
	cfg := DefaultGoConfig(Protected)
	sim, err := Simulate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Config: cfg, Variant: cfg.VariantName(), Sim: sim, To: DefaultMeasureTo, From: DefaultMeasureFrom}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"a Go server", "a goroutine per request, an http.Transport with MaxConnsPerHost 16", "the engine's model of the same setup, seed 5", "not a built-in scenario", "\nprotected ", "\n  simulated ", "semaphore: at most",
		// The simulated row's load is the measured row's, and each side's
		// connections are named.
		"the load tool's fixed intervals", "both rows count the same requests", "conn: the most connections in use at once, carrying a call or being dialled, on both rows and in the live view", "open_max"} {
		// The legends are wrapped: a phrase may span two lines.
		if !strings.Contains(out, want) && !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	// The model is no built-in scenario: a name `breakerlab run` does not
	// know is not printed as if it were one.
	if _, ok := scenarios.Lookup(GoScenario); !ok && strings.Contains(out, GoScenario) {
		t.Errorf("the table names the simulation %q, which run does not know:\n%s", GoScenario, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("line wider than 80 columns: %q", line)
		}
	}
}

// TestGoServerServes: the Go server answers a checkout through its
// Transport, describes itself as a Go service, and its /metrics have its
// goroutines and connections and no pool of workers; it shuts down with
// no goroutine left.
func TestGoServerServes(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() { settleGoroutines(t, before) })
	l, c := oneGoCheckout(t, Protected)
	if _, help := get(t, c, l.APIURL()+"/"); !strings.Contains(help, "a goroutine per request") {
		t.Errorf("GET / says %q", help)
	}
	_, metrics := get(t, c, l.APIURL()+"/metrics")
	for _, want := range []string{MetricLive + " ", MetricConnsOpen + `{dependency="payment"} 1`, MetricConnsWaiting + `{dependency="payment"} 0`, MetricBulkheadSize + `{dependency="payment"} 4`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q:\n%s", want, grepLines(metrics, "breakerlab_"))
		}
	}
	if strings.Contains(metrics, MetricWorkers+" ") {
		t.Errorf("the Go server reports a pool of workers:\n%s", grepLines(metrics, "breakerlab_"))
	}
}
