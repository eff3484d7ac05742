package lessonui

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// For every step of every built-in lesson that pauses at a time: the
// player stops at exactly the pause, and what its panes draw there is the
// snapshot the lesson's numbers are computed from (lessons.Lab.At at that
// time). A step that starts less than one sample before its pause, with no
// prediction to make, opens on the pause: lesson 1's "Little's law" opened
// at 8.9 s showing 19 busy beside a text quoting 21 at 9 s.
func TestTimePausesShowTheLabsInstant(t *testing.T) {
	lab := lessons.NewLab()
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil || st.Pause.Kind != lessons.PauseAt {
				continue
			}
			where := fmt.Sprintf("%s step %d (from %v, pause %v)", p.Lesson.ID, i+1, st.From, st.PauseAt)
			m := open(t, p, i, 160, 48, inOneFrame(Options{}))
			es := m.sim.(*engineSim)
			short := st.PauseAt-st.From <= es.snap.SampleEvery
			switch {
			case short && st.Predict == nil && (m.sim.Now() != st.PauseAt || !m.atPause):
				t.Errorf("%s: nothing to play before the pause, yet it opens at %v, not on the pause", where, m.sim.Now())
			case !short && m.sim.Now() != st.From:
				t.Errorf("%s: opens at %v, want its start", where, m.sim.Now())
			}
			if m.sim.Now() < st.PauseAt {
				m = play(t, m)
			}
			if m.sim.Now() != st.PauseAt || !m.atPause {
				t.Errorf("%s: the play stopped at %v (at the pause: %v), want exactly the pause", where, m.sim.Now(), m.atPause)
				continue
			}
			want, err := lab.At(st.Sim, st.PauseAt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m.sim.(*engineSim).snap, want) {
				t.Errorf("%s: the panes draw another snapshot than the lab's at the pause", where)
			}
			checked++
		}
	}
	if checked < 15 {
		t.Errorf("only %d steps with a time pause checked", checked)
	}
}
