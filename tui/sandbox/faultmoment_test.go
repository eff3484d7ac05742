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
// The drain's own end is taken: a fault may run on into it.
func TestFaultMomentPastTheDrainIsRefused(t *testing.T) {
	for _, c := range []struct {
		label, typed, says string
	}{
		{"  until", "87600h", "recommendations hangs until refused: it ends at 87600h, past 1m30s, the latest a fault may end: the run's traffic lasts 30s and it drains for 1m after"},
		{"recommendations hangs from", "2m", "recommendations hangs from refused: it starts at 2m, past 1m30s, the latest a fault may start: the run's traffic lasts 30s and it drains for 1m after"},
	} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade")})
		m = press(m, "e")
		m = focusLabel(t, m, c.label, 1)
		if k := m.form.knobs[m.form.focus]; !strings.Contains(k.hint, "at most 1m30s") {
			t.Errorf("%s: hint %q does not state the top 1m30s", c.label, k.hint)
		}
		m = press(m, "ctrl+u")
		m = press(m, c.typed)
		m = press(m, "enter")
		if m.form == nil {
			t.Fatalf("%s %s was taken", c.label, c.typed)
		}
		if k := m.form.knobs[m.form.focus]; k.err != "want at most 1m30s" {
			t.Errorf("%s %s: marked %q, want the top", c.label, c.typed, k.err)
		}
		if !strings.Contains(m.form.err, c.says) {
			t.Errorf("%s %s: the form says %q, want %q:\n%s", c.label, c.typed, m.form.err, c.says, ansi.Strip(m.View()))
		}
	}
	// The drain's end is a moment a fault may reach.
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade")})
	m = press(m, "e")
	m = focusLabel(t, m, "  until", 1)
	m = press(m, "ctrl+u")
	m = press(m, "1m30s")
	if m = press(m, "enter"); m.form != nil {
		t.Errorf("an end at the drain's end was refused: %s", m.form.err)
	}
}

// A burst's start or end (a scripted surge of an endpoint's traffic) is
// held to the traffic's end, engine.LatestSurgeMoment, not a fault's
// drain: its field states the top, and a moment past it is refused in the
// engine's words for a surge. The traffic's end itself is taken.
func TestBurstMomentPastTheTrafficIsRefused(t *testing.T) {
	for _, c := range []struct {
		label, typed, says string
	}{
		{"  until", "41s", "search burst until refused: it ends at 41s, past 40s, the latest a surge or burst of traffic may end: the run's traffic lasts 40s, and the drain after it takes no arrivals"},
		{"search burst from", "1m", "search burst from refused: it starts at 1m, past 40s, the latest a surge or burst of traffic may start"},
	} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "noisy-tenant")})
		m = press(m, "e")
		m = focusLabel(t, m, "search burst from", 1)
		if c.label == "  until" {
			m = press(m, "down")
		}
		if k := m.form.knobs[m.form.focus]; k.label != c.label || !strings.Contains(k.hint, "at most 40s") {
			t.Fatalf("%s: on %q, hint %q; want the top 40s stated", c.label, k.label, k.hint)
		}
		m = press(m, "ctrl+u")
		m = press(m, c.typed)
		m = press(m, "enter")
		if m.form == nil {
			t.Fatalf("%s %s was taken", c.label, c.typed)
		}
		if k := m.form.knobs[m.form.focus]; k.err != "want at most 40s" {
			t.Errorf("%s %s: marked %q, want the top", c.label, c.typed, k.err)
		}
		if !strings.Contains(m.form.err, c.says) {
			t.Errorf("%s %s: the form says %q, want %q:\n%s", c.label, c.typed, m.form.err, c.says, ansi.Strip(m.View()))
		}
	}
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "noisy-tenant")})
	m = press(m, "e")
	m = focusLabel(t, m, "search burst from", 1)
	m = press(m, "down")
	m = press(m, "ctrl+u")
	m = press(m, "40s")
	if m = press(m, "enter"); m.form != nil {
		t.Errorf("a burst ending at the traffic's end was refused: %s", m.form.err)
	}
}
