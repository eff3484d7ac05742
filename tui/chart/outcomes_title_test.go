package chart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A pane's title names what it is and stays put for the whole run: at
// 80×24 (the sandbox's outcomes pane, 36×10) the title "Outcomes as
// decided" turned into "Timeline" some 12 s into cascade, where the rule
// of a one-row band ("≥10% always shown") first applied and took the top
// edge. At every second of every cascade variant, at the sizes the
// sandbox, compare mode and the lesson player give it, the title is the
// one it had at the start.
func TestOutcomesTitleStaysPut(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	for v := range sc.Variants {
		var sizes [][2]int
		for _, w := range []int{36, 39, 45} {
			for h := 8; h <= 14; h++ {
				sizes = append(sizes, [2]int{w, h})
			}
		}
		for _, sz := range append(sizes, [2]int{72, 31}, [2]int{88, 30}) {
			var first string
			for sec := 0; sec <= int(sc.Duration.Seconds()); sec++ {
				o := chart.NewOutcomes(tuitest.Plain())
				o.SetData(tuitest.At(t, "cascade", v, float64(sec)))
				o.SetSize(sz[0], sz[1])
				view := o.View()
				title := topTitle(view)
				where := fmt.Sprintf("variant %d at %d s, %dx%d", v+1, sec, sz[0], sz[1])
				if sec == 0 {
					first = title
				} else if title != first {
					t.Errorf("%s: the title is %q where it was %q at the start:\n%s", where, title, first, view)
					break
				}
			}
		}
	}
}

// topTitle is the title in a frame's top edge: "╭─ Title ─── note ─╮".
func topTitle(view string) string {
	top, _, _ := strings.Cut(view, "\n")
	top = strings.TrimPrefix(top, "╭─ ")
	title, _, _ := strings.Cut(top, " ─")
	return title
}
