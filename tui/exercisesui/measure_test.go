package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/measure"
	"github.com/charmbracelet/x/ansi"
)

// At 200 columns the task ran 196 characters a line, too long for the eye
// to find the next; the lessons cap their text at a readable measure, and
// the runner's task and hints keep to the same one.
func TestProseKeepsAReadableMeasure(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 200, 60)
	widest := 0
	for _, e := range d.m.exs {
		for _, l := range d.m.drawReadme(d.m.info[e.Name].readme) {
			if n := ansi.StringWidth(l); n > measure.Prose {
				t.Errorf("%s's task at 200 columns has a line of %d, over %d: %q", e.Name, n, measure.Prose, ansi.Strip(l))
			} else {
				widest = max(widest, n)
			}
		}
	}
	if widest < measure.Prose-20 {
		t.Errorf("the widest line of any task at 200 columns is %d: the measure is %d", widest, measure.Prose)
	}
	d.keys("h")
	in := false
	for _, l := range d.m.body() {
		plain := strings.TrimSpace(ansi.Strip(l))
		switch {
		case strings.HasPrefix(plain, "── Hint"):
			in = true
		case plain == "":
			in = false
		case in && ansi.StringWidth(l) > measure.Prose:
			t.Errorf("a hint at 200 columns has a line of %d, over %d: %q", ansi.StringWidth(l), measure.Prose, plain)
		}
	}
}
