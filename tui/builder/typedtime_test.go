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
	racefree.Only(t) // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "d", "up", "up", "f")
	m = tuitest.Press(selectPart(t, m, "db"), "i", "ctrl+u", "999s hang for 90s", "enter")
	want := `fault "999s db hang for 90s": at 999s, past the end of`
	if !m.msgErr || !strings.Contains(m.msg, want) || !strings.Contains(m.msg, "which runs from 0 to 60s") || strings.Contains(m.msg, "16m39s") {
		t.Errorf("refusal %q, want it saying %q and the end as 60s", m.msg, want)
	}
}
