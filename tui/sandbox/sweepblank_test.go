package sandbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A sweep stopped with esc says what its blank cells are: designs it never
// ran, not a measure too low to draw. Stopped before its first run, every
// cell is blank, so the screen is the same on every machine.
func TestStoppedSweepNamesItsBlankCells(t *testing.T) {
	// The sweep's runs go on a pool of goroutines, but only through the
	// commands drive calls one after another; the view is drawn on this
	// goroutine alone.
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		m := openSweepOn(t, sz[0], sz[1])
		next, cmd := m.Update(tuitest.Key("enter"))
		m = press(next.(Model), "esc")
		m = drive(t, m, cmd)
		s := m.sw
		if s == nil || !s.stopped || s.res == nil || s.res.Runs != 0 {
			t.Fatal("esc before the first run should leave a stopped sweep of no runs on screen")
		}
		nx, ny := s.res.Plan.Size()
		v := m.View()
		want := fmt.Sprintf("blank: %d cells not run, the sweep was stopped", nx*ny)
		if !strings.Contains(strings.Join(strings.Fields(ansi.Strip(v)), " "), want) {
			t.Errorf("%dx%d: a stopped sweep's blank cells should read %q:\n%s", sz[0], sz[1], want, ansi.Strip(v))
		}
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("sweep-stopped-%dx%d", sz[0], sz[1]), v)
	}
}
