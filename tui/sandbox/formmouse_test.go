package sandbox

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// knobRow is the screen row of the knob form's line for label, found in
// the drawing: the label set apart before its field's bracket.
func knobRow(view, label string) int {
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(label) + `\s+\[`)
	for y, l := range strings.Split(ansi.Strip(view), "\n") {
		if re.MatchString(l) {
			return y
		}
	}
	return -1
}

// In the knob form a click on a knob's line focuses it, wherever the form
// is scrolled to; a click on a section's title or the frame does not move
// the focus; the wheel moves it a field at a time.
func TestClickFocusesAKnob(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	for _, size := range [][2]int{{100, 40}, {80, 24}} {
		m := newModel(t, size[0], size[1], Options{})
		m = press(m, "e")
		if m.form == nil || len(m.form.knobs) < 3 {
			t.Fatalf("%v: e did not open a form with knobs", size)
		}
		clicked := 0
		labels := map[string]int{}
		for _, k := range m.form.knobs {
			labels[strings.TrimSpace(k.label)]++
		}
		for i, k := range m.form.knobs {
			if i == m.form.focus || labels[strings.TrimSpace(k.label)] > 1 {
				continue // a label every call's section has is found by its row only once
			}
			y := knobRow(m.View(), strings.TrimSpace(k.label))
			if y < 0 {
				continue // scrolled out of sight
			}
			m = send(m, tea.MouseMsg{X: 6, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			if m.form.focus != i {
				t.Fatalf("%v: a click on row %d, %q's line, focused %q", size, y, k.label, m.form.knobs[m.form.focus].label)
			}
			if line := strings.Split(ansi.Strip(m.View()), "\n")[knobRow(m.View(), strings.TrimSpace(k.label))]; !strings.Contains(line, "▸") {
				t.Fatalf("%v: the focused knob's line has no cursor: %q", size, line)
			}
			clicked++
		}
		if clicked < 2 {
			t.Fatalf("%v: only %d knobs were in sight to click", size, clicked)
		}
		before := m.form.focus
		for _, y := range []int{0, 1, size[1] - 1} { // the title line, the frame's top, the key line
			m = send(m, tea.MouseMsg{X: 6, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		}
		if m.form.focus != before {
			t.Fatalf("%v: a click off the knobs moved the focus", size)
		}
		m = send(m, tea.MouseMsg{X: 6, Y: 5, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
		if want := (before + 1) % len(m.form.knobs); m.form.focus != want {
			t.Fatalf("%v: the wheel moved the focus from %d to %d, want %d", size, before, m.form.focus, want)
		}
	}
}
