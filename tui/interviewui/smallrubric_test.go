package interviewui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// pointShown is the point's column of the rubric as drawn: the left side
// of each line that has the columns' border.
func pointShown(view string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if left, _, ok := strings.Cut(l, " │ "); ok {
			out = append(out, strings.TrimSpace(left))
		}
	}
	return out
}

var pointLinesShown = regexp.MustCompile(`^lines (\d+)–(\d+) of (\d+) · J/K$`)

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// At 60×16 every point of every rubric is read whole: its text and the
// question under it, paged with J where the column is longer than its
// rows, the column's last line saying so. The point's column was cut at
// its rows: "retry" lost the end of its text, most points the question.
func TestRubricPointsReadWholeAt60x16(t *testing.T) {
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, p := range drill.Prompts() {
		m, _, _ := model(t, 60, 16, p.ID)
		m = tuitest.Press(write(m, answer), "ctrl+d")
		for i, pt := range p.Points {
			if i > 0 {
				m = tuitest.Press(m, "n")
			}
			// The column's lines by their number, as J pages through it.
			read := map[int]string{}
			for range 10 {
				v := m.View()
				tuitest.CheckBlock(t, v, 60, 16)
				shown := pointShown(v)
				at := pointLinesShown.FindStringSubmatch(shown[len(shown)-1])
				from, to, of := 1, len(shown), len(shown)
				if at != nil {
					from, to, of = atoi(at[1]), atoi(at[2]), atoi(at[3])
					shown = shown[:len(shown)-1] // the line that says where the column is
				}
				for k, l := range shown {
					read[from+k] = l
				}
				if to == of {
					break
				}
				m = tuitest.Press(m, "J")
			}
			var lines []string
			for k := 1; k <= len(read); k++ {
				lines = append(lines, read[k])
			}
			got := squeeze(strings.Join(lines, " "))
			for _, want := range []string{squeeze(pt.Text), "Did you say it?", "space toggles"} {
				if !strings.Contains(got, want) {
					t.Errorf("%s point %d (%s) at 60x16: %q is not read in its column:\n%s", p.ID, i+1, pt.ID, want, strings.Join(lines, "\n"))
				}
			}
		}
	}
}

// The rubric at 60×16 on a point longer than its column: its first lines
// and where they are, then, after J, the rest; K goes back.
func TestRubricGoldenAt60x16(t *testing.T) {
	m, _, _ := model(t, 60, 16, "payment-checkout")
	m = tuitest.Press(write(m, answer), "ctrl+d")
	for m.prompt.Points[m.cursor].ID != "retry" {
		m = tuitest.Press(m, "right")
	}
	top := m.View()
	golden.Check(t, "rubric_60x16", top)
	m = tuitest.Press(m, "J")
	golden.Check(t, "rubric_scrolled_60x16", m.View())
	if m = tuitest.Press(m, "K"); m.View() != top {
		t.Errorf("K does not scroll the point back to its top:\n%s", m.View())
	}
}
