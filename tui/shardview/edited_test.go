package shardview

import (
	"strings"
	"testing"
)

// Switching the right side's strategy is not an edit: the status line
// names both strategies, and "(edited)" is kept for the knobs.
func TestStrategySwitchIsNotAnEdit(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	for range 3 { // through hash, overlap-limited and plain
		m = press(m, "s")
		if m.edited || strings.Contains(m.View(), "edited") {
			t.Fatalf("after switching to %s the run is marked edited:\n%s", m.run.setup.Right, m.View())
		}
	}
	if !knobsEdited(Setup{Workers: DefaultSetup().Workers + 1}) {
		t.Error("a setup with other workers is not marked edited")
	}
	s := DefaultSetup()
	s.Poisoned++
	if !knobsEdited(s) {
		t.Error("another poisoned customer is not marked edited")
	}
}
