package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A save in an exercise that has no result yet opens it, and its check
// starts once the debounce is over, by itself. In that moment the body
// said "not tested yet: press r to run the tests", sending the learner to
// a key they need not press; it says the check is coming instead, and
// "press r" stays for an exercise nobody saved.
func TestASavedExerciseSaysItsCheckIsComing(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	m, update := byHand(f, 100, 30)
	other := f.exs[2].Name
	update(fileSavedMsg{other})
	if m.current().Name != other {
		t.Fatalf("a save in %s left the runner on %s", other, m.current().Name)
	}
	v := m.View()
	if strings.Contains(v, "press r") {
		t.Errorf("just after a save in %s, before its check starts, the runner says to press r:\n%s", other, v)
	}
	if !strings.Contains(v, savedSoonLine) {
		t.Errorf("just after a save in %s, the runner does not say its check is coming (%q):\n%s", other, savedSoonLine, v)
	}
	update(debounceMsg{other, m.pending[other]})
	if v := m.View(); strings.Contains(v, savedSoonLine) || strings.Contains(v, "press r") {
		t.Errorf("once the check started, the runner still says %q or to press r:\n%s", savedSoonLine, v)
	}
	// An exercise with no result that nobody saved still says to press r.
	m.cur = 3
	if v := m.View(); !strings.Contains(v, "press r") {
		t.Errorf("on %s, never saved nor tested, the runner should say to press r:\n%s", m.current().Name, v)
	}
}
