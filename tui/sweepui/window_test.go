package sweepui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A map of a share says which requests it counts, the window run's table
// names for the same scenario ("arrived from 10 s to 12 s"); swept, the
// duration moves the window's end, and the title gives the range; a
// measure of the whole run names no window.
func TestMapTitleNamesTheMeasurementWindow(t *testing.T) {
	// Nothing runs: the titles are drawn from plans and empty results.
	racefree.Only(t)
	title := func(p *sweep.Plan) string {
		out := strings.ReplaceAll(Heatmap(sweep.NewResult(p), theme.New(theme.Plain()), 200), "\u00a0", " ")
		return strings.SplitN(out, "\n", 2)[0]
	}
	p := plan(t, 3, 2, "")
	if sc := shortCascade(); sc.MeasureFrom != 10*time.Second || sc.MeasureTo != 12*time.Second {
		t.Fatalf("the scenario's window is %v to %v, not the 10 s to 12 s this test reads", sc.MeasureFrom, sc.MeasureTo)
	}
	if got := title(p); !strings.Contains(got, "search.ok (share), of requests arriving from 10 s to 12 s") {
		t.Errorf("a share's title should name run's window, got %q", got)
	}

	d, err := sweep.ParseVary("duration=11s..20s:2")
	if err != nil {
		t.Fatal(err)
	}
	swept := &sweep.Plan{Build: shortCascade, Axes: []sweep.Axis{p.Axes[0], d}, Seeds: p.Seeds, Measure: p.Measure, Set: lessons.SetKnob}
	if err := swept.Prepare(); err != nil {
		t.Fatal(err)
	}
	if got := title(swept); !strings.Contains(got, "arriving from 10 s to 11 s…20 s") {
		t.Errorf("with the duration swept, the window's end should be its range, got %q", got)
	}

	whole, err := sweep.ParseMetric("recommendations.in_flight_max", shortCascade(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p2 := &sweep.Plan{Build: shortCascade, Axes: p.Axes, Seeds: p.Seeds, Measure: whole, Set: lessons.SetKnob}
	if err := p2.Prepare(); err != nil {
		t.Fatal(err)
	}
	if got := title(p2); strings.Contains(got, "arriving") || strings.Contains(got, "read from") {
		t.Errorf("in_flight_max counts the whole run; its title should name no window, got %q", got)
	}
}
