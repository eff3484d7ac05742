package lab

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A hang that ends reads alike on both sides: a call that starts during it
// is answered, with a success, once it ends and the call's own healthy
// latency has passed. The engine's Hang did so while the real provider
// held its calls until the lab stopped, so the measured side counted as
// lost the calls the simulated side answered.
func TestHangThatEndsAnswersOnBothSides(t *testing.T) {
	const hangFor, healthy = 3 * time.Second, HealthyP50

	t.Run("simulated", func(t *testing.T) {
		// One call at time zero, into a hang from 0 to hangFor, of a
		// dependency whose healthy latency is a constant.
		sc := &engine.Scenario{Name: "hang-ends", Duration: time.Second, MeasureTo: time.Second, Variants: []engine.Variant{{Name: "none", System: engine.System{
			Workers:      1,
			Endpoints:    []engine.Endpoint{{Name: EndpointCheckout, Interval: time.Minute, Calls: Dependency}},
			Dependencies: []engine.Dependency{{Name: Dependency, Latency: engine.Latency{Kind: engine.Constant, Value: healthy}, Faults: []engine.Fault{{Kind: engine.Hang, To: hangFor}}}},
		}}}}
		r, err := engine.New(sc, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		for !r.Done() && r.Snapshot().Endpoints[0].Window.Total() == 0 {
			r.Advance(time.Millisecond)
		}
		w := r.Snapshot().Endpoints[0].Window
		if w[engine.OK] != 1 || r.Now() != hangFor+healthy {
			t.Fatalf("the engine answered %v at %v; want one success at the hang's end plus the healthy latency, %v", w, r.Now(), hangFor+healthy)
		}
	})

	t.Run("measured", func(t *testing.T) {
		// The same hang at a tenth of the time: 300 ms on the wall.
		cfg := scaled(DefaultConfig(None), 0.1)
		cfg.Faults = []Fault{{Kind: Hang, To: hangFor}}
		l := startConfig(t, cfg)
		end := l.Epoch.Add(cfg.Scaled(hangFor))
		// Bounded: a call held until the lab stops fails here, not at
		// the test's deadline.
		c := &http.Client{Timeout: 5 * time.Second}
		resp, err := c.Post(l.ProviderURL()+"/charge", "application/json", strings.NewReader("{}"))
		answered := time.Now()
		if err != nil {
			t.Fatalf("a call made during a hang that ends at %v got no answer: %v", cfg.Scaled(hangFor), err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"charged":true`) {
			t.Fatalf("the held call answered %d %q; want the engine's success, 200 charged", resp.StatusCode, body)
		}
		// After the hang's end, within a generous bound of the healthy
		// latency's p99 (a busy machine answers late, never early).
		if late, most := answered.Sub(end), 10*cfg.Scaled(HealthyP99)+time.Second; late < 0 || late > most {
			t.Fatalf("answered %v after the hang's end; want from 0 to %v", late, most)
		}
	})
}
