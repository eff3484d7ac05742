package sandbox

import (
	"strings"
	"testing"
)

// A fault's start said "at most 1m30s" beside it, the top with an end
// given; with its until empty the fault lasts to the run's end, and
// cascade's hang moved to 45s was refused "before 30s". The hint says
// the top that holds: before the run's end while until is empty, the
// drain's top once an end is typed.
func TestAFaultsStartHintsTheTopThatHolds(t *testing.T) {
	m := press(newModel(t, 200, 60, Options{}), "e")
	const section = "The server and its traffic"
	from := fieldIn(m.form, section, "recommendations hangs from")
	if from < 0 || strings.TrimSpace(m.form.knobs[from+1].label) != "until" {
		t.Fatalf("no hang start followed by its until in %q: %q", section, formFields(m.form))
	}
	if v := flat(m); !strings.Contains(v, "when it starts; before 30s ") || strings.Contains(v, "when it starts; at most") {
		t.Errorf("with until empty the hang's start should say it must start before 30s:\n%s", v)
	}
	setField(t, m, section, "until", "50s")
	if v := flat(m); !strings.Contains(v, "when it starts; at most 1m30s") {
		t.Errorf("with an end typed the hang's start should say the drain's top, 1m30s:\n%s", v)
	}
	// What the hint says is what the form takes: with until empty, 45s
	// is refused; with an end, a start past the traffic's end is taken.
	setField(t, m, section, "until", "")
	setField(t, m, section, "recommendations hangs from", "45s")
	if m = press(m, "enter"); m.form == nil || !strings.Contains(m.form.err, "before 30s") {
		t.Fatalf("a hang from 45s with no end should be refused before 30s")
	}
	setField(t, m, section, "until", "1m")
	if m = press(m, "enter"); m.form != nil {
		t.Errorf("a hang from 45s to 1m was refused: %s", m.form.err)
	}
}
