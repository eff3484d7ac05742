package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// skipGuess skips the step's prediction, when it waits for one, as a
// learner does (space twice): the time keys wait for the guess.
func skipGuess(m Model) Model {
	if m.waiting() {
		m = send(m, keys("  ")...)
	}
	return m
}

// openFailFast is lesson 4's "Open: fail fast", whose question ("When
// will it first let a call through?") G answered before the guess: the
// step's end showed "39 s open → half-open".
func openFailFast(t *testing.T, w, h int) Model {
	t.Helper()
	p := allLessons(t)[3]
	m := open(t, p, stepTitled(t, p, "Open: fail fast"), w, h, Options{})
	if !m.waiting() || m.sim == nil {
		t.Fatal("lesson 4's \"Open: fail fast\" should open waiting for its prediction, with a simulation")
	}
	return m
}

// A review: before a step's prediction was answered, the time keys moved
// the run on to the answer. Every key that moves forward is refused, with
// a note that says why, and works once the guess is in; the keys that go
// back stay, since the step shows nothing earlier than where it stands.
func TestTimeWaitsForTheGuess(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, c := range []struct {
		name string
		k    []tea.Msg
	}{
		{"→", []tea.Msg{tea.KeyMsg{Type: tea.KeyRight}}},
		{"]", keys("]")},
		{"G", keys("G")},
	} {
		m := openFailFast(t, 120, 40)
		from := m.Now()
		m = send(m, c.k...)
		if m.Now() != from || m.prompt != nil || m.Playing() {
			t.Errorf("%s before the guess: at %v (from %v), the prompt %+v, playing %v", c.name, m.Now(), from, m.prompt, m.Playing())
		}
		v := ansi.Strip(m.View())
		if m.note != answerFirst || !strings.Contains(v, answerFirst) {
			t.Errorf("%s before the guess should say why it did nothing: note %q\n%s", c.name, m.note, v)
		}
		if strings.Contains(v, "open → half-open") {
			t.Errorf("%s before the guess shows the answer:\n%s", c.name, v)
		}
		m = skipGuess(m)
		m = send(m, c.k...)
		if m.note == answerFirst {
			t.Errorf("%s after the guess is still refused", c.name)
		}
		if m.Now() <= from {
			t.Errorf("%s after the guess should move the run on from %v: at %v", c.name, from, m.Now())
		}
	}
	// Back to the step's start, ← and [ refuse nothing: they go no
	// further than the step shows.
	for name, k := range map[string]tea.Msg{"g": keys("g")[0], "[": keys("[")[0], "←": tea.KeyMsg{Type: tea.KeyLeft}} {
		m := send(openFailFast(t, 120, 40), k)
		if m.note == answerFirst || m.Now() != m.cur().From {
			t.Errorf("%s before the guess: note %q, at %v", name, m.note, m.Now())
		}
	}
}

// The note fits beside the status's "predict first" at 80 columns and
// more: at 100 its end was cut ("wh…").
func TestTheRefusalIsReadWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, w := range []int{80, 100, 200} {
		m := send(openFailFast(t, w, 30), keys("G")...)
		if v := ansi.Strip(m.View()); !strings.Contains(v, answerFirst) {
			t.Errorf("at %d columns the refusal should be whole:\n%s", w, v)
		}
	}
}

// A click on a chart's time axis is a move in time: refused before the
// guess, taken after it.
func TestAnAxisClickWaitsForTheGuess(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := openFailFast(t, 160, 48)
	x, y, ok := axisLabel(m)
	if !ok {
		t.Fatalf("no chart axis to click:\n%s", m.View())
	}
	click := tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
	from := m.Now()
	m = send(m, click)
	if m.Now() != from || m.note != answerFirst {
		t.Errorf("a click before the guess: at %v (from %v), note %q", m.Now(), from, m.note)
	}
	m = send(skipGuess(m), click)
	if m.Now() == from || !strings.Contains(m.note, "clicked on the time axis") {
		t.Errorf("a click after the guess: at %v, note %q", m.Now(), m.note)
	}
}

// axisLabel is where a chart's time axis has its last label, a moment
// later than the step's start.
func axisLabel(m Model) (x, y int, ok bool) {
	for y, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		j := strings.Index(l, " 0s ")
		if j < 0 {
			continue
		}
		k := strings.LastIndex(strings.TrimRight(l[:strings.LastIndex(l, "s")], "0123456789."), " ")
		if k <= j {
			continue
		}
		return ansi.StringWidth(l[:k+1]), y, true
	}
	return 0, 0, false
}

