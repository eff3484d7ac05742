package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// An endpoint that had no requests in the window (its rate is 0 in this
// design) has no share and no latency: its cell reads "–", not "0.0%" ok,
// which would say every request failed, and its line "no requests", not a
// p50 of 0.0 ms no request had. The JSON keeps its zeros.
func TestAnEndpointWithoutRequestsHasNoShareOrLatency(t *testing.T) {
	sc := &engine.Scenario{Name: "two", MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second}
	var home engine.Counts
	home[engine.OK] = 392
	snap := engine.Snapshot{Variant: "one", Endpoints: []engine.EndpointSnapshot{
		{Name: "search"},
		{Name: "home", Window: home, WindowArrived: 392, P50: 36 * time.Millisecond, P99: 90 * time.Millisecond},
	}}
	var b bytes.Buffer
	if err := WriteTable(&b, sc, 5, []engine.Snapshot{snap}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"one            –    100.0%\n",
		"\n  search             no requests\n",
		"\n  home               392 requests, latency p50 36 ms",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " 0.0%") || strings.Contains(out, "0 requests, latency") {
		t.Errorf("the endpoint without requests is given a share or a latency:\n%s", out)
	}
}
