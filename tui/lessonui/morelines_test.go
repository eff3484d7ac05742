package lessonui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The text's "↓ N more lines (j)" counts every line it hides, the row it
// is drawn on included, and says "1 more line" for one.
func TestMoreLinesCountsWhatIsHidden(t *testing.T) {
	re := regexp.MustCompile(`↓ (\d+) more (line|lines) \(j\)`)
	checked := 0
	for _, p := range allLessons(t) {
		for step := range p.Steps {
			m := open(t, p, step, 80, 24, Options{})
			sub := re.FindStringSubmatch(m.View())
			if sub == nil {
				continue
			}
			n, _ := strconv.Atoi(sub[1])
			if (n == 1) != (sub[2] == "line") {
				t.Errorf("%s step %d: %q", p.Lesson.ID, step+1, sub[0])
			}
			all := m.textLines()
			if n < 1 || n > len(all) {
				t.Fatalf("%s step %d: %d hidden of %d lines", p.Lesson.ID, step+1, n, len(all))
			}
			view := m.View()
			firstHidden, lastShown := strings.TrimSpace(all[len(all)-n]), strings.TrimSpace(all[len(all)-n-1])
			if len(firstHidden) < 12 || len(lastShown) < 12 {
				continue // too short to tell apart from other text on the screen
			}
			checked++
			if strings.Contains(view, firstHidden) {
				t.Errorf("%s step %d: says %d hidden, but %q is shown", p.Lesson.ID, step+1, n, firstHidden)
			}
			if !strings.Contains(view, lastShown) {
				t.Errorf("%s step %d: says %d hidden, but %q is hidden as well", p.Lesson.ID, step+1, n, lastShown)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step at 80×24 hides text; the test checks nothing")
	}
	if got := plural(1, "more line", "more lines"); got != "1 more line" {
		t.Errorf("plural(1) = %q", got)
	}
}
