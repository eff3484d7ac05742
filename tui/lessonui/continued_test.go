package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// No step plays into what a later step asks the learner to predict about
// the same run: in every lesson, a step that a later one plays on from a
// later moment (lessons.Prepared.ContinuedBy) stops there, however the
// learner tries to go on: space, →, ] , G, a typed time or a click. Lesson
// 2's "The checkout API" paused at 0.5 s with "space plays on", and
// played on showed the pool full and the accept queue growing, the answer
// of "No timeout at all", the next step.
func TestNoStepPlaysIntoALaterPrediction(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			c, ok := p.ContinuedBy(i)
			if !ok {
				continue
			}
			checked++
			name := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			m := open(t, p, i, 100, 30, inOneFrame(Options{}))
			for range 3 {
				m = play(t, m)
				if m.Now() > c.Stop {
					t.Fatalf("%s played on to %v, past %v where step %d plays on", name, m.Now(), c.Stop, c.Step+1)
				}
			}
			m = play(t, m)
			m = send(m, keys(" ")...) // pause, wherever the replay got to
			for _, k := range []tea.Msg{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'G'}}, tea.KeyMsg{Type: tea.KeyRight}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{']'}}} {
				m = send(m, k)
				if m.Now() > c.Stop {
					t.Errorf("%s: %v moved to %v, past %v", name, k, m.Now(), c.Stop)
				}
			}
			if m.Now() != c.Stop {
				t.Errorf("%s: G went to %v, want %v", name, m.Now(), c.Stop)
			}
			if v := ansi.Strip(m.View()); !strings.Contains(v, fmt.Sprintf("step %d", c.Step+1)) {
				t.Errorf("%s: the status line does not say step %d goes on from here:\n%s", name, c.Step+1, v)
			}
			m = send(m, keys(":")...)
			m = send(m, keys(fmt.Sprintf("%g\n", m.sim.End().Seconds()))...)
			if m.Now() > c.Stop {
				t.Errorf("%s: a typed time moved to %v, past %v", name, m.Now(), c.Stop)
			}
			// Once the later step's prediction is made, the step plays on.
			m = open(t, p, i, 100, 30, inOneFrame(Options{}))
			m.predicts[c.Step].made = true
			m = play(t, m) // to the step's pause, or on past it when it opens there
			if m.Now() <= c.Stop {
				m = play(t, m)
			}
			if m.Now() <= c.Stop {
				t.Errorf("%s: with step %d answered, playing on stopped at %v", name, c.Step+1, m.Now())
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d steps are continued by a later one", checked)
	}
}

// Lesson 2's first step plays up to 0.5 s, where the window the next
// step asks about begins: its outcome table is kept back for that step
// from the start, as it is at the pause, rather than showing "health
// 100.0%" at 0.0 s and hiding it at 0.5 s.
func TestOutcomesHeldForALaterStepFromTheStart(t *testing.T) {
	p := lessonID(t, "02-timeouts")
	m := open(t, p, 0, 100, 30, Options{})
	atStart := ansi.Strip(endpointsOf(t, m).View())
	m = play(t, m)
	atPause := ansi.Strip(endpointsOf(t, m).View())
	for when, v := range map[string]string{"at 0.0 s": atStart, "at the pause": atPause} {
		if strings.Contains(v, "%") || !strings.Contains(v, "after step 2") {
			t.Errorf("%s the table shows shares the next step asks about:\n%s", when, v)
		}
	}
}

// The keys the full help (?) lists are those the one line lists and the
// player acts on: v only where the step lets the learner switch designs
// (lesson 12's third step has none, and the full help offered "v next
// design"), r and the time keys only beside a simulation.
func TestHelpListsTheKeysTheStepHas(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			m := open(t, p, i, 200, 60, Options{})
			line := ansi.Strip(m.View())
			full := ansi.Strip(send(m, tuitest.Key("?")).View())
			choose := st.Choose && m.sim != nil
			if got := strings.Contains(full, "next design"); got != choose {
				t.Errorf("%s step %d: the full help lists v: %v; the step lets the learner choose a design: %v", p.Lesson.ID, i+1, got, choose)
			}
			if !m.waiting() && strings.Contains(line, "v design") != choose {
				t.Errorf("%s step %d: the key line's v disagrees with the step", p.Lesson.ID, i+1)
			}
			if got := strings.Contains(full, "restart step"); got != (m.sim != nil) {
				t.Errorf("%s step %d: the full help lists r: %v, with a simulation: %v", p.Lesson.ID, i+1, got, m.sim != nil)
			}
		}
	}
}
