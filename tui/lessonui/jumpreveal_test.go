package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// guess makes the step's prediction: the first choice, or a number.
func guess(m Model) Model {
	if m.cur().Predict.Kind == lessons.Choice {
		return send(m, keys("1")...)
	}
	return send(m, keys("1\n")...)
}

// For every step of every lesson with a prediction and a run: a guess,
// then G (the end) or a typed time at the step's end, shows the guess's
// result as playing there does: revealed, the run finished at its end,
// no note about replaying. Lesson 12's "Jitter" stood at 90 s on
// the final table beside "Watch it play to the end", with "at the end:
// space replays the step" that space then did.
func TestJumpPastTheStopRevealsAsThePlayDoes(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Predict == nil || st.Sim == nil {
				continue
			}
			for _, jump := range []string{"G", ":end"} {
				where := fmt.Sprintf("%s step %d, %s", p.Lesson.ID, i+1, jump)
				m := guess(open(t, p, i, 120, 40, Options{}))
				if !m.predicts[i].made || m.atStop() {
					continue
				}
				if jump == "G" {
					m = send(m, keys("G")...)
				} else {
					m = send(m, keys(":")...)
					m = send(m, keys(fmt.Sprintf("%g\n", m.stopAt().Seconds()))...)
				}
				if m.Now() < m.revealAt() {
					continue // a later step takes the run over first (stopAt)
				}
				checked++
				if !m.predicts[i].revealed {
					t.Errorf("%s: at %v, past the reveal's %v, and not revealed", where, m.Now(), m.revealAt())
				}
				switch {
				case m.Now() >= m.sim.End() && !m.finished:
					t.Errorf("%s: at the end, not finished", where)
				case m.Now() < m.sim.End() && m.Now() == st.PauseAt && !m.atPause:
					t.Errorf("%s: on the pause, not stopped there", where)
				}
				if line := ansi.Strip(m.statusLine()); strings.Contains(line, "replays the step") {
					t.Errorf("%s: a note beside the reveal: %q", where, line)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d jumps checked", checked)
	}
}

// A note a jump left goes when the play starts: it spoke of where the
// jump left the run.
func TestPlayClearsTheJumpsNote(t *testing.T) {
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Predict != nil || st.Scenario == nil {
				continue
			}
			m := send(open(t, p, i, 120, 40, Options{}), keys("G")...)
			if m.note == "" || m.atStop() {
				continue
			}
			m = send(m, keys(" ")...)
			if !m.Playing() {
				t.Fatalf("%s step %d: space after G does not play", p.Lesson.ID, i+1)
			}
			if line := ansi.Strip(m.statusLine()); m.note != "" || strings.Contains(line, "replays the step") {
				t.Errorf("%s step %d: playing with the jump's note: %q", p.Lesson.ID, i+1, line)
			}
			return
		}
	}
	t.Fatal("no step without a prediction to jump to the end of")
}
