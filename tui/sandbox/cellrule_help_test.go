package sandbox

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
)

// The outcomes timeline's legend says "cell: worst outcome ≥10%", and the
// help explained that rule nowhere. It says now what a cell shows, with
// the threshold the chart applies (chart.NotablePercent), not a number
// typed again beside it.
func TestHelpSaysWhatAnOutcomesCellShows(t *testing.T) {
	racefree.Only(t) // no goroutine: the help's lines of a model built by hand
	m := newModel(t, 100, 30, Options{})
	help := strings.Join(m.helpLines(), " ")
	help = strings.Join(strings.Fields(strings.ReplaceAll(help, "│", " ")), " ")
	_, about, _ := strings.Cut(help, "Outcomes, as decided:")
	about, _, _ = strings.Cut(about, "Calls in flight:")
	rule := regexp.MustCompile(`an outcome of at least (\d+)% of a column's decided requests always gets a cell, the worst first: so a band one row high shows in each cell the worst outcome that reached (\d+)% of its column`)
	got := rule.FindStringSubmatch(about)
	if got == nil {
		t.Fatalf("the help's outcomes paragraph does not say what a cell shows:\n%s", about)
	}
	for _, n := range got[1:] {
		if n != strconv.Itoa(chart.NotablePercent) {
			t.Errorf("the help says %s%%, the chart draws an outcome of %d%% or more: %q", n, chart.NotablePercent, got[0])
		}
	}
}
