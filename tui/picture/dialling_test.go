package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// go-server without a timeout, its provider unreachable
// (tuitest.UnreachableGoServer): the provider holds few calls, and the
// goroutines pile up on their dials (3,327 at most, run's "up to 3,327 of
// them still dialling"). The picture draws the dialling calls as the
// sandbox's chart does, on a scale that holds them, and says what the
// line is; it drew the few held calls alone.
func TestRunPictureDrawsTheCallsDialling(t *testing.T) {
	sc := tuitest.Scenario(t, tuitest.UnreachableGoServer)
	sc.Variants = sc.Variants[:1]
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var most int32
	for _, d := range snaps[0].Dependencies {
		for _, smp := range d.Series {
			most = max(most, smp.Dialling)
		}
	}
	if most < 1000 {
		t.Fatalf("go-server's first design should pile up calls dialling; at most %d", most)
	}
	var b bytes.Buffer
	if err := Run(&b, sc, 5, snaps, "svg"); err != nil {
		t.Fatal(err)
	}
	if texts := svgTexts(t, b.Bytes()); !hasText(texts, "dialling") {
		t.Errorf("the legend does not name the calls dialling: %q", texts)
	}
	legend := newRowLegend()
	p, err := inFlightPanel(&snaps[0], newPalette(), pane.FaultSpans(sc, 0), &legend)
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max < float64(most) {
		t.Errorf("the panel's scale ends at %.0f calls, under the %d dialling at once", p.Y.Max, most)
	}
}
