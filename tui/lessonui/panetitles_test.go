package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// paneTitle is a frame's title on its top edge, up to the dash before its
// note (or the edge's run of dashes).
var paneTitle = regexp.MustCompile(`╭─ (.+?) ─`)

// simTitles lists the titles of the panes in a view's simulation column,
// top to bottom and left to right.
func simTitles(m Model) []string {
	tw, _ := m.columns()
	var titles []string
	for _, l := range strings.Split(simColumn(m.View(), tw), "\n") {
		for _, t := range paneTitle.FindAllStringSubmatch(l, -1) {
			titles = append(titles, t[1])
		}
	}
	return titles
}

// No two panes on a lesson's screen share a title: the learner tells them
// apart, and a text names them, by their titles. Lesson 1 showed its
// outcomes table and its outcomes chart both as "Outcomes" at 80×24, where
// the chart, narrowed to 39 columns, fell back to its shortest title. Every
// step of every lesson, at the sizes the goldens use, as it opens and
// (with a prediction) once it is skipped, when a held chart takes other
// words.
func TestNoTwoPanesShareATitle(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}, {200, 60}} {
			w, h := size[0], size[1]
			m := open(t, p, 0, w, h, Options{})
			for i := range p.Steps {
				if i > 0 {
					m = send(m, keys("n")...)
				}
				views := []Model{m}
				if m.waiting() {
					views = append(views, send(m, keys(" ")...))
				}
				for j, v := range views {
					seen := map[string]bool{}
					for _, title := range simTitles(v) {
						if seen[title] {
							state := "as it opens"
							if j > 0 {
								state = "with its prediction skipped"
							}
							t.Errorf("%s step %d at %dx%d, %s: two panes are titled %q: %q", p.Lesson.ID, i+1, w, h, state, title, simTitles(v))
						}
						seen[title] = true
					}
				}
			}
		}
	}
}

// Lesson 1 at 80×24: the table keeps "Outcomes", the name its text uses
// ("watch the outcomes table"), and the chart beside it, 39 columns wide,
// is the "Timeline" and still names the band it leaves out.
func TestLessonOneTellsTheOutcomesTableFromItsTimeline(t *testing.T) {
	p := preparedLesson(t, 0)
	m := open(t, p, 0, 80, 24, Options{})
	got := simTitles(m)
	want := []string{"Worker pool", "Outcomes", "Timeline"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("lesson 1 step 1 at 80x24: pane titles %q, want %q", got, want)
	}
	tw, _ := m.columns()
	for _, l := range strings.Split(simColumn(m.View(), tw), "\n") {
		if strings.Contains(l, "╭─ Timeline") && !strings.Contains(l, "profile") {
			t.Errorf("the timeline should still name the hidden band, profile: %q", l)
		}
	}
}
