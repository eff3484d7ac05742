package sandbox

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// messageAgrees fails t unless the form's message line says what its
// marks say: the field the cursor is on when it is marked, else the first
// marked, with its mark's words and how many more are marked; nothing when
// none is. The screen shows that line, not another.
func messageAgrees(t *testing.T, m Model, step string) {
	t.Helper()
	f := m.form
	var marked []int
	for i := range f.knobs {
		if f.knobs[i].err != "" {
			marked = append(marked, i)
		}
	}
	view := ansi.Strip(m.View())
	if len(marked) == 0 {
		if f.err != "" || strings.Contains(view, " refused: ") {
			t.Fatalf("%s: no field is marked, and the message line says %q:\n%s", step, f.err, view)
		}
		return
	}
	at := marked[0]
	if f.knobs[f.focus].err != "" {
		at = f.focus
	}
	why := f.knobs[at].err
	if f.knobs[at].why != "" {
		why = f.knobs[at].why // the mark is the limit; the line says why
	}
	want := f.fieldName(at) + " refused: " + why
	if more := len(marked) - 1; more > 0 {
		want += fmt.Sprintf(", and %d more", more)
	}
	want += "; the run on screen is unchanged"
	if f.err != want {
		t.Fatalf("%s: the message line says\n\t%q\nthe marks say\n\t%q", step, f.err, want)
	}
	// The line wraps at the window's width, inside the frame: the screen
	// holds its words.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
		t.Fatalf("%s: the screen does not say %q:\n%s", step, want, view)
	}
}

// formSteps presses keys in m's form and checks the message line against
// the marks after each (messageAgrees).
type formSteps struct {
	t *testing.T
	m Model
}

// press presses keys, say naming what they do for a failure.
func (s *formSteps) press(say string, keys ...string) {
	s.t.Helper()
	for i, k := range keys {
		s.m = press(s.m, k)
		if s.m.form == nil {
			s.t.Fatalf("%s: key %d (%s) closed the form: the run took it", say, i+1, k)
		}
		messageAgrees(s.t, s.m, fmt.Sprintf("%s, after %s (key %d)", say, k, i+1))
	}
}

// walkTo presses ↓ until the cursor is on the n-th field named label,
// from 1, checking after each key: the cursor passes refused fields and
// others on its way.
func (s *formSteps) walkTo(label string, n int) {
	s.t.Helper()
	for range len(s.m.form.knobs) {
		if s.m.form.knobs[s.m.form.focus].label == label {
			if n--; n == 0 {
				return
			}
		}
		s.press("down to "+label, "down")
	}
	s.t.Fatalf("the form has no field %q number %d", label, n)
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
	messageAgrees(s.t, s.m, "a click on "+label)
}

// The message line says what is refused now after every key: with two
// fields or more refused, the one the cursor is on, else the first, and
// how many more; a field mended (typed over, or every edit undone with
// ctrl+r) leaves it at once, whether the cursor stays or moves on. It
// named the field just mended, and counted it, until the next enter.
func TestTheMessageLineSaysWhatIsRefusedAfterEveryKey(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, every enter is refused and its commands are dropped
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		s := &formSteps{t: t, m: newModel(t, size[0], size[1], Options{Scenario: tuitest.Scenario(t, "cascade"), Variant: 2})}
		s.press("open the form", "e")
		// Three fields refused on their own: the accept queue out of its
		// range, profile-db's timeout and retry budget empty.
		s.walkTo("accept queue", 1)
		s.press("an accept queue of -5", "ctrl+u", "-", "5")
		s.walkTo("timeout", 3)
		s.press("no profile-db timeout", "ctrl+u")
		s.walkTo("retry budget", 1)
		s.press("no profile-db retry budget", "ctrl+u")
		s.press("enter on the budget", "enter")
		if !strings.HasPrefix(s.m.form.err, "profile-db retry budget refused: ") {
			t.Fatalf("%v: enter on the refused budget says %q", size, s.m.form.err)
		}
		s.walkTo("timeout", 3) // round by the top: by the accept queue
		s.press("type the timeout", "1", "s")
		s.walkTo("retry budget", 1)
		s.press("type the budget", "n", "o", "n", "e")
		s.walkTo("workers", 1) // the top, where the accept queue is in sight
		s.click("accept queue")
		s.press("mend the queue by typing", "backspace", "backspace", "0")
		if s.m.form.err != "" {
			t.Fatalf("%v: every field mended, the form says %q", size, s.m.form.err)
		}

		// Refused again, two of them, mended by ctrl+r.
		s.press("an accept queue of 0x", "x")
		s.walkTo("timeout", 3)
		s.press("no timeout, and enter on it", "ctrl+u", "enter")
		s.press("up", "up")
		s.press("undo every edit", "ctrl+r")
		if s.m.form.err != "" || s.m.form.refusedCount() != 0 {
			t.Fatalf("%v: every edit undone, the form says %q", size, s.m.form.err)
		}
	}
}

