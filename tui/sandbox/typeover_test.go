package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// Typing into a field the cursor has just come to replaces its value:
// 1s typed into cascade's timeout of 5s made 5s1s, which Go reads as 6 s,
// and the run took it with only "knobs applied". Backspace and the arrows
// still edit the value in place, and a value enter refused stands
// selected for the value meant.
func TestTypingOnAFieldJustEnteredReplacesItsValue(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and the enter here is refused
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade"), Variant: 1})
	m = press(m, "e")
	m = focusLabel(t, m, "timeout", 1)
	value := func() string { return m.form.knobs[m.form.focus].input.Value() }
	if value() != "5s" {
		t.Fatalf("cascade's variant 1 timeout reads %q, want 5s", value())
	}
	m = typeRunes(m, "1s")
	if value() != "1s" {
		t.Errorf("1s typed on the timeout just entered made %q, want 1s", value())
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "[1s▏") {
		t.Errorf("the field should show 1s:\n%s", v)
	}
	// Left and come back to: selected again.
	m = typeRunes(press(m, "down", "up"), "2s")
	if value() != "2s" {
		t.Errorf("2s typed on the timeout entered again made %q, want 2s", value())
	}
	// Backspace keeps it, and edits it at its end.
	m = typeRunes(press(m, "down", "up", "backspace"), "ms")
	if value() != "2ms" {
		t.Errorf("backspace and ms on the timeout just entered made %q, want 2ms", value())
	}
	// A unit typed twice is refused at enter, and the value meant, typed
	// next, replaces the refused one.
	m = press(typeRunes(press(m, "ctrl+u"), "5s1s"), "enter")
	if m.form == nil {
		t.Fatal("5s1s was taken")
	}
	if want := "5s1s repeats the unit s: did you mean 1s?"; !strings.Contains(m.form.err, want) {
		t.Errorf("the message line says %q, want %q in it", m.form.err, want)
	}
	m = typeRunes(m, "1s")
	if value() != "1s" {
		t.Errorf("1s typed after 5s1s was refused made %q, want 1s", value())
	}
}
