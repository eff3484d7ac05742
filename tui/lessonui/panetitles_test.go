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
	return titlesIn(m.View(), tw)
}

// titlesIn lists the pane titles in view's simulation column, right of
// a text column tw wide.
func titlesIn(view string, tw int) []string {
	var titles []string
	for _, l := range strings.Split(simColumn(view, tw), "\n") {
		for _, t := range paneTitle.FindAllStringSubmatch(l, -1) {
			titles = append(titles, t[1])
		}
	}
	return titles
}

// No two panes on a lesson's screen share a title: the learner tells them
// apart, and a text names them, by their titles. Lesson 1 showed its
// outcomes table and its outcomes chart both as "Outcomes" at 80×24, where
// the chart, narrowed to 39 columns, fell back to its shortest title.
// checkPaneTitles checks m, a step as it opens, whose view is view, and
// (with a prediction) the step once it is skipped, when a held chart takes
// other words. The walks of every step of every lesson at the goldens'
// sizes call it on the screens they draw (TestEveryStepRendersGolden,
// TestEveryStepAtLargerSizes).
func checkPaneTitles(t *testing.T, where string, m Model, view string) {
	t.Helper()
	tw, _ := m.columns()
	titlesShared(t, where+", as it opens", titlesIn(view, tw))
	if m.waiting() {
		titlesShared(t, where+", with its prediction skipped", simTitles(send(m, keys(" ")...)))
	}
}

// titlesShared fails if two of titles are the same.
func titlesShared(t *testing.T, where string, titles []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, title := range titles {
		if seen[title] {
			t.Errorf("%s: two panes are titled %q: %q", where, title, titles)
		}
		seen[title] = true
	}
}

// Lesson 1 at 80×24: the table keeps "Outcomes", the name its text uses
// ("watch the outcomes table"), and the chart beside it, 39 columns wide,
// is the "Timeline" and still names the band it leaves out. The pool,
// 3 workers a cell there, is "Pool": "Worker pool" leaves no room for
// "3 per cell", which the pane says in those words at every size.
func TestLessonOneTellsTheOutcomesTableFromItsTimeline(t *testing.T) {
	p := preparedLesson(t, 0)
	m := send(open(t, p, 0, 80, 24, Options{}), keys("1")...) // the guess puts the panes beside the text
	got := simTitles(m)
	want := []string{"Pool", "Outcomes", "Timeline"}
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
