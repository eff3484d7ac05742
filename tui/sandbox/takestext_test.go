package sandbox

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
)

// TestTakesText: the sandbox says it takes text exactly while a field is
// open for typing (the knob form, a prompt, the chaos menu's spec, the
// sweep's picker), and not on the screens whose letters are commands (the
// run, the chaos menu's lists, a sweep under way or drawn).
func TestTakesText(t *testing.T) {
	check := func(m Model, where string, want bool) {
		t.Helper()
		if got := m.TakesText(); got != want {
			t.Errorf("%s: TakesText = %v, want %v", where, got, want)
		}
	}
	m := newModel(t, 100, 30, Options{})
	check(m, "the run", false)
	m = press(m, "e")
	check(m, "the knob form", true)
	m = press(m, "esc", ":")
	check(m, "the go-to-time prompt", true)
	m = press(m, "esc", "S")
	check(m, "the seed prompt", true)
	m = press(m, "esc", "f")
	check(m, "the chaos menu's list of parts", false)
	m = press(m, "esc")
	m = injectFromMenu(t, m, "recommendations", chaos.Slow)
	check(m, "the chaos menu's fault spec", true)
	m = press(m, "esc", "esc")
	check(m, "the run again", false)

	m = openSweepOn(t, 100, 30)
	check(m, "the sweep's picker", true)
	m = press(m, "enter")
	if m.sw == nil || m.sw.stage != sweepRunning {
		t.Fatal("enter in the sweep's picker did not start the sweep")
	}
	check(m, "a sweep under way", false)
	m = press(m, "esc")
	m = send(m, sweepDoneMsg{id: m.sw.id})
	if m.sw == nil || m.sw.stage != sweepDone {
		t.Fatal("the stopped sweep is not drawn")
	}
	check(m, "a sweep drawn", false)
	m = press(m, "k")
	check(m, "the sweep's picker again", true)
	m = press(m, "esc")
	check(m, "the knob form under the sweep", true)
}
