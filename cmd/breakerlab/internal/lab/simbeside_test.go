package lab

import (
	"fmt"
	"strings"
	"testing"
)

// The Go table gives the engine's figure beside each measured one it
// compares: the calls waiting for a connection at the worst instant
// (counted as the engine counts them, so the two can stand side by side)
// and the semaphore's permits, whose measured line stood alone.
func TestGoTableGivesTheSimulatedBesideTheMeasured(t *testing.T) {
	cfg := DefaultGoConfig(Protected)
	sim, err := Simulate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := simPermits(Result{Sim: sim})
	if !ok || p.Refusals == 0 {
		t.Fatalf("the simulation has no semaphore that refused a call to show: %+v, %v", p, ok)
	}
	// Measured figures set apart from the simulated ones, so that a line
	// writing the measured twice fails.
	r := Result{Config: cfg, Variant: cfg.VariantName(), Sim: sim, To: DefaultMeasureTo, From: DefaultMeasureFrom,
		Go: GoStats{MaxConnsPerHost: cfg.ConnsPerHost, WaitingMax: 7, PermitsMax: 3, PermitWaitingMax: 9}, BulkheadFull: 99}
	var b strings.Builder
	if err := WriteTable(&b, []Result{r}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{
		fmt.Sprintf("calls waiting for a connection with all %d in use, at the worst instant: 7 (simulated %d)", cfg.ConnsPerHost, sim.Snapshot.Pools[0].WaitingMax),
		"semaphore: at most 3 of 4 permits held, 9 waiting; 99 refused",
		fmt.Sprintf("simulated: at most %d of %d permits held, %d waiting; %d refused", p.InUseMax, p.Size, p.WaitingMax, p.Refusals),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
}
