package lessonui

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The status line says where the run stands twice at a pause: its clock
// and the pause's moment. For every step of every lesson that pauses, the
// two are the same digits: lesson 9's "Everything together" stopped at
// "paused 1.5 s" beside "payment opens at 1.575 s".
func TestPauseClockAndPausedAtAgree(t *testing.T) {
	clock := regexp.MustCompile(`paused +([0-9.]+ s) /`)
	at := regexp.MustCompile(` (?:at|here:) ([0-9.]+ s)`)
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil || st.PauseAt <= 0 || st.PauseAt >= st.End {
				continue
			}
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			m := open(t, p, i, 220, 40, inOneFrame(Options{}))
			if !m.atPause {
				m = play(t, m)
			}
			if !m.atPause {
				continue // a later step takes the run over first
			}
			line := ansi.Strip(m.statusLine())
			c, a := clock.FindStringSubmatch(line), at.FindStringSubmatch(line)
			if c == nil || a == nil {
				t.Errorf("%s: no clock or no pause moment in %q", where, line)
				continue
			}
			if c[1] != a[1] {
				t.Errorf("%s: the clock reads %s, the pause %s: %q", where, c[1], a[1], line)
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d pauses checked", checked)
	}
}
