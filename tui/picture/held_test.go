package picture

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A picture's held line is the terminal chart's (pane.Held): under a
// bulkhead's cap, the permits held. go-server's payments, every permit
// held by a call dialling the hung provider, drew a line at 0 under its
// cap of 60 in `run -o x.png` while the sandbox's chart and limits pane
// said 60 of 60.
func TestPictureHoldsWhatTheCapBounds(t *testing.T) {
	r, err := engine.New(scenarios.GoServer(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(45 * time.Second)
	s := r.Snapshot()
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.Name != "payments" {
			continue
		}
		if d.BulkheadCap != 60 || d.Bulkhead != 60 {
			t.Fatalf("payments at 45 s: cap %d, %d permits held; the test wants the hung provider's full bulkhead", d.BulkheadCap, d.Bulkhead)
		}
		held, _, _ := inFlightSeries(&s, d)
		last := held[len(held)-1].Y
		if last != 60 {
			t.Errorf("the picture's held line ends at %v at 45 s, where 60 permits are held", last)
		}
		return
	}
	t.Fatal("go-server has no payments dependency")
}
