package chart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// In noisy-tenant's shared pool, acme's surge on search (10–30 s) leaves
// every endpoint about 62% ok and 38% rejected (`breakerlab run
// noisy-tenant`, the Tenants pane). In the sandbox at 100×30 and 80×24
// the chart's bands are one row high, and each cell went to the largest
// share: checkout and search were drawn solid ok through the surge. A
// one-row cell shows the worst outcome of a notable share, and the legend
// says so.
func TestOutcomesShowANotableMinorityInAOneRowBand(t *testing.T) {
	d := tuitest.At(t, "noisy-tenant", 0, 40) // G: the run's end
	// The chart's sizes in the sandbox at 100×30 and 80×24.
	for _, sz := range [][2]int{{45, 9}, {36, 9}} {
		o := chart.NewOutcomes(tuitest.Plain())
		o.SetData(d)
		o.SetSize(sz[0], sz[1])
		v := o.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("outcomes-noisy-tenant-40s-%dx%d", sz[0], sz[1]), v)
		for _, name := range []string{"checkout", "search"} {
			var band []string
			for _, l := range strings.Split(v, "\n") {
				if strings.Contains(l, name+" ") {
					band = append(band, l)
				}
			}
			if len(band) != 1 {
				t.Fatalf("no band for %s at %dx%d:\n%s", name, sz[0], sz[1], v)
			}
			cells := []rune(strings.TrimSuffix(strings.TrimSpace(band[0][strings.Index(band[0], name)+len(name):]), "│"))
			// The axis runs 0–40 s: its middle half is the surge's.
			n := len(cells)
			if surge := string(cells[n*3/8 : n*5/8]); strings.Trim(surge, "░") != "" {
				t.Errorf("%s at %dx%d: the surge's cells should show its 38%% rejected (░), got %q:\n%s", name, sz[0], sz[1], surge, v)
			}
			if early := string(cells[:n/5]); strings.Trim(early, "█") != "" {
				t.Errorf("%s at %dx%d: before the surge every request ends ok (█), got %q", name, sz[0], sz[1], early)
			}
		}
		if !strings.Contains(v, "worst outcome") || !strings.Contains(v, "≥10%") {
			t.Errorf("at %dx%d the legend should say a one-row cell shows the worst outcome of ≥10%%:\n%s", sz[0], sz[1], v)
		}
	}
}

// With no legend line left for it, an edge of the frame says how a
// one-row cell is picked: the bottom one where the title, which stays put
// (TestOutcomesTitleStaysPut), leaves no room beside it.
func TestOutcomesSayTheOneRowRuleInTheNoteWithoutRoomInTheLegend(t *testing.T) {
	o := chart.NewOutcomes(tuitest.Plain())
	o.SetData(tuitest.At(t, "cascade", 0, 30))
	o.SetSize(45, 8)
	v := o.View()
	lines := strings.Split(v, "\n")
	if !strings.Contains(lines[len(lines)-1], "worst outcome of ≥10%") {
		t.Errorf("the bottom edge should say a one-row cell shows the worst outcome of ≥10%%:\n%s", v)
	}
	if n := strings.Count(v, "≥10%"); n != 1 {
		t.Errorf("the rule should be said once, not %d times:\n%s", n, v)
	}
}
