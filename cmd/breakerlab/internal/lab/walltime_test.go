package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// At --scale 0.25 the JSON gave the measured wait for a connection in
// wall time (1,850 ms) and the simulated one beside it in the reference's
// (7,400 ms): the same wait read four times apart. Both sides are wall
// times now, as the table's are, and the table gives the simulated wait
// beside the measured one; the engine's own report stays the run's.
func TestSimulatedTimesAreWallTimesBesideTheMeasured(t *testing.T) {
	c := DefaultGoConfig(None)
	c.Scale = 0.25
	simPool := report.Pool{Kind: "client", PerHost: 16, Waited: 94, WaitMeanMS: 7400, WaitMaxMS: 9200}
	sim := &Simulation{
		Snapshot: engine.Snapshot{Pools: []engine.PoolSnapshot{{Waited: 94, WaitMean: 7400 * time.Millisecond, WaitMax: 9200 * time.Millisecond}}},
		Report: report.Report{Scenario: GoScenario, Seed: c.Seed, WindowMS: [2]int64{500, 3500}, Variants: []report.Variant{{
			Name:         c.VariantName(),
			Endpoints:    map[string]report.Endpoint{EndpointCheckout: {LatencyMS: report.Latency{P50: 3000, P95: 3000, P99: 3000}}},
			Dependencies: map[string]report.Dependency{Dependency: {InFlightMax: 16, InFlightMaxAtMS: 1256}},
			Transitions:  []report.Transition{},
			Tasks:        &report.Tasks{LoopLagMaxMS: 4},
			Pools:        map[string]report.Pool{transportPool: simPool},
		}}},
	}
	res := Result{Config: c, Variant: c.VariantName(), From: c.Scaled(DefaultMeasureFrom), To: c.Scaled(DefaultMeasureTo), Attempts: 1, Sim: sim,
		Go: GoStats{MaxConnsPerHost: 16, Waited: 94, WaitMean: 1850 * time.Millisecond, WaitMax: 2300 * time.Millisecond}}

	r := BuildReport([]Result{res})
	v := r.Variants[0]
	measured, simulated := v.Pools[transportPool], v.Simulated.Pools[transportPool]
	if measured.WaitMeanMS != 1850 || simulated.WaitMeanMS != 1850 || measured.WaitMaxMS != 2300 || simulated.WaitMaxMS != 2300 {
		t.Errorf("waits: measured %v/%v ms, simulated %v/%v ms; want both 1850/2300 (wall time at ×0.25)",
			measured.WaitMeanMS, measured.WaitMaxMS, simulated.WaitMeanMS, simulated.WaitMaxMS)
	}
	if got := v.Simulated.Endpoints[EndpointCheckout].LatencyMS.P50; got != 750 {
		t.Errorf("simulated checkout p50 %v ms; want 750 (3 s ×0.25)", got)
	}
	if got := v.Simulated.Dependencies[Dependency].InFlightMaxAtMS; got != 314 {
		t.Errorf("simulated in_flight_max_at_ms %v; want 314 (1256 ×0.25)", got)
	}
	if got := v.Simulated.Tasks.LoopLagMaxMS; got != 1 {
		t.Errorf("simulated loop_lag_max_ms %v; want 1 (4 ×0.25)", got)
	}
	if v.Simulated.Transitions == nil {
		t.Error("simulated transitions became null; run writes []")
	}
	// The engine's report is the run's, in the reference's time: the
	// head names it so, and the live view reads it.
	if sim.Report.Variants[0].Pools[transportPool].WaitMeanMS != 7400 || sim.Report.Variants[0].Endpoints[EndpointCheckout].LatencyMS.P50 != 3000 || sim.Report.Variants[0].Tasks.LoopLagMaxMS != 4 {
		t.Errorf("the engine's own report was changed: %+v", sim.Report.Variants[0])
	}
	if r.Simulation.WindowMS != [2]int64{500, 3500} {
		t.Errorf("simulation window %v; want the engine run's own, [500 3500]", r.Simulation.WindowMS)
	}

	var b strings.Builder
	if err := WriteTable(&b, []Result{res}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{"waited 1.85 s on average, 2.3 s at most", "simulated: 94 waited 1.85 s on average, 2.3 s at most", "waits, give-up times and breaker times below are wall times"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
}
