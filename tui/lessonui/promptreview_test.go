package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A review: on a step that stops short of its run (a later step plays
// on from there), a time past the step's end read "outside the run",
// though the run went that far. The refusal says which end the time is
// past, the step's or the run's, and the step's range to type; a time
// before the start says that.
func TestTheTimePromptSaysWhichEndATimeIsPast(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	var m Model
	found := false
search:
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			if _, ok := p.ContinuedBy(i); !ok {
				continue
			}
			m = open(t, p, i, 120, 40, Options{})
			if m.sim != nil && m.stopAt() < m.sim.End() && m.stopAt()+2e9 <= m.sim.End() {
				found = true
				break search
			}
		}
	}
	if !found {
		t.Fatal("no lesson step stops 2 s or more short of its run")
	}
	m = skipGuess(m) // the prompt waits for the step's guess (peek_test.go)
	from, stop, end := m.cur().From, m.stopAt(), m.sim.End()
	rng := "type " + playback.TimeRange(from, stop)
	start := `is before the run's start`
	if from > 0 {
		start = "is before this step, which starts at " + pane.SecondsShort(from)
	}
	for _, c := range []struct{ typed, want string }{
		{fmt.Sprintf("%g", (stop + 1e9).Seconds()), "is past this step's end at " + pane.SecondsShort(stop) + "; " + rng},
		{fmt.Sprintf("%g", (end + 1e9).Seconds()), "is past the run's end at " + pane.SecondsShort(end) + " and this step's at " + pane.SecondsShort(stop) + "; " + rng},
		{"-1s", start},
		{pane.SecondsShort(stop + 1e9), "is past this step's end at " + pane.SecondsShort(stop) + "; " + rng},
	} {
		at := m.Now()
		m2 := send(m, keys(":")...)
		m2 = send(m2, keys(c.typed+"\n")...)
		if m2.prompt == nil || !strings.Contains(m2.prompt.Err, c.want) {
			t.Errorf("%s typed: want %q, the prompt %+v", c.typed, c.want, m2.prompt)
			continue
		}
		if m2.Now() != at {
			t.Errorf("%s typed: a refused time moved the play to %v", c.typed, m2.Now())
		}
		if v := ansi.Strip(m2.View()); !strings.Contains(v, c.want) {
			t.Errorf("%s typed: the refusal should be on screen whole:\n%s", c.typed, v)
		}
	}
}

// A time typed as the prompt's own range writes it ("9 s", with a
// space) is taken: "type 20 s to 24 s" refused "22 s" as no time.
func TestTheTimePromptTakesATimeAsItWritesOne(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[0]
	i := stepTitled(t, p, "The hang begins")
	m := skipGuess(open(t, p, i, 120, 40, Options{})) // the prompt waits for the guess
	stop := m.stopAt()
	typed := pane.SecondsShort(stop)
	if !strings.Contains(typed, " ") {
		t.Fatalf("the step's end reads %q, with no space to type", typed)
	}
	m = send(m, keys(":"+typed+"\n")...)
	if m.prompt != nil || m.Now() != stop {
		t.Errorf("%q typed should go to %v: at %v, the prompt %+v", typed, stop, m.Now(), m.prompt)
	}
}

// A review: in the time prompt, alt+b (which is how esc then b arrives)
// closed the prompt. The prompt moves and deletes by words as
// textinput's line editor does, and esc alone still closes it.
func TestTheTimePromptMovesByWords(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[0]
	i := -1
	for n, st := range p.Steps {
		if st.HasSim() {
			i = n
			break
		}
	}
	if i < 0 {
		t.Fatal("lesson 1 has no step with a simulation")
	}
	m := skipGuess(open(t, p, i, 120, 40, Options{})) // the prompt waits for the guess
	m = send(m, keys(":")...)
	alt := func(k tea.KeyMsg) tea.KeyMsg { k.Alt = true; return k }
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	m = send(m, runes("1m 30s"))
	for _, c := range []struct {
		k    tea.KeyMsg
		in   string
		back int
	}{
		{alt(runes("b")), "1m 30s", 3},
		{alt(runes("b")), "1m 30s", 6},
		{alt(runes("f")), "1m 30s", 4},
		{alt(tuitest.Key("right")), "1m 30s", 0},
		{alt(tuitest.Key("left")), "1m 30s", 3},
		{alt(tuitest.Key("backspace")), "30s", 3},
		{tuitest.Key("end"), "30s", 0},
		{runes(" 5"), "30s 5", 0},
		{tuitest.Key("ctrl+w"), "30s ", 0},
		{alt(runes("d")), "30s ", 0},
	} {
		m = send(m, c.k)
		if m.prompt == nil {
			t.Fatalf("%s closed the prompt", c.k)
		}
		if m.prompt.Input != c.in || m.prompt.Back != c.back {
			t.Fatalf("after %s the prompt holds %q, cursor %d from the end; want %q, %d", c.k, m.prompt.Input, m.prompt.Back, c.in, c.back)
		}
	}
	if m = send(m, tuitest.Key("esc")); m.prompt != nil {
		t.Errorf("esc alone should close the prompt: %+v", m.prompt)
	}
	m = send(m, keys(":")...)
	if m = send(m, alt(runes("q"))); m.prompt != nil {
		t.Errorf("esc with a key that is no word move should close the prompt: %+v", m.prompt)
	}
}

// A review: the note under a question's box that says what a typed
// answer left out stayed after that answer was sent and judged wrong,
// beside the verdict, about an answer no longer waiting. It goes when the
// answer is sent.
func TestTheLeftOutNoteGoesWhenTheAnswerIsSent(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[0]
	i := stepTitled(t, p, "Self-check: the hang")
	m := open(t, p, i, 120, 40, Options{})
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1e9"), Paste: true})
	const note = `"e" left out`
	if v := ansi.Strip(m.View()); !strings.Contains(v, note) {
		t.Fatalf("a paste of 1e9 should say the e was left out:\n%s", v)
	}
	m = send(m, tuitest.Key("enter"), tuitest.Key("enter")) // the first asks, the second sends
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "Not quite") {
		t.Fatalf("19 should be sent and judged wrong:\n%s", v)
	}
	if strings.Contains(v, note) {
		t.Errorf("the note about the sent answer should be gone:\n%s", v)
	}
	// A new slip in the kept answer is told again.
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x5"), Paste: true})
	if v := ansi.Strip(m.View()); !strings.Contains(v, `"x" left out`) {
		t.Errorf("a slip after the sent answer should be told:\n%s", v)
	}
}
