package sandbox

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// Compare mode's two worker pools are one pane and name themselves
// alike: at 80 columns the full side's read "Pool … 6 per cell" and the
// other's "Worker pool … 6/cell", the words picked by each note of the
// moment; and at an odd width, where the right side is a cell wider,
// both take the narrower side's words.
func TestComparePoolsTitleAlike(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by messages
	top := regexp.MustCompile(`╭─ ([^─]+?) ─+ (?:(\S+ per cell) · )?`)
	for _, w := range []int{80, 81, 100, 200} {
		for _, at := range []time.Duration{time.Second, 14500 * time.Millisecond, 25 * time.Second} {
			m := press(seekTo(t, newModel(t, w, 30, Options{}), at), "c")
			if on, _, _ := m.Comparing(); !on {
				t.Fatalf("%d columns: c should open compare mode", w)
			}
			var line string
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				if strings.Count(l, "pool") == 2 || strings.Count(l, "Pool") == 2 || strings.Contains(l, "Pool") && strings.Contains(l, "pool") {
					line = l
					break
				}
			}
			if line == "" {
				t.Fatalf("%d columns at %v: no pools side by side:\n%s", w, at, ansi.Strip(m.View()))
			}
			half := len([]rune(line)) / 2
			if w%2 == 1 {
				half = w / 2
			}
			r := []rune(line)
			a, b := top.FindStringSubmatch(string(r[:half])), top.FindStringSubmatch(string(r[half:]))
			if a == nil || b == nil {
				t.Fatalf("%d columns at %v: no pool titles in %q", w, at, line)
			}
			if a[1] != b[1] || strings.Contains(a[2], "per") != strings.Contains(b[2], "per") {
				t.Errorf("%d columns at %v: the two pools are titled apart:\n%s", w, at, line)
			}
		}
	}
}
