package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// paneHeight is the height of the pane titled title in view, its frame
// included; 0 when there is none.
func paneHeight(view, title string) int {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		j := strings.Index(l, "╭─ "+title)
		if j < 0 {
			continue
		}
		col := len([]rune(l[:j]))
		for k := i + 1; k < len(lines); k++ {
			r := []rune(lines[k])
			if col < len(r) && r[col] == '╰' {
				return k - i + 1
			}
		}
	}
	return 0
}

// At 200×60 the built system's charts stand at the heights worth giving
// them, not stretched over the window (calls in flight ticking between 0
// and 5 over 45 rows, one endpoint's band 40 rows tall): the rows past
// them show the preview run's latency and the scenario file w saves.
func TestTallWindowShowsMoreNotTaller(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	b := built(t, 200, 60)
	v := b.View()
	if h := paneHeight(v, "Calls in flight"); h == 0 || h > inflightMax {
		t.Errorf("calls in flight %d rows tall (most %d):\n%s", h, inflightMax, ansi.Strip(v))
	}
	if h := paneHeight(v, "Outcomes per endpoint"); h == 0 || h > b.outcomesMax() {
		t.Errorf("outcomes %d rows tall (most %d):\n%s", h, b.outcomesMax(), ansi.Strip(v))
	}
	plain := ansi.Strip(v)
	for _, want := range []string{"Latency per endpoint", "The file w saves", "[system]", "w saves them all"} {
		if !strings.Contains(plain, want) {
			t.Errorf("the builder at 200×60 should show %q:\n%s", want, plain)
		}
	}
	// The file is the system's own: the part just built is in it.
	if !strings.Contains(plain, `name = "/checkout"`) {
		t.Errorf("the file pane should hold the system's endpoints:\n%s", plain)
	}
}
