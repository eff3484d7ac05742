package shardview

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// As in the sandbox's form, a field the cursor has just come to stands
// selected: what is typed replaces its value, and a restart time naming a
// unit twice, a value typed onto another's end, is refused with the one
// most likely meant.
func TestTypingOnAFieldJustEnteredReplacesItsValue(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and the enter here is refused
	m := press(newModel(t, 80, 24, Options{}), "e")
	for range len(m.form.knobs) {
		if m.form.knobs[m.form.focus].label == "restart takes" {
			break
		}
		m = press(m, "tab")
	}
	value := func() string { return m.form.knobs[m.form.focus].input.Value() }
	if value() == "" || value() == "1s" {
		t.Fatalf("the restart time reads %q: the test wants a value other than 1s", value())
	}
	m = press(m, "1", "s")
	if value() != "1s" {
		t.Errorf("1s typed on the restart time just entered made %q, want 1s", value())
	}
	m = press(m, "end", "5", "s", "enter")
	if m.form == nil || !strings.Contains(m.form.err, "1s5s repeats the unit s: did you mean 5s?") {
		t.Fatalf("1s5s should be refused, naming the unit repeated; the form: %+v", m.form)
	}
	if m = press(m, "5", "s"); value() != "5s" {
		t.Errorf("5s typed after 1s5s was refused made %q, want 5s", value())
	}
}