// A breaker's minimum calls is refused for its range, at most the window:
// an edit of the window moves that range, so the mark and the message
// line follow it, the window's new value quoted, and leave once the
// minimum fits. They said the window enter saw until the next enter.
func TestAMinimumRefusedForItsWindowFollowsTheWindow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, every enter is refused and its commands are dropped
	s := &formSteps{t: t, m: newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})}
	s.press("open the form", "e")
	s.walkTo("breaker window", 1)
	s.press("a window of 5 under a minimum of 10", "ctrl+u", "5")
	s.walkTo("open for", 1)
	s.press("no open time", "ctrl+u", "enter")
	minimum := func() string {
		for _, k := range s.m.form.knobs {
			if k.label == "minimum calls" {
				return k.err
			}
		}
		t.Fatal("the form has no minimum calls")
		return ""
	}
	if want := "want at most the window (5)"; minimum() != want {
		t.Fatalf("the minimum of 10 under a window of 5 is marked %q, want %q", minimum(), want)
	}
	s.walkTo("breaker window", 1)
	s.press("no window", "backspace")
	if want := "want at most the window"; minimum() != want {
		t.Errorf("the window cleared, the minimum of 10 is marked %q, want %q", minimum(), want)
	}
	s.press("a window of 8", "8")
	if want := "want at most the window (8)"; minimum() != want {
		t.Errorf("the window made 8, the minimum of 10 is marked %q, want %q", minimum(), want)
	}
	s.press("a window of 20", "backspace", "2", "0")
	if minimum() != "" {
		t.Errorf("the window made 20, the minimum of 10 is still marked %q", minimum())
	}
	if !strings.HasPrefix(s.m.form.err, "payment open for refused: ") {
		t.Errorf("only the open time refused, the form says %q", s.m.form.err)
	}
	s.walkTo("open for", 1)
	s.press("an open time of 1s", "1", "s")
	if s.m.form.err != "" {
		t.Errorf("every field mended, the form says %q", s.m.form.err)
	}
}

// The builder's form (KnobForm) keeps its message line to what is refused
// as the sandbox's does, with its own ending: a field mended leaves it.
func TestKnobFormMessageFollowsTheMarks(t *testing.T) {
	racefree.Only(t) // no goroutine: the form takes its keys on this one
	sc := tuitest.Scenario(t, "cascade")
	k := NewKnobForm(tuitest.Plain(), sc, 2)
	to := func(label string) {
		for k.f.knobs[k.f.focus].label != label {
			k.Key(keyMsg("down"))
		}
	}
	to("accept queue")
	k.Key(keyMsg("ctrl+u"))
	to("timeout")
	k.Key(keyMsg("ctrl+u"))
	if k.Build(sc) != nil {
		t.Fatal("an empty accept queue and timeout were taken")
	}
	if want := "recommendations timeout refused: "; !strings.HasPrefix(k.Err(), want) || !strings.HasSuffix(k.Err(), ", and 1 more; nothing is changed") {
		t.Errorf("the form says %q, want it to start %q and count the accept queue as 1 more", k.Err(), want)
	}
	k.Key(keyMsg("1"))
	if want := "accept queue refused: a whole number, or -1 for no limit; nothing is changed"; k.Err() != want {
		t.Errorf("the timeout mended, the form says %q, want %q", k.Err(), want)
	}
	to("accept queue")
	k.Key(keyMsg("0"))
	if k.Err() != "" {
		t.Errorf("every field mended, the form says %q", k.Err())
	}
}

