package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
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
		m, status := stoppedStatus(t, p, w, 30)
		c := m.cont.Step + 1
		if c == m.step+2 {
			t.Fatalf("lesson 1's first step's run goes on in the next step (%d): the test needs one where n opens another", c)
		}
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

// stoppedStatus opens p's first step at w×h, plays it to where a later
// step takes its run over, and returns the model and its status line.
func stoppedStatus(t *testing.T, p *lessons.Prepared, w, h int) (Model, string) {
	t.Helper()
	m := open(t, p, 0, w, h, Options{})
	m = play(t, m)
	if !m.atStop() {
		t.Fatalf("at %d columns %s's first step did not stop where step %d takes the run over", w, p.Lesson.ID, m.cont.Step+1)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	return m, lines[len(lines)-2]
}

// At 80 columns, where lesson 1's first step stops for a later step's
// prediction, the status line says in words where the run goes on: it
// read "paused at 9.0 s · n: step 2 · step 3 goes on", the pause said
// twice (the clock says "⏸ paused 9.0 s") and what goes on left to guess.
func TestStopAt80SaysTheRunGoesOn(t *testing.T) {
	racefree.Only(t) // drives the model by hand; it starts no goroutine
	m, status := stoppedStatus(t, allLessons(t)[0], 80, 24)
	want := fmt.Sprintf("n: step %d · the run goes on in step %d", m.step+2, m.cont.Step+1)
	if !strings.Contains(status, want) {
		t.Errorf("the status line should say %q:\n%q", want, status)
	}
	if ansi.StringWidth(status) > 80 {
		t.Errorf("the status line is %d cells wide: %q", ansi.StringWidth(status), status)
	}
}
