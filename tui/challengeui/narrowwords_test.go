package challengeui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// Challenge 8, overlap-limited with 2 workers each, refuses the design:
// workers per customer must be 3. A left press on that knob answered
// with a note saying the same under the grader's line, two lines of one
// fact. The status says it once, in the note's words, which name the
// arrow that sets it; the grader's line comes back with the next key.
func TestARefusalIsSaidOnce(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 80, 24)
	m = press(t, m, "right", "right", "down", "left")
	screen := strings.Join(plainLines(m), "\n")
	if n := strings.Count(screen, "can only be 3"); n != 1 || strings.Contains(screen, "must be 3") {
		t.Errorf("after left the screen says the one value %d times in the note's words, and in the grader's too: %v\n%s", n, strings.Contains(screen, "must be 3"), screen)
	}
	if l := lineWith(m, "can only be 3"); !strings.HasPrefix(strings.TrimSpace(l), "✗ ") {
		t.Errorf("the refusal in the note's words is not marked as one: %q", l)
	}
	m = press(t, m, "up")
	if lineWith(m, "must be 3") == "" || lineWith(m, "can only be") != "" {
		t.Errorf("with the note gone the grader's refusal should be back:\n%s", strings.Join(plainLines(m), "\n"))
	}
}

// cutWord is a word cut short by an ellipsis: "Shr…", "enlar…".
var cutWord = regexp.MustCompile(`\pL…`)

// From 24 to 30 columns the level's title and the list's subtitle were
// cut inside a word ("Challenge 8 · Shr…", "until ever…"), and knob and
// goal labels broken across lines inside one ("strat", "egy"). Every word
// of a knob's or a goal's label is drawn whole, and a shortened line ends
// after a whole word.
func TestNarrowPanelCutsNoWord(t *testing.T) {
	for _, id := range []string{"timeout-pool", "shuffle-shards", "half-open"} {
		for w := 24; w <= 30; w++ {
			m := sized(t, open(t, id, Options{}), w, 60)
			lines := plainLines(m)
			words := map[string]bool{}
			for _, l := range lines {
				for _, f := range strings.Fields(l) {
					words[strings.Trim(f, ",()")] = true
				}
				if cutWord.MatchString(l) {
					t.Errorf("%s at %d columns cuts a word: %q", id, w, strings.TrimSpace(l))
				}
			}
			var labels []string
			for _, k := range m.c.Knobs {
				labels = append(labels, k.Label)
			}
			for _, g := range m.c.Goals {
				labels = append(labels, g.Label)
			}
			for _, label := range labels {
				for _, word := range strings.Fields(label) {
					if !words[strings.Trim(word, ",()")] {
						t.Errorf("%s at %d columns: %q of %q is not drawn whole\n%s", id, w, word, label, strings.Join(lines, "\n"))
					}
				}
			}
		}
	}
	for w := 24; w <= 30; w++ {
		p := NewPicker(Options{Theme: tuitest.Plain()})
		next, _ := p.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		for _, l := range strings.Split(next.(Picker).View(), "\n") {
			if cutWord.MatchString(l) {
				t.Errorf("the level list at %d columns cuts a word: %q", w, strings.TrimSpace(l))
			}
		}
	}
}
