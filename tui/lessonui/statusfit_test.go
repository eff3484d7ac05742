package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// statusRow is the screen's row holding the run's clock (the status line).
func statusRow(t *testing.T, m Model) string {
	t.Helper()
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, " / ") && strings.Contains(l, " s ") && strings.Contains(l, "paused") {
			return l
		}
	}
	t.Fatalf("no status line with the clock:\n%s", ansi.Strip(m.View()))
	return ""
}

// At the stop where a later step plays on, G's note ("as far as this
// step goes") comes after the stop's words: the words are chosen to fit
// with it, so the line is cut nowhere (it was, at 100 columns: "as far as
// thi…").
func TestStopWordsFitWithGsNote(t *testing.T) {
	p := allLessons(t)[1]
	for _, w := range []int{80, 100} {
		m := open(t, p, 0, w, 30, Options{})
		m = send(m, keys(" ")...)
		m = send(m, keys("G")...)
		if !m.atStop() {
			t.Fatalf("%d columns: lesson 2's first step, space then G, is not at the stop where step 2 plays on", w)
		}
		line := statusRow(t, m)
		if strings.Contains(line, "…") {
			t.Errorf("%d columns: the status line is cut: %q", w, line)
		}
		for _, want := range []string{"as far as this step goes", "n: step 2"} {
			if !strings.Contains(line, want) {
				t.Errorf("%d columns: the status line %q does not say %q", w, line, want)
			}
		}
	}
}

// The status line's clock is the program's one clock (pane.Clock): cut to
// tenths, so 5.96 s reads 5.9 s, never the 6.0 s a run short of it has not
// reached.
func TestStatusClockCutsToTenths(t *testing.T) {
	p := allLessons(t)[1] // its first step asks no prediction before it plays
	m := open(t, p, 0, 100, 30, Options{})
	at := 5960 * time.Millisecond
	if m.cur().From > at || at >= m.sim.End() {
		t.Fatalf("lesson 2's first step runs %v to %v, not through %v", m.cur().From, m.sim.End(), at)
	}
	if err := m.sim.Seek(at); err != nil || m.sim.Now() != at {
		t.Fatalf("seeking %v reached %v (%v)", at, m.sim.Now(), err)
	}
	line := statusRow(t, m)
	if want := "5.9 s"; !strings.Contains(line, want+" / ") {
		t.Errorf("at %v the status line says %q, want the clock %q", at, line, want)
	}
}