// A refusal of the scenario's own that marks two fields (a time window's
// minimum calls of 0: the window and the minimum) follows the edits once
// every field's text is a value: the scenario is checked again, running
// nothing, so the marks and the message line say what it refuses now.
// The minimum made 5 mends it, and the window's mark and the complaint
// leave with it; they stayed until the next enter. A window edited to
// another time leaves the rule refusing both, and both marked; while its
// text is no value yet (a time without its unit) the marks stay as enter
// left them.
func TestTheScenarioRefusalFollowsTheEdits(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, every enter is refused and its commands are dropped
	sc := tuitest.Scenario(t, "checkout")
	b := sc.Variants[3].System.Dependencies[0].Policy.Breaker
	b.Window, b.WindowSpan, b.WindowSize = breaker.TimeWindow, 10*time.Second, 0
	if err := sc.Validate(); err != nil {
		t.Fatalf("checkout with a time window of 10s: %v", err)
	}
	var m Model
	marked := func() (names []string) {
		for _, k := range m.form.knobs {
			if k.err != "" {
				names = append(names, k.label)
			}
		}
		return names
	}
	refuse := func() string {
		m = newModel(t, 80, 24, Options{Scenario: sc, Variant: 3})
		m = press(m, "e")
		m = focusLabel(t, m, "minimum calls", 1)
		m = press(m, "ctrl+u", "0", "enter")
		if m.form == nil {
			t.Fatal("a minimum of 0 calls in a time window was taken")
		}
		if !strings.Contains(m.form.err, "minimum calls must be at least 1 for a time window") || len(marked()) != 2 {
			t.Fatalf("the form says %q with %q marked; want the time window's rule, the window and the minimum marked", m.form.err, marked())
		}
		return m.form.err
	}

	refuse()
	m = press(m, "backspace", "5")
	if m.form.err != "" || len(marked()) != 0 {
		t.Errorf("the minimum made 5, the form says %q with %q marked", m.form.err, marked())
	}
	if l := m.form.knobs[m.form.focus].label; l != "minimum calls" {
		t.Errorf("the cursor moved to %q", l)
	}

	// Another field edited, the rule still refusing: the cursor stays
	// on it, though enter would go to a field marked.
	complaint := refuse()
	m = focusLabel(t, m, "open for", 1)
	m = press(m, "ctrl+u", "6", "s")
	if l := m.form.knobs[m.form.focus].label; l != "open for" || m.form.err != complaint || len(marked()) != 2 {
		t.Errorf("the open time edited: the cursor is on %q, the form says %q with %q marked; want it on the open time, %q, both marked", l, m.form.err, marked(), complaint)
	}

	refuse()
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "2", "0")
	if m.form.err != complaint || !reflect.DeepEqual(marked(), []string{"minimum calls"}) {
		t.Errorf("the window typed \"20\", no time yet: the form says %q with %q marked; want %q, the minimum marked", m.form.err, marked(), complaint)
	}
	m = press(m, "s")
	if m.form.err != complaint || len(marked()) != 2 {
		t.Errorf("the window made 20s, the minimum still 0: the form says %q with %q marked; want %q, both marked", m.form.err, marked(), complaint)
	}
	if l := m.form.knobs[m.form.focus].label; l != "breaker window" {
		t.Errorf("the cursor moved to %q", l)
	}
	m = focusLabel(t, m, "minimum calls", 1)
	m = press(m, "backspace", "5")
	if m.form.err != "" || len(marked()) != 0 {
		t.Errorf("both fields mended, the form says %q with %q marked", m.form.err, marked())
	}
}
