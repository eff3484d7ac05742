package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The fault prompt refuses a moment past the run's end quoting it as
// typed, the run's end in its unit: "999s", not "16m39s".
func TestFaultPromptRefusesTheTimeAsTyped(t *testing.T) {
	m := tuitest.Press(dbSelected(t), "i", "ctrl+u", "999s hang for 90s", "enter")
	want := `fault "999s db hang for 90s": at 999s, past the end of`
	if !m.msgErr || !strings.Contains(m.msg, want) || !strings.Contains(m.msg, "which runs from 0 to 60s") || strings.Contains(m.msg, "16m39s") {
		t.Errorf("refusal %q, want it saying %q and the end as 60s", m.msg, want)
	}
}

// A fault that outlasts the run is added as typed (sweeps and built-ins
// run faults past the end on purpose), but the confirmation and the list
// say it runs to the end: "hang 50s–1m20s" named a stretch a 60 s run
// never reaches.
func TestFaultPastTheEndReadsToTheEnd(t *testing.T) {
	m := tuitest.Press(dbSelected(t), "i", "ctrl+u", "50s hang for 30s", "enter")
	if m.msgErr || !strings.Contains(m.msg, "added the fault db hang from 50s to the end") {
		t.Fatalf("the confirmation should say the hang runs to the end: %q", m.msg)
	}
	if line := describe(m.sc, m.cur()); !strings.Contains(line, "⚠ hang from 50s to the end") || strings.Contains(line, "1m20s") {
		t.Errorf("the list should show db's hang running to the end: %q", line)
	}
	// One that ends within the run reads as before.
	m = tuitest.Press(m, "i", "ctrl+u", "20s hang for 10s", "enter")
	if line := describe(m.sc, m.cur()); !strings.Contains(m.msg, "added the fault 20s db hang for 10s") || !strings.Contains(line, "hang 20s–30s, hang from 50s to the end") {
		t.Errorf("a fault within the run: %q, %q", m.msg, line)
	}
}

// dbSelected is a builder with a system of /checkout → db and /orders →
// orders ×3, db selected, for a fault typed at its prompt.
func dbSelected(t *testing.T) Model {
	t.Helper()
	racefree.Only(t) // no goroutine: the model driven by hand
	return selectPart(t, tuitest.Press(newBuilder(120, 40), "enter", "d", "up", "up", "f"), "db")
}
