package interviewui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// maxBlankInterview is the most rows in a row either column of the
// interview may leave blank at 200×60, the lesson player's own bound
// (tui/lessonui, blank_test.go).
const maxBlankInterview = 12

// columnBlanks is, for the main column and the side panel, the longest run
// of rows with nothing in them, the title and the key line left out.
func columnBlanks(view string, mainW int) [2]int {
	lines := strings.Split(ansi.Strip(view), "\n")
	var best, run [2]int
	for _, l := range lines[2 : len(lines)-1] {
		r := []rune(l)
		cells := [2]string{string(r[:min(mainW, len(r))]), ""}
		if len(r) > mainW+3 {
			cells[1] = string(r[mainW+3:])
		}
		for c, cell := range cells {
			if strings.TrimSpace(cell) == "" {
				run[c]++
				best[c] = max(best[c], run[c])
			} else {
				run[c] = 0
			}
		}
	}
	return best
}

// At 200×60 neither column of the interview stands empty, choosing,
// writing or grading: the prompts are listed whole, and the side panel
// has the scenario's numbers, the engine's runs of its designs and the
// worst of them drawn.
func TestNoBlankColumnsAt200x60(t *testing.T) {
	for _, p := range []string{"payment-checkout", "api-gateway"} {
		for _, s := range interviewScreens(t, 200, 60, p) {
			m, _, _ := model(t, 200, 60, "")
			mainW, _ := m.layout()
			for c, n := range columnBlanks(s[1], mainW) {
				if n > maxBlankInterview {
					t.Errorf("%s, %s: %d blank rows in a row in the %s column (at most %d)\n%s", p, s[0], n,
						[]string{"main", "side"}[c], maxBlankInterview, ansi.Strip(s[1]))
				}
			}
		}
	}
}
