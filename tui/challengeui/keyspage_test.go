package challengeui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The keys' page padded its keys to 8 with %-8s and then reflowed each
// line, which squeezed the padding to one space: "↑/k previous knob" and
// "pgdn ten steps down" began their descriptions in different columns. It
// sets the key table as the other screens' key pages do: within a column of
// keys every description starts in the same column, at 80×24 and at 60×16,
// where the columns go one under the other.
func TestKeysPageLinesUpDescriptions(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 16}} {
		for _, embedded := range []bool{false, true} {
			m := press(t, sized(t, open(t, "bulkhead-20", Options{Embedded: embedded}), size[0], size[1]), "?")
			_, lines := m.pageText()
			for g, group := range m.keys.FullHelp() {
				at := -1
				for _, b := range group {
					if !b.Enabled() {
						continue
					}
					col := descColumn(lines, b.Help().Key, b.Help().Desc)
					switch {
					case col < 0:
						t.Errorf("%dx%d: %q %q is not on the keys' page:\n%s", size[0], size[1], b.Help().Key, b.Help().Desc, strings.Join(lines, "\n"))
					case at < 0:
						at = col
					case col != at:
						t.Errorf("%dx%d, keys column %d: %q starts at column %d, the column's first at %d:\n%s", size[0], size[1], g+1, b.Help().Desc, col, at, strings.Join(lines, "\n"))
					}
				}
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0]-2 {
					t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, l)
				}
			}
		}
	}
}

// descColumn is the cell column where desc starts on the line that shows
// key before it, or -1.
func descColumn(lines []string, key, desc string) int {
	for _, l := range lines {
		l = ansi.Strip(l)
		k := strings.Index(l, key)
		if k < 0 {
			continue
		}
		if d := strings.Index(l[k+len(key):], desc); d >= 0 {
			return ansi.StringWidth(l[:k+len(key)+d])
		}
	}
	return -1
}
