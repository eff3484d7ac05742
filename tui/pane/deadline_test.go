package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The breaker pane says the deadline where it bounds the calls: on the
// retry when a policy's deadline stops its attempts (challenge level 12's
// design), where "retry → timeout 600 ms" read as every attempt sent
// whatever the deadline; after the layers when there are no retries; and
// on the timeout of an edge that propagates the caller's deadline
// (multi-hop), which cuts each attempt's timeout to what is left.
func TestBreakerSaysTheDeadline(t *testing.T) {
	const src = `
name = "deadline"
duration = "10s"
[system]
workers = 60
[[system.endpoints]]
name = "checkout"
rate = 40
calls = "payment"
patience = "1s"
[[system.dependencies]]
name = "payment"
latency = { kind = "constant", value = "80ms" }
[system.dependencies.policy]
timeout = "600ms"
deadline = "900ms"
[system.dependencies.policy.retry]
attempts = 3
[[variants]]
name = "retries within a deadline"
[[variants]]
name = "a deadline, no retries"
[variants.dependencies.payment]
policy = { timeout = "600ms", deadline = "900ms" }
`
	sc, err := scenariofile.Parse("deadline.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	at := func(v int) pane.Data {
		r, err := engine.New(sc, v, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(2 * time.Second)
		s := r.Snapshot()
		return pane.Data{Snap: &s, Gen: 1}
	}
	for _, c := range []struct {
		name string
		d    pane.Data
		want string
	}{
		{"retries within a deadline", at(0), "Calls to payment go: retry within deadline 900 ms → timeout 600 ms."},
		{"a deadline, no retries", at(1), "Calls to payment go: timeout 600 ms · deadline 900 ms."},
		{"multi-hop's propagated deadline", tuitest.At(t, "multi-hop", 2, 10), "go: timeout 1 s or the deadline left"},
	} {
		for _, w := range []int{88, 200} {
			b := pane.NewBreaker(tuitest.Plain())
			b.SetSize(w, 16)
			b.SetData(c.d)
			if got := flatten(b.View()); !strings.Contains(got, c.want) {
				t.Errorf("%s at %d: want %q in\n%s", c.name, w, c.want, got)
			}
		}
	}
}
