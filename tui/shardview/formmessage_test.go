package shardview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// formSteps presses keys in m's form and checks the message line against
// the marks after each (agrees).
type formSteps struct {
	t *testing.T
	m Model
	// said is the setup's complaint that marked the fields, the message
	// line while any field is marked ("" when they refused their texts).
	said string
}

// agrees fails unless the form's message line says what its marks say:
// the setup's complaint (said) while a field is marked, else the field the
// cursor is on when it is marked, else the first marked, with its mark's
// words and how many more are marked; nothing when none is. The screen
// shows that line, not another.
func (s *formSteps) agrees(step string) {
	s.t.Helper()
	f := s.m.form
	var marked []int
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			marked = append(marked, i)
		}
	}
	view := ansi.Strip(s.m.View())
	if len(marked) == 0 {
		if f.err != "" || strings.Contains(view, " refused: ") || strings.Contains(view, "unchanged") {
			s.t.Fatalf("%s: no field is marked, and the message line says %q:\n%s", step, f.err, view)
		}
		return
	}
	want := s.said
	if want == "" {
		at := marked[0]
		if f.knobs[f.focus].err != "" {
			at = f.focus
		}
		want = f.knobs[at].label + " refused: " + f.knobs[at].err
		if more := len(marked) - 1; more > 0 {
			want += fmt.Sprintf(", and %d more", more)
		}
		want += "; the run on screen is unchanged"
	}
	if f.err != want {
		s.t.Fatalf("%s: the message line says\n\t%q\nthe marks say\n\t%q", step, f.err, want)
	}
	// The line wraps at the window's width, inside the frame: the screen
	// holds its words.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
		s.t.Fatalf("%s: the screen does not say %q:\n%s", step, want, view)
	}
}

// press presses keys, say naming what they do for a failure.
func (s *formSteps) press(say string, keys ...string) {
	s.t.Helper()
	for i, k := range keys {
		if k == "zz" { // typed, not a key's name
			s.m = send(s.m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		} else {
			s.m = press(s.m, k)
		}
		if s.m.form == nil {
			s.t.Fatalf("%s: key %d (%s) closed the form: the setup was taken", say, i+1, k)
		}
		s.agrees(fmt.Sprintf("%s, after %s (key %d)", say, k, i+1))
	}
}

// walkTo presses tab until the cursor is on label, checking after each
// key: the cursor passes refused fields and others on its way.
func (s *formSteps) walkTo(label string) {
	s.t.Helper()
	for range len(s.m.form.knobs) {
		if s.m.form.knobs[s.m.form.focus].label == label {
			return
		}
		s.press("down to "+label, "tab")
	}
	s.t.Fatalf("the form has no field %q", label)
}

// click clicks label's line, checking after it.
func (s *formSteps) click(label string) {
	s.t.Helper()
	y := knobRow(s.m.View(), label)
	if y < 0 {
		s.t.Fatalf("%q is not on screen:\n%s", label, ansi.Strip(s.m.View()))
	}
	s.m = send(s.m, tea.MouseMsg{X: 6, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if l := s.m.form.knobs[s.m.form.focus].label; l != label {
		s.t.Fatalf("a click on %q's line focused %q", label, l)
	}
	s.agrees("a click on " + label)
}

// The shard view's message line says what is refused now after every key,
// as the sandbox's does: with fields refused, the one the cursor is on,
// else the first, and how many more; a field mended leaves it at once;
// the setup's complaint while a field it marked still is, gone once none
// is. It said the refusal enter found until the next enter, naming a
// field mended, or with nothing refused any more.
func TestTheMessageLineFollowsTheMarks(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, and the form stays open (a refused enter plays nothing)
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		s := &formSteps{t: t, m: newModel(t, size[0], size[1], Options{})}
		s.press("open the form", "e")
		// Three fields refused for their texts.
		s.walkTo("workers")
		s.press("workers of zz", "ctrl+u", "zz")
		s.walkTo("right")
		s.press("a right strategy of zz", "ctrl+u", "zz")
		s.walkTo("restart takes")
		s.press("a restart of zz", "ctrl+u", "zz")
		s.press("enter on the restart", "enter")
		if !strings.HasPrefix(s.m.form.err, "restart takes refused: ") {
			t.Fatalf("%v: enter on the refused restart says %q", size, s.m.form.err)
		}
		s.press("type the restart", "backspace", "backspace", "5", "s")
		s.walkTo("right") // round by the top: past the workers, refused
		s.press("type the right strategy", "backspace", "backspace", "h", "a", "s", "h")
		s.press("up a field", "shift+tab")
		s.click("workers")
		s.press("mend the workers", "ctrl+u", "1", "6")
		if s.m.form.err != "" {
			t.Fatalf("%v: every field mended, the form says %q", size, s.m.form.err)
		}

		// Refused by the setup, which marks two fields: 9 workers in
		// plain shards of 2. Its complaint stays while either is marked,
		// and 8 workers mend the setup, which drops both marks
		// (TestAnEditChecksTheSetupAgain).
		s.press("9 workers", "ctrl+u", "9")
		s.m = press(s.m, "enter") // what it says is checked below, then after every key
		if n := marked(s.m.form); n != 2 || !strings.Contains(s.m.form.err, "plain sharding needs") {
			t.Fatalf("%v: 9 workers in plain shards of 2: the form says %q with %d fields marked; want plain sharding's rule, workers and workers per customer marked", size, s.m.form.err, n)
		}
		s.said = s.m.form.err
		s.agrees("enter on 9 workers")
		s.press("8 workers", "backspace", "8")
		s.walkTo("workers per customer")
		s.press("workers per customer again", "backspace", "4")
		if s.m.form.err != "" {
			t.Fatalf("%v: both fields edited, the form says %q", size, s.m.form.err)
		}
		s.said = ""

		// Refused again, mended by the reference's values.
		s.press("workers per customer of zz", "ctrl+u", "zz", "enter", "ctrl+r")
		if s.m.form.err != "" || marked(s.m.form) != 0 {
			t.Fatalf("%v: the reference's values, the form says %q", size, s.m.form.err)
		}
	}
}

// marked is how many of f's fields are marked refused.
func marked(f *form) int {
	n := 0
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			n++
		}
	}
	return n
}
