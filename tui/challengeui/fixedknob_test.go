package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// Challenge 8 with overlap-limited sharding and at most 2 workers shared
// leaves workers per customer one value, 3. The form read "3 to 3, ←→ by
// 1", and either arrow moved the start's 2 to 3, a left press raising it;
// then no arrow moved it, and the status ran two reasons together in a
// parenthesis (report rep-c3, defect 6). The form states the one value
// and what fixes it; the arrow that points at it sets it, with a short
// note, the other says which arrow does, and at the value the note says
// how to free it.
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
	m = press(t, m, "left")
	if got := challenge.FormatValue(m.setting["per_customer"]); got != "2" {
		t.Errorf("left turned workers per customer from 2 to %s, away from its one value 3", got)
	}
	if want := "workers per customer can only be 3, fixed by most workers shared: → sets it"; m.note != want || m.noteErr {
		t.Errorf("after left the status says %q, want %q", m.note, want)
	}
	m = press(t, m, "right")
	if got := challenge.FormatValue(m.setting["per_customer"]); got != "3" {
		t.Fatalf("right left workers per customer at %s, want its one value 3", got)
	}
	if want := "workers per customer set to 3, the only value most workers shared allows"; m.note != want {
		t.Errorf("after right the status says %q, want %q", m.note, want)
	}
	for _, k := range []string{"right", "left"} {
		m = press(t, m, k)
		if got := challenge.FormatValue(m.setting["per_customer"]); got != "3" {
			t.Errorf("at its one value, %s turned workers per customer to %s", k, got)
		}
		if want := "workers per customer can only be 3, fixed by most workers shared; raise most workers shared for more"; m.note != want {
			t.Errorf("at its one value, %s says %q, want %q", k, m.note, want)
		}
	}
	if m = press(t, m, "u"); challenge.FormatValue(m.setting["per_customer"]) != "2" {
		t.Errorf("u after the arrow's step left workers per customer at %v, want 2", m.setting["per_customer"])
	}
	m = press(t, m, "right")
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
