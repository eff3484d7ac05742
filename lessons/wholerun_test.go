package lessons

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A dependency's counters are the engine's totals for the whole run: the
// engine keeps no per-window count of a dependency's calls. FORMAT.md
// said every count covers the measurement window, and `calls` said
// nothing else; each of these metrics now says "whole run", in its help
// and in FORMAT.md's table, and `calls` is shown to be the total, not
// the window's calls.
func TestDependencyCountsSayWholeRun(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"calls", "short-circuited", "bulkhead-full", "fell-back", "retries", "retries-denied",
		"inflight-max", "edge-calls", "edge-inflight-max", "edge-deadline-exceeded", "edge-rate-limited", "edge-cancelled", "edge-deadline-timeouts"} {
		m, ok := metrics[name]
		if !ok {
			t.Errorf("no metric %q", name)
			continue
		}
		if !strings.Contains(m.help, "whole run") {
			t.Errorf("%s's help does not say it covers the whole run: %q", name, m.help)
		}
		row := ""
		for _, l := range strings.Split(string(doc), "\n") {
			if strings.HasPrefix(l, "| `"+name+"` |") {
				row = l
			}
		}
		if !strings.Contains(row, "(whole run)") {
			t.Errorf("FORMAT.md's row for %s does not say (whole run): %q", name, row)
		}
	}

	// cascade/0: recommendations is called before, in and after the window.
	const seed = 5
	sc := scenarios.Cascade()
	at := func(d time.Duration) uint64 {
		r, err := engine.New(sc, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		if d < 0 {
			r.Run()
		} else {
			r.AdvanceTo(d)
		}
		s := r.Snapshot()
		dep, err := dependencyOf(&s, "recommendations")
		if err != nil {
			t.Fatal(err)
		}
		return dep.Calls
	}
	total, window := at(-1), at(sc.MeasureTo)-at(sc.MeasureFrom)
	got := uint64(mustEval(t, seed, "calls cascade/0 recommendations"))
	if got != total {
		t.Errorf("calls cascade/0 recommendations = %d, want the run's total %d", got, total)
	}
	if got == window {
		t.Fatalf("the window's calls (%d) equal the total: the case cannot tell them apart", window)
	}
}
