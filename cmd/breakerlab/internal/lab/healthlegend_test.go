package lab

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
)

// The Go table put /health's simulated p50 of 20 µs under a measured one of
// 489 µs and said nothing of why. The simulated time is the handler's CPU
// on the loop and nothing more, where the load tool times a whole round
// trip on loopback: the table says so, with the CPU the model gives it,
// at the run's scale, and the claim holds (the simulated p50 is that CPU).
func TestGoTableSaysWhyHealthIsSlowerMeasured(t *testing.T) {
	for _, scale := range []float64{1, 0.5} {
		cfg := DefaultGoConfig(Protected)
		cfg.Scale = scale
		sim, err := Simulate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := Result{Config: cfg, Variant: cfg.VariantName(), Sim: sim, To: cfg.Scaled(DefaultMeasureTo), From: cfg.Scaled(DefaultMeasureFrom)}
		cpu := ""
		for _, e := range sim.Scenario.Variants[0].System.Endpoints {
			if e.Name == EndpointHealth {
				cpu = report.LatencyShort(cfg.Scaled(e.CPU))
			}
		}
		row, _ := simulatedRow(r)
		if cpu == "" || row.healthP50 != cpu {
			t.Fatalf("scale %g: the simulated /health p50 is %q, the handler's CPU %q: the legend's claim would not hold", scale, row.healthP50, cpu)
		}
		var b strings.Builder
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		said := strings.Join(strings.Fields(b.String()), " ")
		want := "/health p50 and p95: simulated, the time inside the server (the handler's " + cpu + " of CPU on the loop, and any wait for the loop); measured, the load tool's whole HTTP round trip on loopback"
		if !strings.Contains(said, want) {
			t.Errorf("scale %g: the table lacks %q:\n%s", scale, want, b.String())
		}
		for _, line := range strings.Split(b.String(), "\n") {
			if len([]rune(line)) > 80 {
				t.Errorf("scale %g: line wider than 80 columns: %q", scale, line)
			}
		}
	}
}
