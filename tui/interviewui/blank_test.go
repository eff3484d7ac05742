package interviewui

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// maxBlankInterview is the most rows in a row either column of the
// interview may leave blank at 200×60, the lesson player's own bound
// (tui/lessonui, blank_test.go).
const maxBlankInterview = 12

// At 200×60 neither column of the interview stands empty, choosing,
// writing or grading: the prompts are listed whole, and the side panel
// has the scenario's numbers, the engine's runs of its designs and the
// worst of them drawn.
func TestNoBlankColumnsAt200x60(t *testing.T) {
	// The columns' split depends on the window's width alone.
	m, _, _ := model(t, 200, 60, "")
	mainW, _ := m.layout()
	for _, p := range []string{"payment-checkout", "api-gateway"} {
		for _, s := range interviewScreens(t, 200, 60, p) {
			for c, n := range tuitest.ColumnBlanks(s[1], mainW) {
				if n > maxBlankInterview {
					t.Errorf("%s, %s: %d blank rows in a row in the %s column (at most %d)\n%s", p, s[0], n,
						[]string{"main", "side"}[c], maxBlankInterview, ansi.Strip(s[1]))
				}
			}
		}
	}
}
