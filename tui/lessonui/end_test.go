package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// endWithEveryQuestionMissed is lesson p's last screen reached from its
// last step with no question answered: every one of them is on the m line.
func endWithEveryQuestionMissed(t *testing.T, pi int) (Model, int) {
	t.Helper()
	p := allLessons(t)[pi]
	m := open(t, p, len(p.Steps)-1, 80, 24, Options{})
	m = send(m, keys("n")...)
	if !m.showEnd {
		t.Fatalf("%s: n on the last step should open the last screen", p.Lesson.ID)
	}
	return m, len(m.progress.Missed(p.Lesson))
}

// The m line of the last screen keeps its key and its count at every size
// the player draws, down to 24×8: the titles of the missed steps give way
// ("and 2 more"), and so does the rest of the screen, never the line that
// says what m does (at 80×24 lesson 14's cut it in half).
func TestEndKeepsTheReviewLineAtEverySize(t *testing.T) {
	mLine := regexp.MustCompile(`^ m +review the (\d+)\b`)
	names := regexp.MustCompile(`m review the \d+ questions missed at the first try or skipped: (.*?) (?:enter next:|This was the last|p back to|the lesson's end)`)
	for _, pi := range []int{0, 8, 13} {
		m, n := endWithEveryQuestionMissed(t, pi)
		id := m.p.Lesson.ID
		if n < 2 {
			t.Fatalf("%s: want at least 2 questions missed, got %d", id, n)
		}
		for _, sz := range [][2]int{{200, 60}, {120, 40}, {80, 24}, {80, 20}, {60, 16}, {40, 12}, {30, 10}, {24, 8}} {
			m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			where := fmt.Sprintf("%s at %dx%d", id, sz[0], sz[1])
			found := false
			for _, l := range strings.Split(ansi.Strip(v), "\n") {
				if g := mLine.FindStringSubmatch(l); g != nil {
					found = true
					if g[1] != fmt.Sprint(n) {
						t.Errorf("%s: the m line counts %s, want %d:\n%s", where, g[1], n, v)
					}
				}
			}
			// The titles named and the ones counted add up.
			if g := names.FindStringSubmatch(text(v)); g != nil {
				named := strings.Count(g[1], "; ") + 1
				if mm := regexp.MustCompile(`; and (\d+) more$`).FindStringSubmatch(g[1]); mm != nil {
					var k int
					fmt.Sscan(mm[1], &k)
					named += k - 1
				}
				if named != n {
					t.Errorf("%s: the m line names and counts %d steps, want %d:\n%s", where, named, n, v)
				}
			}
			if !found {
				t.Errorf("%s: the m line with its key and count is not on the last screen:\n%s", where, v)
			}
			if strings.Contains(v, "need a taller window") {
				t.Errorf("%s: the last screen cut lines out:\n%s", where, v)
			}
			if id != "14-no-thread-pool" && !regexp.MustCompile(` enter +next: lesson`).MatchString(ansi.Strip(v)) {
				t.Errorf("%s: the next lesson's line is not whole:\n%s", where, v)
			}
		}
		// With the room, every title is named, and the recap is there.
		m = send(m, tea.WindowSizeMsg{Width: 200, Height: 60})
		v := text(m.View())
		for _, s := range m.progress.Missed(m.p.Lesson) {
			if !strings.Contains(v, m.p.Steps[s].Title) {
				t.Errorf("%s at 200x60: the m line does not name %q:\n%s", id, m.p.Steps[s].Title, m.View())
			}
		}
		if !strings.Contains(v, "What you learned") {
			t.Errorf("%s at 200x60: the recap is missing:\n%s", id, m.View())
		}
	}
}

// The note on what is left and the m line count from one list: lesson 3
// with every question missed at the first try and all but one answered
// right later said "1 question to go (m reviews them)" beside "m review
// the 5 questions missed or skipped". Now the note says which of the m
// line's questions are left, in the m line's count.
func TestEndCountsWhatIsLeftAmongWhatMReviews(t *testing.T) {
	p := allLessons(t)[2]
	m := open(t, p, len(p.Steps)-1, 120, 60, Options{})
	var asked []int
	for i, st := range p.Steps {
		m.progress.SawStep(i)
		if st.Question != nil {
			asked = append(asked, i)
		}
	}
	if len(asked) < 3 {
		t.Fatalf("%s asks %d questions; the test wants 3 or more", p.Lesson.ID, len(asked))
	}
	// Every question missed at the first try; all but the last answered
	// right at a later one.
	for _, i := range asked {
		m.progress.Answered(i, false)
	}
	for _, i := range asked[:len(asked)-1] {
		m.progress.Answered(i, true)
	}
	m = send(m, keys("n")...)
	if !m.showEnd {
		t.Fatalf("n on the last step should open the last screen:\n%s", m.View())
	}
	v := text(m.View())
	k := len(asked)
	for _, want := range []string{
		fmt.Sprintf("1 question is not answered right yet (m reviews it, and the %d answered right since).", k-1),
		fmt.Sprintf("m review the %d questions missed at the first try or skipped", k),
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the last screen lacks %q:\n%s", want, m.View())
		}
	}
	// m reviews the questions the line counts.
	m = send(m, keys("m")...)
	if len(m.review) != k {
		t.Errorf("m reviews %d questions, the line counts %d", len(m.review), k)
	}
}
