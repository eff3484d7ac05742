package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A question's explanation is filled to the width the player has, not
// broken where the author's lines ended: lesson 8 step 5's came out as
// "A bigger shard has many more ways to meet" over "another on some of its
// workers,". Each explanation written over several lines draws as it would
// were each of its paragraphs written on one line.
func TestExplanationFillsItsLines(t *testing.T) {
	th := tuitest.Plain()
	checked := 0
	for _, p := range allLessons(t) {
		for step, st := range p.Steps {
			q := st.Question
			if q == nil || !strings.Contains(q.Explain, "\n") {
				continue
			}
			checked++
			paras := strings.Split(q.Explain, "\n\n")
			for i, para := range paras {
				paras[i] = strings.Join(strings.Fields(para), " ")
			}
			oneLine := *q
			oneLine.Explain = strings.Join(paras, "\n\n")
			for _, width := range []int{34, 50, 70} {
				draw := func(q *lessons.PreparedQuestion) string {
					st := questionState{picked: -1, right: true, feedback: "✓ Right. " + q.Explain}
					return ansi.Strip(strings.Join(renderQuestion(th, q, st, width), "\n"))
				}
				if got, want := draw(q), draw(&oneLine); got != want {
					t.Errorf("%s step %d at %d columns:\n%s\nwith each paragraph on one line:\n%s",
						p.Lesson.Title, step+1, width, got, want)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no explanation has a line break: nothing was checked")
	}
}
