package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Challenge 8 with overlap-limited sharding and at most 2 workers shared
// leaves workers per customer one value, 3. The form read "3 to 3, ←→ by
// 1", and either arrow moved the start's 2 to 3, a left press raising it.
// The form states the one value and what fixes it; the arrows leave the
// value as it is and the status says why, and how to set the one value.
func TestAOneValueKnobDoesNotTurn(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 100, 30)
	m = press(t, m, "right", "right", "down")
	if got := challenge.FormatValue(m.setting["strategy"]); got != "overlap-limited" || m.c.Knobs[m.focus].Path != "per_customer" {
		t.Fatalf("strategy %s, knob %s: want overlap-limited, per_customer", got, m.c.Knobs[m.focus].Path)
	}
	line := strings.TrimSpace(lineWith(m, "fixed by"))
	if line != "3, fixed by most workers shared" {
		t.Errorf("the form states the range as %q, want 3, fixed by most workers shared", line)
	}
	if l := lineWith(m, "3 to 3"); l != "" {
		t.Errorf("a one-value range drawn as a span: %q", strings.TrimSpace(l))
	}
	for _, k := range []string{"right", "left"} {
		m = press(t, m, k)
		if got := challenge.FormatValue(m.setting["per_customer"]); got != "2" {
			t.Errorf("%s turned workers per customer to %s", k, got)
		}
		if !strings.Contains(m.note, "workers per customer cannot turn: it can only be 3, fixed by most workers shared (") ||
			!strings.Contains(m.note, "; enter types 3") || m.noteErr {
			t.Errorf("after %s the status says %q", k, m.note)
		}
	}
	m = press(t, m, "enter", "3", "enter", "right")
	if got := challenge.FormatValue(m.setting["per_customer"]); got != "3" {
		t.Fatalf("typed 3, right: workers per customer is %s", got)
	}
	if !strings.Contains(m.note, "cannot turn") || strings.Contains(m.note, "enter types") {
		t.Errorf("at its one value, right says %q", m.note)
	}
	// The most shared is held by the workers each in turn.
	m = press(t, m, "down")
	if line := strings.TrimSpace(lineWith(m, "fixed by")); line != "2, fixed by workers per customer" {
		t.Errorf("most workers shared: the form reads %q", line)
	}
	// Shuffle sharding frees it: it turns again.
	m = press(t, m, "up", "up", "left", "down")
	if line := strings.TrimSpace(lineWith(m, "←→ by 1")); line != "1 to 8, ←→ by 1" {
		t.Errorf("with shuffle sharding the form reads %q, want 1 to 8, ←→ by 1", line)
	}
	if m = press(t, m, "right"); challenge.FormatValue(m.setting["per_customer"]) != "4" {
		t.Errorf("with shuffle sharding right took 3 to %v", m.setting["per_customer"])
	}
}
