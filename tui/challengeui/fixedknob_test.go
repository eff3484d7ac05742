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
// how to free it. The form says which arrow moves it, and how.
func TestAOneValueKnobDoesNotTurn(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 100, 30)
	m = press(t, m, "right", "right", "down")
	if got := challenge.FormatValue(m.setting["strategy"]); got != "overlap-limited" || m.c.Knobs[m.focus].Path != "per_customer" {
		t.Fatalf("strategy %s, knob %s: want overlap-limited, per_customer", got, m.c.Knobs[m.focus].Path)
	}
	line := strings.TrimSpace(lineWith(m, "fixed by"))
	if line != "3, fixed by most workers shared, → sets it" {
		t.Errorf("the form states the range as %q, want 3, fixed by most workers shared, → sets it", line)
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
	// At its one value, left has nowhere to go: 2 workers each with 1
	// shared serve 496 customers, not 1,000.
	m = press(t, m, "left")
	if got := challenge.FormatValue(m.setting["per_customer"]); got != "3" {
		t.Errorf("at its one value, left turned workers per customer to %s", got)
	}
	if want := "workers per customer can only be 3, fixed by most workers shared; raise most workers shared for more"; m.note != want {
		t.Errorf("at its one value, left says %q, want %q", m.note, want)
	}
	// Right raises it, and most workers shared with it: each holds the
	// other at 3 and 2, and the note said to raise the other, which no
	// arrow could (report h-review1).
	m = press(t, m, "right")
	if got, shared := challenge.FormatValue(m.setting["per_customer"]), challenge.FormatValue(m.setting["max_shared"]); got != "4" || shared != "3" {
		t.Errorf("right at 3 each, 2 shared gave %s each, %s shared; want 4 and 3", got, shared)
	}
	if want := "workers per customer set to 4, and most workers shared to 3 with it: each holds the other"; m.note != want {
		t.Errorf("after right the status says %q, want %q", m.note, want)
	}
	// Left takes both back, and u undoes the pair in one press.
	if m = press(t, m, "left"); challenge.FormatValue(m.setting["per_customer"]) != "3" || challenge.FormatValue(m.setting["max_shared"]) != "2" {
		t.Errorf("left from 4 each, 3 shared gave %v each, %v shared; want 3 and 2", m.setting["per_customer"], m.setting["max_shared"])
	}
	if m = press(t, m, "u"); challenge.FormatValue(m.setting["per_customer"]) != "4" || challenge.FormatValue(m.setting["max_shared"]) != "3" {
		t.Errorf("u after the pair's step back gave %v each, %v shared; want 4 and 3", m.setting["per_customer"], m.setting["max_shared"])
	}
	m = press(t, m, "left")
	// The most shared is held by the workers each in turn, and its right
	// arrow carries them too.
	m = press(t, m, "down")
	if line := strings.TrimSpace(lineWith(m, "fixed by")); line != "2, fixed by workers per customer, → raises both" {
		t.Errorf("most workers shared: the form reads %q", line)
	}
	if m = press(t, m, "right"); challenge.FormatValue(m.setting["per_customer"]) != "4" || challenge.FormatValue(m.setting["max_shared"]) != "3" {
		t.Errorf("right on most workers shared gave %v each, %v shared; want 4 and 3", m.setting["per_customer"], m.setting["max_shared"])
	}
	m = press(t, m, "up", "left", "down")
	// Shuffle sharding frees it: it turns again.
	m = press(t, m, "up", "up", "left", "down")
	if line := strings.TrimSpace(lineWith(m, "←→ by 1")); line != "1 to 8, ←→ by 1" {
		t.Errorf("with shuffle sharding the form reads %q, want 1 to 8, ←→ by 1", line)
	}
	if m = press(t, m, "right"); challenge.FormatValue(m.setting["per_customer"]) != "4" {
		t.Errorf("with shuffle sharding right took 3 to %v", m.setting["per_customer"])
	}
}

// Typing 4 workers per customer where at most 2 shared holds them at 3
// carries most workers shared to 3, as the right arrow does; it was
// refused with a note to raise most workers shared, which was held at 2
// by the 3 workers each (report h-review1).
func TestTypingPastAHeldValueCarriesTheOther(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 100, 30)
	m = press(t, m, "right", "right", "down", "right")
	m = press(t, m, "enter", "ctrl+u", "4", "enter")
	if got, shared := challenge.FormatValue(m.setting["per_customer"]), challenge.FormatValue(m.setting["max_shared"]); got != "4" || shared != "3" {
		t.Errorf("typing 4 gave %s each, %s shared; want 4 and 3 (note %q)", got, shared, m.note)
	}
	if want := "workers per customer set to 4, and most workers shared to 3 with it: each holds the other"; m.note != want || m.noteErr {
		t.Errorf("after typing 4 the status says %q, want %q", m.note, want)
	}
}
