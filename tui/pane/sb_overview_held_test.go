package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The overview counts a dependency's calls against its bulkhead as the
// map does: api-gateway's hung search-api at 20 s read "36/25", more
// calls than its cap, where the map said "0/25 held · 36 abandoned" (the
// timeout gave the permits back; the calls stay at the dependency).
func TestOverviewCountsHeldAgainstTheCap(t *testing.T) {
	d := tuitest.At(t, "api-gateway", 0, 20)
	want := ""
	for i := range d.Snap.Dependencies {
		if x := &d.Snap.Dependencies[i]; x.Name == "search-api" && x.Abandoned > 0 {
			want = pane.Count(pane.HeldNow(x)) + "/" + pane.Count(x.BulkheadCap) + " held · " + pane.Count(x.Abandoned) + " abandoned"
		}
	}
	if want == "" {
		t.Fatal("search-api should have abandoned calls at 20 s")
	}
	o := pane.NewOverview(tuitest.Plain())
	o.SetData(d)
	o.SetSize(120, 10)
	line := lineWith(ansi.Strip(o.View()), "search-api")
	if !strings.Contains(line, want) {
		t.Errorf("search-api's line should say %q:\n%s", want, line)
	}
}

// Narrower, the overview keeps the calls held against the cap and leaves
// the abandoned out, as the map does, rather than the column: at 100x30
// (a pane 55 wide) "0/25 held", never "36/25".
func TestNarrowOverviewKeepsTheHeld(t *testing.T) {
	d := tuitest.At(t, "api-gateway", 0, 20)
	o := pane.NewOverview(tuitest.Plain())
	o.SetData(d)
	o.SetSize(55, 10)
	line := lineWith(ansi.Strip(o.View()), "search-api")
	if !strings.Contains(line, "0/25 held") || strings.Contains(line, "36/25") {
		t.Errorf("search-api's line at 55 should say 0/25 held:\n%s", line)
	}
}
