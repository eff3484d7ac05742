package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// TestUncalledPermitsGetNoRow: event-loop-stall's first variant keeps the
// report's executor (a bulkhead of 8 on report-db) that only the fix calls.
// Before the fix no endpoint calls it, so no pane lists its permits, the
// breaker pane looks at a dependency that is called, the in-flight chart
// draws no cap for it, and the map says it is not called; after the fix
// its permits are back.
func TestUncalledPermitsGetNoRow(t *testing.T) {
	racefree.Only(t) // drawing alone: no goroutine to watch
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		for v, want := range []bool{false, true} {
			m := seekTo(t, newModel(t, sz[0], sz[1], Options{Scenario: builtin("event-loop-stall")(t), Variant: v}), 12*time.Second)
			plain := ansi.Strip(m.View())
			limits := ""
			for _, l := range strings.Split(plain, "\n") {
				if strings.Contains(l, "report-db ") && strings.Contains(l, "/8") {
					limits = l
				}
			}
			if (limits != "") != want {
				t.Errorf("variant %d at %dx%d: a line with report-db's 8 permits: %q, want one: %v\n%s", v, sz[0], sz[1], limits, want, plain)
			}
			if called := !strings.Contains(plain, "not called"); sz[1] >= 60 && called != want {
				t.Errorf("variant %d at %dx%d: the map says report-db is called: %v, want %v\n%s", v, sz[0], sz[1], called, want, plain)
			}
			if !want && (strings.Contains(plain, "Breaker · report-db") || strings.Contains(plain, "cap 8")) {
				t.Errorf("variant %d at %dx%d: a pane looks at report-db, which nothing calls:\n%s", v, sz[0], sz[1], plain)
			}
		}
	}
}
