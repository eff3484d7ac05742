package lessonui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// One breaker opening reads as one time on every part of the screen: in
// lesson 9's "Everything together", paused where payment opens, the
// reveal, the status line (before the pause and at it), the breaker pane's
// log and the transitions pane all write 1.575 s, as `breakerlab run
// checkout` does (they wrote 1.575 s, 1.57 s and 1.6 s).
func TestOneBreakerOpeningOneTime(t *testing.T) {
	p := allLessons(t)[8]
	i := stepTitled(t, p, "Everything together")
	g := regexp.MustCompile(`At \*\*([\d.]+ m?s)\*\*`).FindStringSubmatch(p.Steps[i].Predict.Reveal)
	if g == nil {
		t.Fatalf("the reveal quotes no time:\n%s", p.Steps[i].Predict.Reveal)
	}
	at := g[1]
	if at != "1.575 s" {
		t.Errorf("the reveal says payment opens at %s; the checkout scenario's breaker opens at 1.575 s", at)
	}
	m := open(t, p, i, 100, 30, Options{})
	m = send(m, keys("1\n")...) // a guess; then it plays to the pause
	if !m.Playing() {
		t.Fatal("the step does not play after the guess")
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "pauses at "+at+" (payment opens)") {
		t.Errorf("while playing, the status line should say it pauses at %s:\n%s", at, v)
	}
	m = playToPause(t, m)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "paused here: payment opens at "+at) {
		t.Errorf("at the pause, the status line should say payment opened at %s:\n%s", at, v)
	}
	if !strings.Contains(v, at+"  closed → open") {
		t.Errorf("the breaker pane's log should say it opened at %s:\n%s", at, v)
	}
	tp := newEnginePane("transitions", tuitest.Plain())
	tp.SetSize(60, 8)
	es, ok := m.sim.(*engineSim)
	if !ok {
		t.Fatal("the step plays no engine simulation")
	}
	tp.SetData(pane.Data{Snap: &es.snap, Gen: es.gen})
	if tv := ansi.Strip(tp.View()); !strings.Contains(tv, at+"  closed → open") {
		t.Errorf("the transitions pane should say it opened at %s:\n%s", at, tv)
	}
}
