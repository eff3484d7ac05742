package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A sweep stopped before the form's own design ran says so on the ◆
// line: it named the design with no figure, as if one were lost.
func TestStoppedSweepSaysTheFormsDesignNotRun(t *testing.T) {
	m := openSweepOn(t, 200, 60)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	m = press(m, "esc") // before the command runs: no run starts
	m = drive(t, m, cmd)
	s := m.sw
	if s.stage != sweepDone || !s.stopped || s.res == nil {
		t.Fatalf("a stopped sweep: stage %d, stopped %v", s.stage, s.stopped)
	}
	var line string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, "◆ the design in the form") {
			line = l
		}
	}
	if s.res.Runs == 0 && !strings.Contains(line, "not run") {
		t.Errorf("no run done, and the ◆ line reads %q; want it to say not run:\n%s", line, ansi.Strip(m.View()))
	}
	if s.res.Runs != 0 {
		t.Fatalf("the sweep ran %d runs before esc; the test wants none", s.res.Runs)
	}
}
