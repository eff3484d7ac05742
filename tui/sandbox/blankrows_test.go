package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// maxBlankRun is the most rows in a row a column of a 200×60 sandbox may
// leave empty: blank under its panes, or blank inside one (a pane
// stretched past what it has to say).
const maxBlankRun = 4

// blankRuns finds, in each column of the body, the longest run of rows
// with nothing in them: all spaces, or a frame's sides around spaces.
func blankRuns(view string, widths [2]int) [2]int {
	lines := strings.Split(ansi.Strip(view), "\n")
	var best, run [2]int
	for _, l := range lines[1 : len(lines)-2] { // the body: under the title, over the status and keys
		r := []rune(l)
		at := 0
		for c := range 2 {
			end := min(at+widths[c], len(r))
			cell := strings.TrimSpace(string(r[min(at, len(r)):end]))
			if cell == "" || strings.Trim(cell, "│ ") == "" && strings.Count(cell, "│") == 2 {
				run[c]++
				best[c] = max(best[c], run[c])
			} else {
				run[c] = 0
			}
			at = end
		}
	}
	return best
}

// At 200×60 the sandbox leaves no large blank area on any built-in
// scenario, in any variant, at the middle of its run.
func TestNoBlankAreasAt200x60(t *testing.T) {
	racefree.Only(t) // every variant played to its middle: make test runs it without -race
	t.Parallel()     // parallel_test.go says which tests may
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, b.Name), Variant: v})
			m = jumpTo(t, m, (sc.Duration / 2).Truncate(time.Second))
			view := m.View()
			runs := blankRuns(view, m.arrange().widths)
			for c, n := range runs {
				if n > maxBlankRun {
					t.Errorf("%s variant %d: %d blank rows in a run in the %s column (at most %d)\n%s", b.Name, v+1, n,
						[]string{"left", "right"}[c], maxBlankRun, ansi.Strip(view))
				}
			}
		}
	}
}

// The check itself finds a blank area: a column cut short.
func TestBlankRunsSeesAnEmptyColumn(t *testing.T) {
	view := "title\n" + strings.Repeat(fmt.Sprintf("%-4s%-4s\n", "", "xx"), 6) + "status\nkeys"
	if got := blankRuns(view, [2]int{4, 4}); got != [2]int{6, 0} {
		t.Errorf("runs %v, want [6 0]", got)
	}
	view = "title\n" + strings.Repeat("│  │xx  \n", 5) + "status\nkeys"
	if got := blankRuns(view, [2]int{4, 4}); got != [2]int{5, 0} {
		t.Errorf("runs in a frame %v, want [5 0]", got)
	}
}
