package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// threeTier is a front calling a service whose database hangs, then turns
// slow, then fails, and the service itself restarts twice: the system of
// one's own a learner writes first, in two variants.
const threeTier = `
duration = "60s"
[system]
workers = 40
[[system.endpoints]]
name = "page"
rate = 50
calls = "orders"
[[system.dependencies]]
name = "orders"
service = "orders"
[[system.services]]
name = "orders"
workers = 20
calls = "db"
faults = [
  { kind = "restart", from = "5s", to = "6s" },
  { kind = "restart", from = "55s", to = "56s" },
]
[[system.services.dependencies]]
name = "db"
latency = { kind = "exponential", mean = "20ms" }
faults = [
  { kind = "hang", from = "10s", to = "20s" },
  { kind = "slow", from = "25s", to = "35s", latency = "800ms" },
  { kind = "error", from = "40s", to = "50s", probability = 0.5 },
]
[[variants]]
name = "bare"
[[variants]]
name = "timeout"
[variants.services.orders.dependencies.db]
policy = { timeout = "200ms" }
`

// Every fault of a service's database, and of the service, is a field of
// the knob form, as every fault of a front dependency is: the slow spell
// and the errors after a hang were not in the form, so a learner could
// move the hang and nothing else. Each field moves its own fault, in every
// variant, and the form with no edit builds the scenario it was opened on.
func TestEveryFaultOfAServiceAndItsLeafIsAField(t *testing.T) {
	racefree.Only(t) // no goroutine: the form alone, no program
	sc, err := scenariofile.Parse("mine.toml", []byte(threeTier))
	if err != nil {
		t.Fatal(err)
	}
	f := newForm(tuitest.Plain(), sc, 0)
	if c := f.build(sc); c == nil {
		t.Fatalf("the form with no edit builds nothing: %v", f.err)
	}
	for _, tc := range []struct {
		label, from, until string
		svc                bool // the service's own fault, not db's
		fault              int
		to                 time.Duration // moved to [to, to+1s), a gap beside it
	}{
		{"db hangs from", "10s", "20s", false, 0, 21 * time.Second},
		{"db slow from", "25s", "35s", false, 1, 36 * time.Second},
		{"db errors from", "40s", "50s", false, 2, 51 * time.Second},
		{"orders restart from", "5s", "6s", true, 0, 7 * time.Second},
		{"orders restart (2) from", "55s", "56s", true, 1, 57 * time.Second},
	} {
		i := fieldIn(f, "Service orders", tc.label)
		if i < 0 {
			t.Errorf("the form has no %q: %q", tc.label, formFields(f))
			continue
		}
		if got, until := f.knobs[i].input.Value(), f.knobs[i+1].input.Value(); got != tc.from || until != tc.until {
			t.Errorf("%s [%s] until [%s], want [%s] until [%s]", tc.label, got, until, tc.from, tc.until)
		}
		g := newForm(tuitest.Plain(), sc, 0)
		g.knobs[i].input.SetValue(durText(tc.to))
		g.knobs[i+1].input.SetValue(durText(tc.to + time.Second))
		c := g.build(sc)
		if c == nil {
			t.Errorf("%s moved to %v was refused: %v", tc.label, tc.to, g.err)
			continue
		}
		// The edit's mark names whose fault moved: "until 22s" alone,
		// on the variant's name, said nothing of which.
		part := "db"
		if tc.svc {
			part = "orders"
		}
		for _, w := range g.changes(sc) {
			if !strings.HasPrefix(w, part) {
				t.Errorf("%s moved: the edit reads %q, which does not name %s", tc.label, w, part)
			}
		}
		for v := range c.Variants {
			orders := serviceNamed(&c.Variants[v].System, "orders")
			var from, to time.Duration
			if tc.svc {
				from, to = orders.Faults[tc.fault].From, orders.Faults[tc.fault].To
			} else {
				from, to = orders.Dependencies[0].Faults[tc.fault].From, orders.Dependencies[0].Faults[tc.fault].To
			}
			if from != tc.to || to != tc.to+time.Second {
				t.Errorf("variant %d: %s set to %v runs %v–%v", v+1, tc.label, tc.to, from, to)
			}
		}
	}
}
