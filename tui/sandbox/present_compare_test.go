package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Compare mode in presentation mode shows both sides: each side's workers
// held from its own snapshot, big, side by side, and compare mode's
// difference lines; not the left side alone (findings-room 4).
func TestPresentedCompareShowsBothSides(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	th := theme.New(theme.Plain(), theme.HighContrast())
	for _, sz := range [][2]int{{200, 60}, {160, 45}, {100, 30}, {80, 24}, {60, 20}} {
		m := newModel(t, 160, 48, Options{Variant: 2})
		m = seekTo(t, m, 26*time.Second)
		m = press(m, "c")
		m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		if on, _, _ := m.Comparing(); !on {
			t.Fatal("c did not open compare mode")
		}
		mo, ok := m.Moment()
		if !ok || len(mo.Sides) != 2 {
			t.Fatalf("%dx%d: the moment has %d sides, want 2", sz[0], sz[1], len(mo.Sides))
		}
		snaps := m.CompareSnapshots()
		for i, s := range mo.Sides {
			if s.Value != snaps[i].Busy || s.Of != snaps[i].Workers {
				t.Errorf("side %d shows %d/%d, its snapshot holds %d of %d", i, s.Value, s.Of, snaps[i].Busy, snaps[i].Workers)
			}
		}
		if snaps[0].Busy == snaps[1].Busy {
			t.Fatalf("the two designs hold the same workers (%d): the test shows nothing", snaps[0].Busy)
		}
		v := present.View(th, mo, "c", sz[0], sz[1])
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		flat := strings.Join(strings.Fields(ansi.Strip(v)), " ")
		for i := range snaps {
			words := fmt.Sprintf("%d/%d", snaps[i].Busy, snaps[i].Workers)
			big := present.Big(words)[0]
			if !tuitest.ContainsBig(v, big) && !strings.Contains(flat, fmt.Sprintf("%d / %d workers held", snaps[i].Busy, snaps[i].Workers)) {
				t.Errorf("%dx%d: side %d's %s is not shown:\n%s", sz[0], sz[1], i, words, v)
			}
		}
		title, lines := Difference(snaps[0], snaps[1])
		if sz[0] >= 100 {
			for _, want := range append([]string{title}, lines[0]) {
				if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
					t.Errorf("%dx%d: the compare line %q is not shown:\n%s", sz[0], sz[1], want, v)
				}
			}
		}
		// The number is set off from the name: "A: 3 bulkhead…" read
		// as one name, and "A: 1 one shared pool" as "one one".
		for _, name := range []string{"A: variant 3, ", "B: variant 1, "} {
			if !strings.Contains(flat, name) {
				t.Errorf("%dx%d: side %q is not named:\n%s", sz[0], sz[1], name, v)
			}
		}
		if strings.Contains(flat, "B: 1 one") {
			t.Errorf("%dx%d: side B is titled with its number run into its name:\n%s", sz[0], sz[1], v)
		}
	}
}
