package picture

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A dependency's most calls in flight that no sample caught (go-server's
// payments without a timeout, unreachable: 1,297 in run's table, a line
// that tops out near 189) is said in its row's legend; a peak the samples came within a
// tenth of the panel's height of is not.
func TestPictureSaysAPeakBetweenSamples(t *testing.T) {
	noted, plain := 0, 0
	for _, sc := range []*engine.Scenario{tuitest.Scenario(t, tuitest.UnreachableGoServer), scenarios.Checkout()} {
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Run(&b, sc, 5, snaps, "svg"); err != nil {
			t.Fatal(err)
		}
		texts := svgTexts(t, b.Bytes())
		// Each row's legend, from its "dependencies:" to its line styles.
		var rows [][]string
		for i, s := range texts {
			if s == "dependencies:" {
				end := i + slices.IndexFunc(texts[i:], func(s string) bool { return strings.HasPrefix(s, "solid:") })
				rows = append(rows, texts[i:end])
			}
		}
		if len(rows) != len(snaps) {
			t.Fatalf("%s: %d legends with dependencies, %d designs", sc.Name, len(rows), len(snaps))
		}
		for v := range snaps {
			for i := range snaps[v].Dependencies {
				d := &snaps[v].Dependencies[i]
				var sampled int32
				top := 1.0
				for _, d := range snaps[v].Dependencies {
					if d.TenantBulkhead == nil {
						top = max(top, float64(d.BulkheadCap))
					}
					for _, smp := range d.Series {
						top = max(top, float64(pane.Held(&d, smp)), float64(smp.Abandoned))
					}
				}
				for _, smp := range d.Series {
					sampled = max(sampled, smp.InFlight, pane.Held(d, smp))
				}
				between := float64(d.InFlightMax-int(sampled)) > top/10
				said := slices.Contains(rows[v], "  at most "+pane.Count(d.InFlightMax)+" at once, between")
				if between != said {
					t.Errorf("%s design %d, %s: %d in flight at most, the samples top at %d; the legend says so: %v\n%q", sc.Name, v+1, d.Name, d.InFlightMax, sampled, said, rows[v])
				}
				if between {
					noted++
				} else {
					plain++
				}
			}
		}
		if pay, _ := snaps[0].Dependency("payments"); sc.Name == "go-server" && !slices.Contains(rows[0], "  at most "+pane.Count(pay.InFlightMax)+" at once, between") {
			t.Errorf("go-server without a timeout: payments' peak of %d is not in the legend: %q", pay.InFlightMax, rows[0])
		}
		if sc.Name == "go-server" && !hasText(texts, "the samples drawn (one every 100 ms)") {
			t.Errorf("%s: the legend does not say how often the lines are sampled: %q", sc.Name, texts)
		}
	}
	if noted == 0 || plain == 0 {
		t.Fatalf("%d peaks between samples, %d drawn: the test wants both", noted, plain)
	}
}
