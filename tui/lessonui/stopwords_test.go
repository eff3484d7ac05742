package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// Where a step stops because a later step takes its run over, and n opens
// another step first, the status line names n's step before the one the
// run goes on in, and n opens the step it names: lesson 1's first step
// said "paused here: 9.0 s; step 3 plays on from here; n: step 2", which
// a first reader took for n going on to step 3.
func TestStopSaysWhereNGoesAndWhereTheRunGoesOn(t *testing.T) {
	racefree.Only(t) // drives the model by hand; it starts no goroutine
	p := allLessons(t)[0]
	nStep := regexp.MustCompile(`n: step (\d+)`)
	for _, w := range []int{80, 100, 160} {
		m := open(t, p, 0, w, 30, Options{})
		m = play(t, m)
		if !m.atStop() {
			t.Fatalf("at %d columns lesson 1's first step did not stop where step %d takes the run over", w, m.cont.Step+1)
		}
		c := m.cont.Step + 1
		if c == m.step+2 {
			t.Fatalf("lesson 1's first step's run goes on in the next step (%d): the test needs one where n opens another", c)
		}
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		status := lines[len(lines)-2]
		got := nStep.FindStringSubmatchIndex(status)
		if got == nil {
			t.Errorf("at %d columns the status line does not say where n goes: %q", w, status)
			continue
		}
		named := status[got[2]:got[3]]
		runs := strings.Index(status, fmt.Sprintf("step %d", c))
		if runs >= 0 && runs < got[0] {
			t.Errorf("at %d columns the status line names step %d, where the run goes on, before n's step %s: %q", w, c, named, status)
		}
		if !strings.Contains(status, "paused at "+pauseAt(m.cur())) && w >= 100 {
			t.Errorf("at %d columns the status line does not say where it paused: %q", w, status)
		}
		m = send(m, keys("n")...)
		if want := named; fmt.Sprint(m.step+1) != want {
			t.Errorf("at %d columns the status line said n: step %s, and n opened step %d", w, want, m.step+1)
		}
	}
}
