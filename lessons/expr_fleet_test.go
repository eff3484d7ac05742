package lessons

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Each fleet metric agrees with a count made here straight from the
// engine's snapshot of every fleet-probes variant, and the variants differ
// where the lesson says they do, so no check compares zeros only: a metric
// reading the wrong state (open for half-open) or the wrong transition
// (any to open for half-open to open) differs in at least one of them.
// probe-burst and fleet-closed-from are counted here by asking, at each
// moment a transition was made, what state each instance's breaker last
// moved to by then.
func TestFleetMetricsReadTheEnginesSnapshot(t *testing.T) {
	const seed = 5
	snaps, err := engine.RunAll(scenarios.FleetProbes(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var bursts, failed, knocked []float64
	for v := range snaps {
		s := &snaps[v]
		api := inventoryOf(t, s, "api")
		var fails, knocks int
		var apiTransitions []engine.Transition
		for _, tr := range s.Transitions {
			if tr.Service != "api" {
				continue
			}
			apiTransitions = append(apiTransitions, tr)
			if tr.From == breaker.HalfOpen && tr.To == breaker.Open {
				fails++
			}
			if tr.From == breaker.Closed && tr.To == breaker.Open && tr.At >= 28*time.Second {
				knocks++
			}
		}
		burst, lastClose := 0, time.Duration(0)
		for _, moment := range apiTransitions {
			halfOpen, out := fleetStatesAt(apiTransitions, len(api.Instances), moment.At)
			burst = max(burst, halfOpen)
			if out == 0 {
				lastClose = max(lastClose, moment.At)
			}
		}
		run := "fleet-probes/" + string(rune('0'+v)) + " api"
		want := map[string]float64{
			"probe-burst " + run:           float64(burst),
			"failed-probes " + run:         float64(fails),
			"knocked-over " + run + " 28s": float64(knocks),
			"fleet-closed-from " + run:     lastClose.Seconds(),
		}
		for text, w := range want {
			if got := mustEval(t, seed, text); got != w {
				t.Errorf("%s = %v, the snapshot says %v", text, got, w)
			}
		}
		bursts = append(bursts, float64(burst))
		failed = append(failed, float64(fails))
		knocked = append(knocked, float64(knocks))
	}
	if bursts[0] == bursts[1] || failed[1] == failed[2] || knocked[0] == knocked[3] {
		t.Fatalf("the variants no longer differ (bursts %v, failed %v, knocked %v): the checks above cannot tell the metrics apart", bursts, failed, knocked)
	}
}

// fleetStatesAt counts, of n instances, the breakers half-open and those
// not closed once every transition made at or before at is applied.
func fleetStatesAt(trs []engine.Transition, n int, at time.Duration) (halfOpen, out int) {
	last := make([]breaker.State, n)
	for _, tr := range trs {
		if tr.At <= at {
			last[tr.Instance] = tr.To
		}
	}
	for _, st := range last {
		if st == breaker.HalfOpen {
			halfOpen++
		}
		if st != breaker.Closed {
			out++
		}
	}
	return halfOpen, out
}

// The figures a learner can count from `breakerlab run fleet-probes
// --format json`: with jitter, instances 4, 10, 16 and 17 are half-open
// together at 30.288 s, one more than any 100 ms sample of the time series
// sees; with the 30 s wait the last breaker closes at 64.883 s, inside a
// sample. The metrics quote the transitions, so the lesson's answers are
// the ones counted from them.
func TestFleetMetricsQuoteTheTransitionsNotTheSamples(t *testing.T) {
	const seed = 5
	snaps, err := engine.RunAll(scenarios.FleetProbes(), seed)
	if err != nil {
		t.Fatal(err)
	}
	jitter := &snaps[1]
	var sampled int16
	for _, smp := range inventoryOf(t, jitter, "api").Series {
		sampled = max(sampled, smp.HalfOpen)
	}
	if got := mustEval(t, seed, "probe-burst fleet-probes/1 api"); got != 4 || sampled != 3 {
		t.Errorf("probe-burst with jitter = %v (the samples' most %d): the transitions show 4 half-open at once at 30.288 s", got, sampled)
	}
	long := &snaps[3]
	var lastClose time.Duration
	for _, tr := range long.Transitions {
		if tr.Service == "api" && tr.To == breaker.Closed {
			lastClose = max(lastClose, tr.At)
		}
	}
	if got := mustEval(t, seed, "fleet-closed-from fleet-probes/3 api"); got != lastClose.Seconds() || lastClose.Truncate(time.Millisecond) != 64883*time.Millisecond {
		t.Errorf("fleet-closed-from with the 30 s wait = %v s, the last closing transition is at %v (run prints 64.883 s)", got, lastClose)
	}
}

// fleet-open-at counts the instances open at a moment: before the outage
// none, a second into it every one of the twenty.
func TestFleetOpenAtCountsInstances(t *testing.T) {
	if n := mustEval(t, 5, "fleet-open-at fleet-probes/0 api 19s"); n != 0 {
		t.Errorf("before the outage %v breakers are open, want 0", n)
	}
	if n := mustEval(t, 5, "fleet-open-at fleet-probes/0 api 21s"); n != 20 {
		t.Errorf("a second into the outage %v of 20 breakers are open, want all", n)
	}
	if _, err := evalOn(t, 5, "probe-burst fleet-probes/0 provider9"); err == nil || !strings.Contains(err.Error(), "it has: api, provider") {
		t.Errorf("a wrong service: %v, want the services named", err)
	}
}

// param reads a service's fault, as the override of the same key sets it;
// a service without one says so.
func TestParamReadsAServicesFault(t *testing.T) {
	sc := scenarios.FleetProbes()
	f := sc.Variants[0].System.Services[1].Faults[0]
	if got := mustEval(t, 5, "param fleet-probes/0 provider.fault.from"); got != f.From.Seconds() {
		t.Errorf("provider.fault.from = %v, want %v", got, f.From.Seconds())
	}
	if got := mustEval(t, 5, "param fleet-probes/0 provider.fault.to"); got != f.To.Seconds() {
		t.Errorf("provider.fault.to = %v, want %v", got, f.To.Seconds())
	}
	if _, err := evalOn(t, 5, "param fleet-probes/0 api.fault.from"); err == nil || !strings.Contains(err.Error(), `service "api" has no fault`) {
		t.Errorf("api has no fault: %v", err)
	}
}

// param reads a breaker's open jitter, which the jitter step quotes.
func TestParamReadsTheOpenJitter(t *testing.T) {
	if got := mustEval(t, 5, "param fleet-probes/1 provider.breaker.jitter"); got != 0.5 {
		t.Errorf("provider.breaker.jitter = %v, want 0.5", got)
	}
	if got := mustEval(t, 5, "param fleet-probes/0 provider.breaker.jitter"); got != 0 {
		t.Errorf("provider.breaker.jitter without jitter = %v, want 0", got)
	}
}
