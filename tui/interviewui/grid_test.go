package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// theQuestion is the end of every point's column: what the learner
// answers, with its keys.
const theQuestion = "Did you say it? y said · n not said · space toggles"

// pointColumnText is the point's column of a grading screen, its lines
// joined with single spaces: the cells left of the border that stands
// lw+1 cells in (one space, then the column lw-1 wide, then a space). The
// side panel's border stands further right, and the strip and the whole
// rubric have none there, so they are left out.
func pointColumnText(view string, lw int) string {
	var words []string
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		r := []rune(l)
		if len(r) > lw+1 && r[lw+1] == '│' {
			words = append(words, strings.Fields(string(r[:lw+1]))...)
		}
	}
	return strings.Join(words, " ")
}

// Every point of every rubric shows whole beside the answer at 80×24,
// 100×30 and 200×60, down to the last word of its question's keys: at
// 80×24 the API gateway's rubric took five rows of marks, and the
// deadline point lost "toggles".
func TestRubricPointIsWhole(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		for _, p := range drill.Prompts() {
			m, _, _ := model(t, sz[0], sz[1], p.ID)
			// Pasted at once: the rubric is what is checked here, and the
			// answer typed key by key (typeIn, TestWritingThenRubricGolden
			// and the others) grades to the same screens, point for point.
			m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(answer), Paste: true}))
			m = tuitest.Press(m, "ctrl+d")
			for i, pt := range p.Points {
				m = m.point(i)
				v := m.View()
				tuitest.CheckBlock(t, v, sz[0], sz[1])
				lw, _, _, stacked := m.gradeLayout()
				if stacked {
					t.Fatalf("%s at %dx%d: the point stands above the answer", p.ID, sz[0], sz[1])
				}
				col := pointColumnText(v, lw)
				for _, want := range []string{strings.Join(strings.Fields(pt.Text), " "), theQuestion} {
					if !strings.Contains(col, want) {
						t.Errorf("%s at %dx%d, point %d (%s): the point's column lacks %q:\n%s", p.ID, sz[0], sz[1], i+1, pt.ID, want, ansi.Strip(v))
					}
				}
			}
		}
	}
}

// stripCursor is where the cursor's mark stands in the strip of marks at
// a width without the side panel: its row among the strip's rows (the
// lines that begin with a mark), and its cell in that row.
func stripCursor(t *testing.T, view string) (row, cell int) {
	t.Helper()
	rows := 0
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if s := strings.TrimLeft(l, " ▸"); !strings.HasPrefix(s, "[ ]") && !strings.HasPrefix(s, "[x]") {
			continue
		}
		if k := strings.Index(l, "▸"); k >= 0 {
			return rows, len([]rune(l[:k]))
		}
		rows++
	}
	t.Fatalf("no cursor in the strip:\n%s", ansi.Strip(view))
	return 0, 0
}

// The arrows move the cursor as the strip of marks draws the points: ↓ a
// row down in the same column, ↑ a row up, → and ← a column over, each
// round at the edge; the point beside the answer follows.
func TestArrowsFollowTheGrid(t *testing.T) {
	m, _, _ := model(t, 80, 24, "api-gateway")
	m = write(m, answer)
	m = tuitest.Press(m, "ctrl+d")
	if !m.showStrip() {
		t.Fatalf("no strip of marks at 80x24:\n%s", ansi.Strip(m.View()))
	}
	cols, n := m.stripCols(80), len(m.prompt.Points)
	if cols < 2 || cols >= n {
		t.Fatalf("the strip has %d columns for %d points: no grid to move in", cols, n)
	}
	rows := (n + cols - 1) / cols
	at := func(what string) (int, int) {
		t.Helper()
		v := m.View()
		r, c := stripCursor(t, v)
		head := fmt.Sprintf("Point %d of %d", m.cursor+1, n)
		if !strings.Contains(v, head) {
			t.Fatalf("after %s the cursor is on point %d, but the screen does not show it:\n%s", what, m.cursor+1, ansi.Strip(v))
		}
		return r, c
	}
	r0, c0 := at("hand-in")
	// Down the first column, and round to its top.
	for k := 1; k <= rows; k++ {
		m = tuitest.Press(m, "down")
		r, c := at("↓")
		if want := k % rows; r != want || c != c0 || m.cursor != want*cols {
			t.Fatalf("↓ %d times: strip row %d, cell %d (point %d); want row %d, cell %d", k, r, c, m.cursor+1, want, c0)
		}
	}
	// Up from the top goes round to the column's last row.
	m = tuitest.Press(m, "up")
	if r, c := at("↑"); r != rows-1 || c != c0 {
		t.Fatalf("↑ from the top: strip row %d, cell %d; want row %d, cell %d", r, c, rows-1, c0)
	}
	m = tuitest.Press(m, "down")
	// Across the first row.
	prev := c0
	for k := 1; k < cols; k++ {
		m = tuitest.Press(m, "right")
		r, c := at("→")
		if r != r0 || c <= prev || m.cursor != k {
			t.Fatalf("→ %d times: strip row %d, cell %d (point %d); want row %d, right of cell %d", k, r, c, m.cursor+1, r0, prev)
		}
		prev = c
	}
	// On from the row's end to the next row's start, and back.
	m = tuitest.Press(m, "right")
	if r, c := at("→"); r != r0+1 || c != c0 {
		t.Fatalf("→ at a row's end: strip row %d, cell %d; want the next row's first", r, c)
	}
	m = tuitest.Press(m, "left")
	if r, c := at("←"); r != r0 || c != prev {
		t.Fatalf("← at a row's start: strip row %d, cell %d; want the row above's last, cell %d", r, c, prev)
	}
	// ↑ in the last column goes round to that column's last row, which
	// the last row, short, may not reach.
	m = tuitest.Press(m, "up")
	last := (n - 1 - (cols - 1)) / cols
	if r, c := at("↑"); r != last || c != prev || m.cursor%cols != cols-1 {
		t.Fatalf("↑ from the last column's top: strip row %d, cell %d (point %d); want row %d, cell %d", r, c, m.cursor+1, last, prev)
	}
	// ← from the first point goes round to the last; → from the last to
	// the first.
	m = m.point(0)
	m = tuitest.Press(m, "left")
	if m.cursor != n-1 {
		t.Fatalf("← from the first point: point %d", m.cursor+1)
	}
	m = tuitest.Press(m, "right")
	if m.cursor != 0 {
		t.Fatalf("→ from the last point: point %d", m.cursor+1)
	}
}

// Without the strip (a window too short for it) the points are a list:
// ↓ and → go to the next, ↑ and ← to the previous.
func TestArrowsWithoutTheStripWalkTheList(t *testing.T) {
	m, _, _ := model(t, 80, 16, "api-gateway")
	m = write(m, answer)
	m = tuitest.Press(m, "ctrl+d")
	if m.showStrip() {
		t.Fatalf("the strip shows at 80x16; the test wants a window too short for it:\n%s", ansi.Strip(m.View()))
	}
	for _, c := range []struct {
		key  string
		want int
	}{{"down", 1}, {"right", 2}, {"up", 1}, {"left", 0}, {"up", len(m.said) - 1}, {"down", 0}} {
		m = tuitest.Press(m, c.key)
		if m.cursor != c.want {
			t.Fatalf("%s: point %d, want %d", c.key, m.cursor+1, c.want+1)
		}
	}
}
