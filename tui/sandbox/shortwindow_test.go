package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// api-gateway at 80×24, each variant at 30 s (search's upstream hanging):
// five bulkheads in the pool, two caps in the in-flight chart, five
// breakers for one breaker pane.
func TestAPIGatewayGolden80x24(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "api-gateway")
	for v := range sc.Variants {
		m := seekTo(t, newModel(t, 80, 24, Options{Scenario: sc, Variant: v}), 30*time.Second)
		view := m.View()
		tuitest.CheckBlock(t, view, 80, 24)
		golden.Check(t, fmt.Sprintf("layout-api-gateway-v%d-80x24", v+1), view)
	}
}

// At 80×24 api-gateway's pool keeps rows only for the bulkheads' counts
// the run will show (one of five turns calls away), so the rows it used to
// hold blank go to the breaker under it, and the right column's in-flight
// chart gets the rows it would like: enough that its two caps and its 0
// row are three rows apart.
func TestShortWindowGivesTheSpareRowsToTheCharts(t *testing.T) {
	racefree.Only(t) // no goroutine: the model's and the engine's work alone
	sc := tuitest.Scenario(t, "api-gateway")
	for v := range 2 { // the variants with breakers
		m := seekTo(t, newModel(t, 80, 24, Options{Scenario: sc, Variant: v}), 30*time.Second)
		view := m.View()
		a := m.arrange()
		if runs := blankRuns(view, a.widths); runs[0] > 1 || runs[1] > 1 {
			t.Errorf("variant %d: blank rows in a run %v (at most 1 a column)\n%s", v+1, runs, ansi.Strip(view))
		}
		// The breaker under the pool is narrow: its latest change still
		// shows whole, never as "half-open →…".
		// (The title's tabs may shorten a variant's name between words.)
		if _, panes, _ := strings.Cut(ansi.Strip(view), "\n"); strings.Contains(panes, "…") {
			t.Errorf("variant %d: something is cut short\n%s", v+1, ansi.Strip(view))
		}
		h := 0
		for c := range 2 {
			for _, s := range a.cols[c] {
				if s.id == pInFlight {
					h = s.h
				}
			}
		}
		if want := m.ask(pInFlight, a.widths[1]).want; h < want {
			t.Errorf("variant %d: calls in flight got %d rows, wants %d\n%s", v+1, h, want, ansi.Strip(view))
		}
	}
}

// Every built-in scenario and variant at 80×24: no column stands blank
// for more than three rows in a row (a pane kept taller than it draws),
// and every pane that found no room is named in a foot, however many.
func TestShortWindowLeavesNothingBlankOrUnsaid(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := jumpTo(t, newModel(t, 80, 24, Options{Scenario: sc, Variant: v}), (sc.Duration / 2).Truncate(time.Second))
			view := m.View()
			a := m.arrange()
			for c, n := range blankRuns(view, a.widths) {
				if n > 3 {
					t.Errorf("%s variant %d: %d blank rows in a run in the %s column\n%s", b.Name, v+1, n, []string{"left", "right"}[c], ansi.Strip(view))
				}
			}
			foot := strings.Join(a.foot[:], " ")
			if len(a.hidden) > 0 && !strings.Contains(foot, "hidden") && !strings.Contains(foot, "enlarge") {
				t.Errorf("%s variant %d: %v found no room and no foot says so\n%s", b.Name, v+1, a.hidden, ansi.Strip(view))
			}
		}
	}
}
