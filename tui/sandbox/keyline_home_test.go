package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// Opened from the home screen, esc and q both go back; at 80 columns the
// key line held both ("esc back • q back") and dropped "e knobs" to make
// room, so the sandbox's main tool went unlisted there alone. The two are
// said once ("esc/q back"), and the event keys, in the full help, give
// way before e knobs.
func TestKeyLineFromHomeKeepsKnobs(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	for _, w := range []int{80, 100} {
		alone := newModel(t, w, 24, Options{})
		inside := newModel(t, w, 24, Options{CanGoHome: true, BackTo: "back to the scenarios"})
		lastLine := func(m Model) string {
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			return lines[len(lines)-1]
		}
		if l := lastLine(alone); !strings.Contains(l, "e knobs") {
			t.Fatalf("%d columns, a sandbox of its own: the key line lacks e knobs: %q", w, l)
		}
		l := lastLine(inside)
		if !strings.Contains(l, "e knobs") || !strings.Contains(l, "esc/q back") {
			t.Errorf("%d columns, opened from home: the key line should list e knobs and esc/q back: %q", w, l)
		}
		if strings.Contains(l, "q quit") {
			t.Errorf("%d columns, opened from home: q goes back, not quit: %q", w, l)
		}
	}
}
