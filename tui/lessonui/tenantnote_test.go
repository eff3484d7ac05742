package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// The tenants pane keeps rows for its note's longest wording all run
// (pane.Tenants.RunNeeds), so that note's length is rows taken from the
// panes below. At 80×24 lesson 13's "acme's burst" gives the pane 37
// columns inside, where the longest note ("Shares of each tenant's
// requests that arrived in the measurement window, the run played out,
// as breakerlab run counts them.") took four lines: two stayed blank
// under the two-line note shown while the guess waits, and the worker
// pool below lost its accept-queue line to "+1 more". Every note fits
// two lines there.
func TestTenantsNoteFitsTwoLinesAt80x24(t *testing.T) {
	racefree.Only(t) // plays the step in this goroutine, starting none
	const maxLines = 2
	var m Model
	for _, p := range allLessons(t) {
		if strings.HasPrefix(p.Lesson.ID, "13") {
			// Past the guess (space twice: none), the panes are beside the
			// text, where the note's columns are short.
			m = send(open(t, p, 1, 80, 24, Options{}), keys("  ")...)
		}
	}
	es, ok := m.sim.(*engineSim)
	if !ok {
		t.Fatal("no lesson 13 played on the engine")
	}
	// The longest wording counts only the measurement window's notes when
	// the scenario has one: the test is of those.
	if es.snap.MeasureTo == 0 {
		t.Fatal("lesson 13's scenario has no measurement window: the test expects one")
	}
	found := false
	for _, pn := range es.panes {
		tp, ok := pn.(tenantsPane)
		if !ok {
			continue
		}
		found = true
		w := ansi.StringWidth(strings.SplitN(tp.View(), "\n", 2)[0])
		if w < 30 || w > 45 {
			t.Fatalf("the tenants pane is %d columns wide at 80×24: the test expects the lesson's right column", w)
		}
		// RunNeeds is the table's rows and the longest note; MinHeight the
		// table's rows alone.
		if lines := tp.RunNeeds(w) - tp.MinHeight(); lines > maxLines {
			t.Errorf("at 80×24 the tenants pane (%d columns) keeps %d lines for its longest note, want at most %d", w, lines, maxLines)
		}
	}
	if !found {
		t.Fatal("lesson 13 step 2 shows no tenants pane")
	}
}
