package builder

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A parts list cut to a short pane begins at a part's first line, and
// shows the selected part whole where its lines fit: at 40×12 it showed
// "database", the end of "inventory · 32 workers → database" wrapped
// above, as if it were a part, and the selected database's first line
// without its fault. For every part selected, at narrow widths and short
// heights.
func TestPartsListShowsWholeParts(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, start := range []string{"go-inventory", "checkout"} {
		m := fromStart(t, 40, 12, start)
		for range m.parts {
			for w := 30; w <= 50; w += 4 {
				lines, owner := m.partLines(w)
				plain := make([]string, len(lines))
				for i, l := range lines {
					plain[i] = strings.TrimRight(ansi.Strip(l), " ")
				}
				for h := 5; h <= 9; h++ {
					where := fmt.Sprintf("%s, %s selected, parts pane %dx%d", start, m.cur().name, w, h)
					pane := m.partsPane(w, h)
					var shown []string
					for _, row := range pane[1 : len(pane)-1] {
						row = strings.TrimSuffix(strings.TrimPrefix(ansi.Strip(row), "│"), "│")
						if text := strings.TrimSpace(row); text == "" || strings.HasSuffix(text, " more") {
							continue // the frame's blank rows and the ↑/↓ marks
						}
						shown = append(shown, strings.TrimRight(row, " "))
					}
					top := -1
					for k := range plain {
						if len(shown) > 0 && k+len(shown) <= len(plain) && slices.Equal(plain[k:k+len(shown)], shown) {
							top = k
							break
						}
					}
					if top < 0 {
						t.Fatalf("%s: the rows shown are not the list's lines in order:\n%s", where, strings.Join(pane, "\n"))
					}
					if top > 0 && owner[top] == owner[top-1] {
						t.Errorf("%s: the list begins inside a part wrapped above, at %q:\n%s", where, shown[0], ansi.Strip(strings.Join(pane, "\n")))
					}
					var sel []int
					for k, o := range owner {
						if o == m.sel {
							sel = append(sel, k)
						}
					}
					if len(sel) <= h-4 && (sel[0] < top || sel[len(sel)-1] >= top+len(shown)) {
						t.Errorf("%s: the selected part's %d lines fit and are not all shown:\n%s", where, len(sel), ansi.Strip(strings.Join(pane, "\n")))
					}
				}
			}
			m = tuitest.Press(m, "down")
		}
	}
}
