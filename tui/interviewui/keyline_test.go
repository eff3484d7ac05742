package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lastLine is the view's last line, the key help.
func lastLine(view string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	return lines[len(lines)-1]
}

// The rubric's key line keeps "? keys" and esc at every width, leaving
// out the sandbox's p, the arrows and then enter first: at 60 columns it
// was cut after "p play it", and ? and esc were gone.
func TestRubricKeyLineKeepsHelpAtEveryWidth(t *testing.T) {
	m, _, _ := model(t, 200, 60, "api-gateway")
	m = tuitest.Press(write(m, answer), "ctrl+d")
	for _, sz := range [][2]int{{200, 60}, {80, 24}, {60, 16}, {50, 16}, {40, 16}} {
		m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}))
		keys := lastLine(m.View())
		want := []string{"? keys", "esc quit", "y said", "n not said"}
		if sz[0] >= 60 {
			want = append(want, "enter save")
		}
		for _, want := range want {
			if !strings.Contains(keys, want) {
				t.Errorf("at %dx%d the key line lacks %q: %q", sz[0], sz[1], want, keys)
			}
		}
		if strings.Contains(keys, "…") {
			t.Errorf("at %dx%d the key line is cut: %q", sz[0], sz[1], keys)
		}
	}
	// At 60 columns the extras go, the sandbox's first.
	m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 60, Height: 16}))
	if keys := lastLine(m.View()); strings.Contains(keys, "play it") {
		t.Errorf("at 60x16 the sandbox's key stays and another goes: %q", keys)
	}
}
