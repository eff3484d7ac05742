package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// longWhy is an explanation longer than an 80×24 window holds.
func longWhy() string {
	var b strings.Builder
	for i := range 12 {
		b.WriteString("Every worker waits on the hung dependency, and a request that comes now waits for a worker in turn. ")
		if i%3 == 2 {
			b.WriteString("\n\n")
		}
	}
	return b.String() + "The last words of the why."
}

// At 80×24 a reveal whose why is longer than the window was cut with "…",
// and j did nothing: the page scrolls with j (and k back), says there is
// more, and shows the why's end.
func TestALongWhyScrolls(t *testing.T) {
	room := NewRoom()
	teacher := plainSession(t, room, true, 80, 24)
	student := plainSession(t, room, false, 80, 24)
	q := testQuestion()
	q.Explain = longWhy()
	room.Ask(q)
	reads(student)
	keys(student, "1")
	keys(teacher, "r")
	student.Update(roomMsg{})
	for _, s := range []*Session{student, teacher} {
		who := "the student"
		if s == teacher {
			who = "the teacher"
		}
		v := s.View()
		if strings.Contains(v, "   …") || !strings.Contains(v, "more below") {
			t.Fatalf("%s's reveal at 80×24 does not say there is more:\n%s", who, v)
		}
		for range 40 {
			if strings.Contains(s.View(), "The last words of the why.") {
				break
			}
			keys(s, "j")
		}
		v = s.View()
		if !strings.Contains(v, "The last words of the why.") || !strings.Contains(v, "more above") {
			t.Fatalf("%s pressed j to the end of the why:\n%s", who, v)
		}
		keys(s, "k")
		if v := s.View(); !strings.Contains(v, "more above and below") {
			t.Fatalf("%s pressed k:\n%s", who, v)
		}
		if s == student && student.mode != onHome {
			t.Fatal("j on the reveal reached the screen behind it")
		}
	}
	// The teacher's next question starts at its top.
	keys(teacher, "esc")
	room.Ask(q)
	reads(student)
	if v := student.View(); strings.Contains(v, "more above") {
		t.Fatalf("the next question opened scrolled:\n%s", v)
	}
}

// The histogram's mark on the engine's answer is whole at 80 columns: it
// wrapped, "… 0  ◆ the" on one line and "engine's answer" alone on the
// next.
func TestTheAnswersMarkIsWhole(t *testing.T) {
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How long does the request wait?", Answer: 1.25, AnswerKind: lessons.KindDuration,
		Tolerance: 0.1, Relative: true, Unit: "s", AnswerText: "1.25"}
	q, _ := numberQuestion(pq, false, "L, step 1")
	for _, w := range []int{80, 60, 45} {
		room := NewRoom()
		teacher := plainSession(t, room, true, w, 40)
		room.Ask(q)
		for _, n := range []string{"0.5", "1.2", "1.3", "2.75", "3.1"} {
			st := plainSession(t, room, false, 80, 24)
			reads(st)
			keys(st, n)
			st.Update(tea.KeyMsg{Type: tea.KeyEnter})
		}
		keys(teacher, "r")
		v := teacher.View()
		if !strings.Contains(v, "◆") {
			t.Fatalf("%d columns: no mark on the engine's answer:\n%s", w, v)
		}
		for _, l := range strings.Split(v, "\n") {
			l = strings.TrimSpace(l)
			whole := !strings.Contains(l, "◆")
			for _, m := range answerMarks {
				whole = whole || strings.HasSuffix(l, m)
			}
			if !whole || strings.HasPrefix(l, "engine's answer") {
				t.Fatalf("%d columns: the answer's mark is cut over two lines:\n%s", w, v)
			}
		}
	}
}
