package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A step with a simulation and an event pause, for the seek tests.
func eventStep(t *testing.T) (*lessons.Prepared, int) {
	t.Helper()
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if st.HasSim() && st.ShuffleConfig == nil && st.Pause.Kind == lessons.PauseEvent {
				return p, i
			}
		}
	}
	t.Skip("no lesson step pauses on a breaker event")
	return nil, 0
}

func TestLessonKeysMeanWhatTheyMeanInTheSandbox(t *testing.T) {
	p, i := eventStep(t)
	m := open(t, p, i, 120, 40, Options{})
	if m.hasCont {
		// The later step that plays this run on is answered: the step's
		// time runs to its end (stopAt; continued_test.go checks the stop).
		m.predicts[m.cont.Step].made = true
	}
	// The time keys wait for the step's guess (peek_test.go).
	m = skipGuess(m)
	from := m.Now()
	// ← and → move time, not the step.
	m = send(m, tea.KeyMsg{Type: tea.KeyRight}, tea.KeyMsg{Type: tea.KeyRight})
	if m.Step() != i || m.Now() != from/(100*time.Millisecond)*(100*time.Millisecond)+200*time.Millisecond {
		t.Errorf("→ → moves 200 ms on the same step: step %d, at %v from %v", m.Step(), m.Now(), from)
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyLeft})
	if m.Step() != i || m.Now() >= from+200*time.Millisecond {
		t.Errorf("← moves back: step %d, at %v", m.Step(), m.Now())
	}
	// ] lands on the step's pause point among its events.
	st := p.Steps[i]
	for range 50 {
		if m.Now() >= st.PauseAt {
			break
		}
		m = send(m, keys("]")...)
	}
	if m.Now() != st.PauseAt {
		t.Errorf("] reaches the pause point %v: at %v", st.PauseAt, m.Now())
	}
	m = send(m, keys("G")...)
	if m.Now() != st.End {
		t.Errorf("G goes to the step's end: %v", m.Now())
	}
	m = send(m, keys("g")...)
	if m.Now() != st.From {
		t.Errorf("g goes to the step's start: %v", m.Now())
	}
	// : (or t) and a time; bad input keeps the prompt and says what is allowed.
	m = send(m, keys(":soon\n")...)
	if m.prompt == nil || !strings.Contains(m.prompt.Err, "not a time") {
		t.Fatalf("a bad time: %+v", m.prompt)
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyEsc})
	want := st.From + time.Second
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("t" + (want).String())}, tea.KeyMsg{Type: tea.KeyEnter})
	if m.prompt != nil || m.Now() != want {
		t.Errorf("t%v enter in one burst: at %v", want, m.Now())
	}
	// n and p change the step.
	m = send(m, keys("n")...)
	if m.Step() != i+1 {
		t.Errorf("n: step %d", m.Step())
	}
	m = send(m, keys("p")...)
	if m.Step() != i {
		t.Errorf("p: step %d", m.Step())
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyPgDown})
	if m.Step() != i+1 {
		t.Errorf("pgdn: step %d", m.Step())
	}
}

// Lesson 4's pause on "breaker half-opens": the trial fails in the same
// instant, and the pause shows HALF-OPEN, the state the event names.
func TestEventPauseShowsTheStateTheEventNames(t *testing.T) {
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if !st.HasSim() || st.ShuffleConfig != nil || st.Pause.Kind != lessons.PauseEvent {
				continue
			}
			m := open(t, p, i, 160, 48, Options{})
			m = play(t, m)
			if m.Now() != st.PauseAt {
				t.Fatalf("%s step %d: stopped at %v, not the pause %v", p.Lesson.ID, i+1, m.Now(), st.PauseAt)
			}
			r, _ := engine.New(st.Scenario, st.Sim.Variant, st.Sim.Seed)
			r.AdvanceTo(st.PauseAt)
			tr := r.Snapshot().Transitions
			sameInstant := len(tr) > 1 && tr[len(tr)-1].At == st.PauseAt && tr[len(tr)-1].To != st.Pause.To
			view := ansi.Strip(m.View())
			want := strings.ToUpper(st.Pause.To.String())
			if sameInstant && !strings.Contains(view, want) {
				t.Errorf("%s step %d pauses on %q but the screen does not show %s:\n%s", p.Lesson.ID, i+1, st.Pause.Text, want, view)
			}
			if sameInstant && !strings.Contains(view, "held before "+tr[len(tr)-1].From.String()+" → ") {
				t.Errorf("%s step %d: the status line should say the picture is held at the event", p.Lesson.ID, i+1)
			}
		}
	}
}

func TestMouseWheelScrollsAndAxisClickSeeks(t *testing.T) {
	scrolled, clicked := false, false
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if scrolled && clicked {
				return
			}
			m := open(t, p, i, 80, 24, Options{})
			if !scrolled && strings.Contains(m.View(), "more lines") {
				m = send(m, tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
				if m.scroll != 1 {
					t.Errorf("%s step %d: the wheel scrolls the text: scroll %d", p.Lesson.ID, i+1, m.scroll)
				}
				m = send(m, tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
				if m.scroll != 0 {
					t.Errorf("and back: scroll %d", m.scroll)
				}
				scrolled = true
			}
			if clicked || !st.HasSim() || st.ShuffleConfig != nil {
				continue
			}
			// A chart's axis at 160×48: click its second label, after
			// the step's guess (a click before it: peek_test.go).
			m = skipGuess(open(t, p, i, 160, 48, Options{}))
			for y, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				j := strings.Index(l, " 0s ")
				if j < 0 {
					continue
				}
				rest := l[j+4:]
				k := strings.IndexFunc(rest, func(r rune) bool { return r != ' ' })
				if k < 0 {
					continue
				}
				x := ansi.StringWidth(l[:j+4]) + k
				m = send(m, tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
				if m.Now() == st.From || m.Playing() || !strings.Contains(m.note, "clicked on the time axis") {
					t.Errorf("%s step %d: a click on the axis moves the step: at %v, note %q", p.Lesson.ID, i+1, m.Now(), m.note)
				}
				clicked = true
				break
			}
		}
	}
	if !scrolled || !clicked {
		t.Errorf("no step to scroll (%v) or click (%v)", scrolled, clicked)
	}
}
