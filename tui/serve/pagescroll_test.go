package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
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

// longReveal is a room at 80×24 whose question, with a why longer than
// the window, a student answered (1) and the teacher revealed.
func longReveal(t *testing.T) (room *Room, teacher, student *Session) {
	t.Helper()
	room = NewRoom()
	teacher = plainSession(t, room, true, 80, 24)
	student = plainSession(t, room, false, 80, 24)
	q := testQuestion()
	q.Explain = longWhy()
	room.Ask(q)
	reads(student)
	keys(student, "1")
	keys(teacher, "r")
	student.Update(roomMsg{})
	return room, teacher, student
}

// At 80×24 a reveal whose why is longer than the window was cut with "…",
// and j did nothing: the page scrolls with j (and k back), says there is
// more, and shows the why's end.
func TestALongWhyScrolls(t *testing.T) {
	racefree.Only(t)
	room, teacher, student := longReveal(t)
	q := testQuestion()
	q.Explain = longWhy()
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
	racefree.Only(t)
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

// wheel is a turn of the mouse wheel over the middle of the window: down,
// or up.
func wheel(down bool) tea.MouseMsg {
	b := tea.MouseButtonWheelUp
	if down {
		b = tea.MouseButtonWheelDown
	}
	return tea.MouseMsg{X: 20, Y: 10, Action: tea.MouseActionPress, Button: b}
}

// The mouse wheel scrolls a question's page as j and k do: it did
// nothing, only the keys scrolled. It is not a choice and reaches nothing
// behind the page; a click still does nothing there. A turn that comes as
// the question appears was meant for the screen behind it, and leaves the
// page at its top, as a key does.
func TestTheWheelScrollsAQuestionsPage(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 80, 24)
	// Short enough that the question scrolls before its reveal.
	student := plainSession(t, room, false, 80, 10)
	q := testQuestion()
	q.Explain = longWhy()
	room.Ask(q)
	student.Update(roomMsg{})
	if v := student.View(); !strings.Contains(v, "more below") {
		t.Fatalf("the question does not scroll at 80×10:\n%s", v)
	}
	student.Update(wheel(true))
	if v := student.View(); strings.Contains(v, "more above") {
		t.Fatalf("a turn of the wheel as the question appeared scrolled it:\n%s", v)
	}
	reads(student)
	keys(student, "1")
	keys(teacher, "r")
	student.Update(roomMsg{})
	for _, s := range []*Session{student, teacher} {
		who := "the student"
		if s == teacher {
			who = "the teacher"
		}
		s.Update(click(20, 10))
		for range 80 {
			if strings.Contains(s.View(), "The last words of the why.") {
				break
			}
			s.Update(wheel(true))
		}
		v := s.View()
		if !strings.Contains(v, "The last words of the why.") || !strings.Contains(v, "more above") {
			t.Fatalf("%s turned the wheel down to the end of the why:\n%s", who, v)
		}
		s.Update(wheel(false))
		if v := s.View(); !strings.Contains(v, "more above and below") {
			t.Fatalf("%s turned the wheel up:\n%s", who, v)
		}
		if s == student && student.mode != onHome {
			t.Fatal("the wheel on the reveal reached the screen behind it")
		}
	}
	if a, _ := room.OpenQuestion(); a.Counts[0] != 1 || a.Counts[1]+a.Counts[2] != 0 || student.answered != 0 {
		t.Fatalf("the wheel or the click changed the student's answer: counts %v", a.Counts)
	}
}
