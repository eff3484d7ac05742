package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// At 40 and 30 columns the interview's key line keeps the key that goes
// on and the way out, whole: ranked apart from the other screens, the
// list at 30 read "↑/↓ move • ? keys" (no enter, no esc), the writing
// screen lost "esc hand in", and the keys' page lost "?/esc close".
func TestNarrowKeyLineKeepsWhatGoesOnAndTheWayOut(t *testing.T) {
	list, _, _ := model(t, 200, 60, "")
	writing := write(tuitest.Press(list, "enter"), answer)
	for _, s := range []struct {
		name string
		m    Model
		want []string
	}{
		{"the list", list, []string{"enter start", "esc quit"}},
		{"writing", writing, []string{"ctrl+d hand in", "esc hand in"}},
		{"the rubric", tuitest.Press(writing, "ctrl+d"), []string{"y said", "esc quit"}},
		{"the keys' page", tuitest.Press(list, "?"), []string{"?/esc close"}},
	} {
		for _, w := range []int{40, 30} {
			keys := lastLine(settle(tuitest.Send(s.m, tea.WindowSizeMsg{Width: w, Height: 24})).View())
			for _, want := range s.want {
				if !strings.Contains(keys, want) {
					t.Errorf("%s at %d columns: the key line lacks %q: %q", s.name, w, want, keys)
				}
			}
			if strings.Contains(keys, "…") {
				t.Errorf("%s at %d columns: the key line is cut: %q", s.name, w, keys)
			}
		}
	}
}
