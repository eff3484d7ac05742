package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// + and - scale a step's own speed, as they step the sandbox's (they did
// nothing in the player): a tick plays twice as much simulated time after
// +, half after -, and the status line says the speed it plays at; the
// pace holds on the next step.
func TestPlusAndMinusPaceTheStep(t *testing.T) {
	p := allLessons(t)[0]
	step := -1
	for i, s := range p.Steps {
		if s.HasSim() && s.Predict == nil {
			step = i
			break
		}
	}
	if step < 0 {
		t.Fatal("lesson 1 has no simulation step without a prediction")
	}
	base := p.Steps[step].Speed
	played := func(m Model) time.Duration {
		m = send(m, keys(" ")...) // play
		before := m.sim.Now()
		m = send(m, tickMsg{m.tickID})
		return m.sim.Now() - before
	}
	m := open(t, p, step, 100, 30, Options{})
	if m.hasCont {
		// The next step answered: the step plays on past its pause,
		// rather than space replaying it (stopAt).
		m.predicts[m.cont.Step].made = true
	}
	one := played(m)
	if one <= 0 {
		t.Fatal("a tick played no time")
	}
	fast := send(m, keys("+")...)
	if got := played(fast); got != 2*one {
		t.Errorf("after +, a tick played %v, want %v", got, 2*one)
	}
	if v := ansi.Strip(fast.View()); !strings.Contains(v, pane.SpeedLabel(roundSpeed(2*base))) {
		t.Errorf("after +, the status line lacks %s:\n%s", pane.SpeedLabel(roundSpeed(2*base)), v)
	}
	slow := send(m, keys("-")...)
	if got := played(slow); got != one/2 {
		t.Errorf("after -, a tick played %v, want %v", got, one/2)
	}
	if next := send(fast, keys("n")...); next.speed(next.cur()) != 2*next.cur().Speed {
		t.Error("the pace did not hold on the next step")
	}
}
