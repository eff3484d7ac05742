package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A misconception a lesson shows false is warned beside its point on the
// grading screen, quoting the answer and naming the lesson, at the
// smallest screen as at the usual one; scrolling the point reads the
// whole warning, and the saved interview keeps it.
func TestRubricWarnsOfALessonsMisconception(t *testing.T) {
	const said = "Page the on-call every time a breaker opens. The timeout also frees the provider."
	for _, size := range [][2]int{{100, 30}, {80, 24}} {
		w, h := size[0], size[1]
		m, _, _ := model(t, w, h, "payment-checkout")
		m = tuitest.Press(write(m, said), "ctrl+d")
		if !m.Grading() {
			t.Fatal("ctrl+d did not hand in")
		}
		for i, p := range m.prompt.Points {
			var want []string
			switch p.ID {
			case "metrics":
				want = []string{`⚠ You write "Page the on-call every time a breaker opens":`, "(lesson 7, “Self-check: who gets paged”)"}
			case "timeout":
				want = []string{`⚠ You write "The timeout also frees the provider":`, "(lesson 9, “Self-check: the provider's load”)"}
			default:
				if v := joinedText(m.point(i).View()); strings.Contains(v, "⚠") {
					t.Errorf("%d×%d: point %s warns:\n%s", w, h, p.ID, v)
				}
				continue
			}
			// The point's side scrolls with J: read it to its end.
			at := m.point(i)
			var read strings.Builder
			for range 12 {
				v := at.View()
				tuitest.CheckBlock(t, v, w, h)
				read.WriteString(joinedText(v) + " ")
				at = tuitest.Press(at, "J")
			}
			// Lines read twice (the last page, held) do not matter here.
			whole := strings.Join(strings.Fields(read.String()), " ")
			for _, s := range want {
				if !strings.Contains(whole, s) {
					t.Errorf("%d×%d: point %s should show %q:\n%s", w, h, p.ID, s, ansi.Strip(m.point(i).View()))
				}
			}
		}
		saved := 0
		for _, p := range m.Interview().Points {
			saved += len(p.Warnings)
		}
		if saved != 2 {
			t.Errorf("%d×%d: the interview saves %d warnings, want 2", w, h, saved)
		}
	}
}