// The time prompt opens before the guess, but its hint names no range
// (it read "24 s to 39 s", the step's end being the answer), and it takes
// no time later than the step shows; after the guess it goes anywhere in
// the step, its hint the step's range.
func TestTheTimePromptWaitsForTheGuess(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, open := range []string{":", "t"} {
		m := openFailFast(t, 120, 40)
		from, stop := m.Now(), m.stopAt()
		m = send(m, keys(open)...)
		if m.prompt == nil {
			t.Fatalf("%s before the guess should open the time prompt", open)
		}
		v := ansi.Strip(m.View())
		if strings.Contains(m.prompt.Hint, pane.SecondsShort(stop)) || strings.Contains(v, pane.SecondsShort(stop)) {
			t.Errorf("%s before the guess: the prompt names the step's end %v: %q\n%s", open, stop, m.prompt.Hint, v)
		}
		// The prompt is shared by the copies of the model: one for each time.
		reopen := func() Model { return send(openFailFast(t, 120, 40), keys(open)...) }
		for _, typed := range []string{"35", pane.SecondsShort(stop), "500"} {
			m2 := send(reopen(), keys(typed+"\n")...)
			if m2.Now() != from || m2.prompt == nil || m2.prompt.Err != answerFirst {
				t.Errorf("%s%s before the guess: at %v, the prompt %+v", open, typed, m2.Now(), m2.prompt)
			}
			if v := ansi.Strip(m2.View()); !strings.Contains(v, answerFirst) {
				t.Errorf("%s%s before the guess should say why on screen:\n%s", open, typed, v)
			}
		}
		// The moment it shows is taken, as a move that reveals nothing.
		if m2 := send(reopen(), keys(pane.SecondsShort(from)+"\n")...); m2.prompt != nil || m2.Now() != from {
			t.Errorf("%s%v before the guess: at %v, the prompt %+v", open, from, m2.Now(), m2.prompt)
		}
		m = skipGuess(send(m, tea.KeyMsg{Type: tea.KeyEsc}))
		m = send(m, keys(open)...)
		if m.prompt == nil || m.prompt.Hint != playback.StepTimePrompt(from, stop).Hint {
			t.Fatalf("%s after the guess: the prompt %+v", open, m.prompt)
		}
		if m = send(m, keys("35\n")...); m.prompt != nil || m.Now() != 35*time.Second {
			t.Errorf("%s35 after the guess: at %v, the prompt %+v", open, m.Now(), m.prompt)
		}
	}
}

// The full help listed →, ], G and : before the guess as if they moved
// the run on; they wait for it, and the help says so in the refusal's
// words. After the guess it lists them plain.
func TestTheHelpSaysTheTimeKeysWaitForTheGuess(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	waits := []string{"100 ms on", "next event", "the end", "go to a time"}
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := openFailFast(t, size[0], size[1])
		v := ansi.Strip(send(m, keys("?")...).View())
		for _, desc := range waits {
			if !strings.Contains(v, desc+" ("+answerFirstWords+")") {
				t.Errorf("%dx%d: the help before the guess should say %q waits for it:\n%s", size[0], size[1], desc, v)
			}
		}
		if !strings.HasPrefix(answerFirst, answerFirstWords) {
			t.Errorf("the refusal %q does not begin with the help's words %q", answerFirst, answerFirstWords)
		}
		v = ansi.Strip(send(skipGuess(m), keys("?")...).View())
		if strings.Contains(v, answerFirstWords) || !strings.Contains(v, "the end") {
			t.Errorf("%dx%d: the help after the guess should list the time keys plain:\n%s", size[0], size[1], v)
		}
	}
}

// Before the guess the prompt takes only the moment shown: a time it
// cannot read ("soon") was refused with "type 24 s to 24 s, e.g. 24,
// 24s", a range of one moment. It names the moment and why no other.
func TestTheTimePromptsRefusalBeforeTheGuessNamesOneMoment(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := openFailFast(t, 120, 40)
	now := pane.SecondsShort(m.Now())
	m = send(m, keys(":soon\n")...)
	want := `"soon" is not a time; type ` + now + " (" + answerFirstWords + " to go past it)"
	if m.prompt == nil || m.prompt.Err != want {
		t.Fatalf("soon before the guess: the prompt %+v\nwant the refusal %q", m.prompt, want)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) || strings.Contains(v, now+" to "+now) {
		t.Errorf("the screen should say %q:\n%s", want, v)
	}
}
