package form

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A hint too long for its line keeps its range whole: beside the field
// where the line has room for hint and range, else off the field's line
// and said, for the focused field, on a line above the footer. At 80
// columns the sandbox's form wrapped "0 to" / "100,000" over two lines,
// and "0: as long as the" / "timeout" broke a phrase.
func TestRangeIsNeverSplit(t *testing.T) {
	th := tuitest.Plain()
	items := []Item{
		{Label: "transport size", Hint: "connections at once; 0: no limit; 0 to 100,000", Range: "0 to 100,000", Value: "0"},
		{Label: "transport wait", Hint: "for a connection; 0: as long as the timeout; 0 to 1m", Range: "0 to 1m", Value: "0"},
		{Label: "workers", Hint: "1 to 100,000", Range: "1 to 100,000", Value: "200"},
	}
	for _, w := range []int{40, 60, 76, 120} {
		for focus := range items {
			lines := Lines(th, items, nil, focus, "", "footer", w, 20)
			text := ansi.Strip(strings.Join(lines, "\n"))
			wide := w >= 2+len("transport size")+3+fieldShown+3+len(items[1].Hint)
			for _, it := range items {
				if n := strings.Count(text, it.Range); wide && n < 1 {
					t.Errorf("w %d: %q's range %q not beside it:\n%s", w, it.Label, it.Range, text)
				}
			}
			for _, l := range strings.Split(text, "\n") {
				l = strings.TrimSpace(l)
				if strings.HasSuffix(l, " to") || strings.HasSuffix(l, "the") || strings.HasPrefix(l, "100,000") || strings.HasPrefix(l, "timeout") {
					t.Errorf("w %d focus %d: a phrase split at %q:\n%s", w, focus, l, text)
				}
			}
			if !wide {
				want := strings.TrimSpace(items[focus].Label) + " takes " + items[focus].Range
				if !strings.Contains(text, want) {
					t.Errorf("w %d focus %d: no %q above the footer:\n%s", w, focus, want, text)
				}
			}
		}
	}
}
