package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A fault's start or end past the run's drain is refused at its field,
// which states the top in its hint, and the message line names the
// moment typed, the top and why (the run's length and its drain), in the
// engine's words: a fault ending in 10 years was taken and did nothing.
// The drain's own end is taken: a fault may run on into it. A burst's (a
// scripted surge of an endpoint's traffic) is held to the traffic's end,
// engine.LatestSurgeMoment, instead: it has no drain to run into.
func TestMomentPastItsTopIsRefused(t *testing.T) {
	for _, c := range []struct {
		scenario, label, typed, top, says string
	}{
		{"cascade", "  until", "87600h", "1m30s", "recommendations hangs until refused: it ends at 87600h, past 1m30s, the latest a fault may end: the run's traffic lasts 30s and it drains for 1m after"},
		{"cascade", "recommendations hangs from", "2m", "1m30s", "recommendations hangs from refused: it starts at 2m, past 1m30s, the latest a fault may start: the run's traffic lasts 30s and it drains for 1m after"},
		{"noisy-tenant", "  until", "41s", "40s", "search burst until refused: it ends at 41s, past 40s, the latest a surge or burst of traffic may end: the run's traffic lasts 40s, and the drain after it takes no arrivals"},
		{"noisy-tenant", "search burst from", "1m", "40s", "search burst from refused: it starts at 1m, past 40s, the latest a surge or burst of traffic may start"},
	} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, c.scenario)})
		m = press(m, "e")
		momentRefused(t, focusLabel(t, m, c.label, 1), c.typed, c.top, c.says)
	}
	// The top itself is a moment the field takes.
	for scenario, top := range map[string]string{"cascade": "1m30s", "noisy-tenant": "40s"} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, scenario)})
		m = press(m, "e")
		m = focusLabel(t, m, "  until", 1)
		m = press(m, "ctrl+u")
		m = press(m, top)
		if m = press(m, "enter"); m.form != nil {
			t.Errorf("%s: an end at the top, %s, was refused: %s", scenario, top, m.form.err)
		}
	}
}

// momentRefused types typed into the moment's field m's form is on, whose
// hint must state the top, and checks that it is refused there, marked
// with the top, the message line saying says.
func momentRefused(t *testing.T, m Model, typed, top, says string) {
	t.Helper()
	label := m.form.knobs[m.form.focus].label
	if k := m.form.knobs[m.form.focus]; !strings.Contains(k.hint, "at most "+top) {
		t.Errorf("%s: hint %q does not state the top %s", label, k.hint, top)
	}
	m = press(m, "ctrl+u")
	m = press(m, typed)
	m = press(m, "enter")
	if m.form == nil {
		t.Fatalf("%s %s was taken", label, typed)
	}
	if k := m.form.knobs[m.form.focus]; k.err != "want at most "+top {
		t.Errorf("%s %s: marked %q, want the top", label, typed, k.err)
	}
	if !strings.Contains(m.form.err, says) {
		t.Errorf("%s %s: the form says %q, want %q:\n%s", label, typed, m.form.err, says, ansi.Strip(m.View()))
	}
}
