package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The : prompt of a step that starts later in its run edits as the
// number boxes do (its arrows are the prompt's, not time's) and refuses a
// time before the step with the step's own range, where it said "this
// step starts at 30s: type a time from there to its end" and its hint
// said "0 to".
func TestAStepsTimePromptEditsAndSaysItsRange(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	var m Model
	var from, end time.Duration
found:
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if st.HasSim() && st.ShuffleConfig == nil && st.From > 0 {
				m = open(t, p, i, 120, 40, Options{})
				from, end = st.From, m.stopAt()
				break found
			}
		}
	}
	if from == 0 {
		t.Skip("no lesson step starts after 0 s")
	}
	m = send(m, keys(":")...)
	if m.prompt == nil || !strings.Contains(m.prompt.Hint, playback.TimeRange(from, end)) {
		t.Fatalf("the prompt's hint should name the step's range %q: %+v", playback.TimeRange(from, end), m.prompt)
	}
	at := m.Now()
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("0 s")}, tuitest.Key("ctrl+w"), tuitest.Key("left"), tuitest.Key("left"))
	if m.prompt.Input != "0 " || m.prompt.Back != 2 || m.Now() != at {
		t.Fatalf("ctrl+w and ← should edit the prompt: %q, cursor %d from the end, at %v (was %v)", m.prompt.Input, m.prompt.Back, m.Now(), at)
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyEnter})
	want := `"0" is before this step, which starts at`
	if m.prompt == nil || !strings.Contains(m.prompt.Err, want) || !strings.Contains(m.prompt.Err, "type "+playback.TimeRange(from, end)) {
		t.Fatalf("a time before the step should be refused with the step's range: %+v", m.prompt)
	}
	if v := m.View(); !hasWords(v, want) {
		t.Errorf("the refusal should be on screen:\n%s", v)
	}
}
