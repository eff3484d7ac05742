package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Challenge 3's bulkhead takes its workers from a pool of 34 that is a
// knob too. Its form read "0 (none) to 100", the arrows went on past 34
// and a typed 50 was taken, each refused only once graded. The form states
// the range the pool leaves it, the arrows stop at its end, saying which
// knob widens it, a value past it is refused as it is typed, and moving
// the pool moves the range.
func TestTheBulkheadsRangeIsThePools(t *testing.T) {
	m := sized(t, open(t, "bulkhead-40", Options{}), 100, 30)
	if m.c.Knobs[0].Path != "recommendations.bulkhead" || m.c.Knobs[1].Path != "workers" {
		t.Fatalf("bulkhead-40's knobs are %v", m.c.Knobs)
	}
	if line := lineWith(m, "←→ by 1"); !strings.Contains(line, "0 (not set) to 34,") {
		t.Errorf("the form states the bulkhead's range as %q, want 0 (not set) to 34", strings.TrimSpace(line))
	}
	for range 20 {
		m = press(t, m, "right")
	}
	if got := challenge.FormatValue(m.setting["recommendations.bulkhead"]); got != "34" {
		t.Errorf("the arrows took the bulkhead to %s, past the pool's 34", got)
	}
	if !strings.Contains(m.note, "end of its range, 0 (not set) to 34") || !strings.Contains(m.note, "raise workers for more") {
		t.Errorf("at the end the note says %q", m.note)
	}
	before := m.gen
	m = press(t, m, "enter", "5", "0", "enter")
	if !m.typing || !m.noteErr || !strings.Contains(m.note, "must be between 0 (not set) and 34") || m.gen != before {
		t.Errorf("a typed 50 should be refused at once, the field kept open: typing %v, note %q, setting %v", m.typing, m.note, m.setting)
	}
	m = press(t, m, "esc", "down", "right", "right")
	if got := challenge.FormatValue(m.setting["workers"]); got != "40" {
		t.Fatalf("workers moved to %s, want 40 (34, then the grid of 5 from 20)", got)
	}
	m = press(t, m, "up")
	if line := lineWith(m, "←→ by 1"); !strings.Contains(line, "0 (not set) to 40,") {
		t.Errorf("with 40 workers the form states %q", strings.TrimSpace(line))
	}
}
