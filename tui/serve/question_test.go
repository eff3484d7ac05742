package serve

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// testQuestion is a room question of three choices, the second right.
func testQuestion() Question {
	return Question{From: "A lesson, step 4", Prompt: "Which pool fills first?",
		Choices: []string{"the accept queue", "the worker pool", "the breaker"},
		Whys:    []string{"the queue only fills once every worker is busy", "", "a breaker holds no requests"},
		Right:   1, Explain: "every worker waits on the hung dependency"}
}

// The room's question: each student answers once (changing an answer
// moves their one count), the teacher sees the counts and no names, a
// student may put it aside; the reveal closes the answers and shows every
// student, the one who put it aside too, the right answer with its why and
// the why of their own wrong choice; esc ends it.
func TestRoomQuestion(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	a := plainSession(t, room, false, 80, 24)
	b := plainSession(t, room, false, 80, 24)
	c := plainSession(t, room, false, 80, 24)
	q := testQuestion()
	room.Ask(q)
	for _, s := range []*Session{a, b, c} {
		if v := s.View(); !strings.Contains(v, "The teacher asks") || !strings.Contains(v, "1. the accept queue") {
			t.Fatalf("a student does not see the question:\n%s", v)
		}
	}
	reads(a, b, c)
	keys(a, "2")
	keys(b, "2")
	keys(b, "1") // b changes their mind
	keys(c, "esc")
	v := teacher.View()
	if !strings.Contains(v, "2 of 3 students answered") || !strings.Contains(v, "r reveals the right answer") {
		t.Fatalf("teacher's results:\n%s", v)
	}
	// The bars' lines end in the counts.
	var shown []string
	for _, l := range strings.Split(v, "\n") {
		if f := strings.Fields(l); len(f) == 2 && strings.Trim(f[0], "█·") == "" {
			shown = append(shown, f[1])
		}
	}
	if strings.Join(shown, " ") != "1 1 0" {
		t.Errorf("the bars show counts %v, want 1 1 0:\n%s", shown, v)
	}
	if strings.Contains(v, "(right)") || strings.Contains(a.View(), "right") {
		t.Fatal("the right answer shows before the teacher reveals it")
	}
	if !strings.Contains(a.View(), "Your answer: 2") {
		t.Fatal("a's answer is not confirmed")
	}
	if v := c.View(); strings.Contains(v, "The teacher asks") || !strings.Contains(v, "Lessons") {
		t.Fatalf("c put the question aside, and sees:\n%s", v)
	}

	keys(teacher, "r")
	if v := teacher.View(); !strings.Contains(v, "2. the worker pool  (right)") || !strings.Contains(v, "Why: every worker waits") {
		t.Fatalf("the teacher's screen after r:\n%s", v)
	}
	v = a.View()
	if !strings.Contains(v, "The right answer: 2. You chose it.") || !strings.Contains(v, "Why: every worker waits") ||
		!strings.Contains(v, "(right, your answer)") {
		t.Fatalf("a (right) after the reveal:\n%s", v)
	}
	v = b.View()
	if !strings.Contains(v, "The right answer: 2.") || !strings.Contains(v, "You chose 1. Why not: the queue only fills") ||
		!strings.Contains(v, "1. the accept queue  (your answer)") {
		t.Fatalf("b (wrong) after the reveal:\n%s", v)
	}
	if v := c.View(); !strings.Contains(v, "The right answer: 2.") || strings.Contains(v, "You chose") {
		t.Fatalf("c, who put the question aside, after the reveal:\n%s", v)
	}
	// Answers are closed: b's key changes nothing.
	keys(b, "2")
	if a, _ := room.OpenQuestion(); a.Counts[0] != 1 || a.Counts[1] != 1 {
		t.Fatalf("an answer after the reveal counted: %v", a.Counts)
	}
	// esc puts the answer away; keys reach the home screen again.
	reads(c) // the reveal came back onto c's screen
	keys(c, "esc")
	if v := c.View(); strings.Contains(v, revealTitle) || !strings.Contains(v, "Lessons") {
		t.Fatalf("after esc:\n%s", v)
	}
	// Keys other than esc do nothing to b's screen while it shows.
	keys(b, "j", "enter")
	if !strings.Contains(b.View(), revealTitle) || b.home.InSandbox() {
		t.Fatal("a key reached the home screen behind the answer")
	}
	keys(teacher, "esc")
	if _, open := room.OpenQuestion(); open {
		t.Fatal("esc did not end the question")
	}
	if strings.Contains(b.View(), "The teacher") {
		t.Fatal("the question stayed after the teacher ended it")
	}
	// Answers to an ended question are not counted.
	room.Answer(a.me, 1, 0)
	room.Ask(q)
	if a, _ := room.OpenQuestion(); a.Counts[0] != 0 {
		t.Fatal("an answer to the old question counted in the new one")
	}
}

// ctrl+a with no lesson step open asks nothing and says what to open;
// any key puts the note away.
func TestAskWithNoQuestionOnScreen(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 80, 24)
	student := plainSession(t, room, false, 80, 24)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	if v := teacher.View(); !strings.Contains(flat(v), "Open a lesson step with a prediction or a question to ask the room") {
		t.Fatalf("the teacher's screen after ctrl+a on the menu:\n%s", v)
	}
	if _, open := room.OpenQuestion(); open || strings.Contains(student.View(), "The teacher asks") {
		t.Fatal("ctrl+a on the menu asked the room something")
	}
	keys(teacher, "x")
	if v := teacher.View(); strings.Contains(v, "Ask the room") || !strings.Contains(v, "Lessons") {
		t.Fatalf("a key did not put the note away:\n%s", v)
	}
}

// A step's numeric question cannot be put to the room, and the teacher is
// told so; a choice question carries its explanation and whys, a
// prediction its reveal.
func TestRoomQuestionFromAStep(t *testing.T) {
	if _, ok := roomQuestion(&lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many?"}, false, ""); ok {
		t.Fatal("a numeric question became a room question")
	}
	pq := &lessons.PreparedQuestion{Kind: lessons.Choice, Prompt: "p", Explain: "e", Reveal: "r",
		Choices: []lessons.Option{{Text: "a", Why: "wa"}, {Text: "b", Right: true}}}
	q, ok := roomQuestion(pq, false, "L, step 2")
	if !ok || q.Right != 1 || q.Explain != "e" || q.Whys[0] != "wa" || q.From != "L, step 2" {
		t.Fatalf("question: %+v", q)
	}
	if q, _ := roomQuestion(pq, true, ""); q.Explain != "r" || !q.Predict {
		t.Fatalf("prediction: %+v", q)
	}
}

// lessonTwo is the second lesson and the index of its first step with a
// multiple-choice question and no prediction, and of its first step with
// a multiple-choice prediction and one with a numeric one.
func lessonTwo(t *testing.T) (l *lessons.Lesson, question, predict, number int) {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	l, question, predict, number = all[1], -1, -1, -1
	for i, st := range l.Steps {
		switch {
		case st.Predict != nil && st.Predict.Kind == lessons.Choice && predict < 0:
			predict = i
		case st.Predict != nil && st.Predict.Kind == lessons.Number && number < 0:
			number = i
		case st.Predict == nil && st.Question != nil && st.Question.Kind == lessons.Choice && question < 0:
			question = i
		}
	}
	if question < 0 || predict < 0 {
		t.Skipf("lesson 2 (%s) has no plain choice question or no choice prediction", l.ID)
	}
	return l, question, predict, number
}

// goToStep moves the teacher's open lesson to step i (from 0).
func goToStep(t *testing.T, teacher *Session, i int) {
	t.Helper()
	p, _ := teacher.home.Lessons()
	for p.State().Step < i {
		before := p.State().Step
		press(t, teacher, "n")
		p, _ = teacher.home.Lessons()
		if p.State().Step == before {
			t.Fatalf("n left the teacher on step %d:\n%s", before+1, teacher.View())
		}
	}
}

// ctrl+a puts the question of the step the teacher is on: in lesson 2,
// lesson 2's prediction while it waits, its question on a question step;
// a numeric prediction is refused with the reason.
func TestAskTheTeachersStep(t *testing.T) {
	racefree.Only(t)
	l, question, predict, number := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	if p, _ := teacher.home.Lessons(); p.State().Lesson != l.ID {
		t.Fatalf("the teacher opened %q, want lesson 2 (%s)", p.State().Lesson, l.ID)
	}
	type stop struct {
		step int
		want string
	}
	stops := []stop{{predict, l.Steps[predict].Predict.Prompt}, {question, l.Steps[question].Question.Prompt}}
	if number >= 0 {
		stops = append(stops, stop{number, ""})
	}
	sort.Slice(stops, func(i, j int) bool { return stops[i].step < stops[j].step })
	for _, st := range stops {
		goToStep(t, teacher, st.step)
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		a, open := room.OpenQuestion()
		if st.want == "" {
			// A numeric prediction goes to the room too: the students
			// type a number (poll_number_test.go).
			if !open || !a.Number {
				t.Fatalf("step %d's numeric prediction: open %v, a number %v, screen:\n%s", st.step+1, open, a.Number, teacher.View())
			}
			keys(teacher, "esc")
			continue
		}
		wantFrom := fmt.Sprintf("%s, step %d", l.Title, st.step+1)
		// The prompt's numbers are filled in: compare its start, before
		// any placeholder.
		head, _, _ := strings.Cut(st.want, "{{")
		if !open || !strings.HasPrefix(a.From, wantFrom) || !strings.HasPrefix(a.Prompt, strings.TrimSpace(head)) {
			t.Fatalf("at step %d the room was asked %+v (open %v), want %q from %q", st.step+1, a.Question, open, st.want, wantFrom)
		}
		if a.Predict != (st.step == predict) {
			t.Errorf("step %d: asked as a prediction %v", st.step+1, a.Predict)
		}
		keys(teacher, "esc")
	}
}

// Over SSH: the teacher, in lesson 2 at a question step, presses ctrl+a;
// two students see lesson 2's question and answer, one right, one wrong;
// the teacher sees the counts and reveals; each student sees the right
// answer with its why, and the one who chose wrong sees why that choice
// is wrong.
func TestRoomQuestionOverSSH(t *testing.T) {
	t.Parallel() // its own server; it counts no goroutines (settleGoroutines)
	l, question, _, _ := lessonTwo(t)
	ts, teacher := teacherInLessonTwo(t)
	if sh, _ := ts.Room().Latest(); sh.Lesson.Lesson != l.ID {
		t.Fatalf("the teacher opened %q, want %s", sh.Lesson.Lesson, l.ID)
	}
	for i := 1; i <= question; i++ {
		typeWait(t, teacher, "n", fmt.Sprintf("teaching · step %d/", i+1))
	}

	students := []*Client{ts.dial(t, "s0", PasswordAuth("x"), 80, 24), ts.dial(t, "s1", PasswordAuth("x"), 80, 24)}
	for _, c := range students {
		waitFor(t, c, 0, "ctrl+g follows the teacher")
	}
	marks := []int64{students[0].Mark(), students[1].Mark()}
	typeWait(t, teacher, "\x01", "The room answers: "+l.Title, "0 of 2 students answered", "r reveals the right answer")
	a, open := ts.Room().OpenQuestion()
	if !open || !strings.Contains(a.From, fmt.Sprintf("step %d", question+1)) {
		t.Fatalf("the room was asked %+v", a.Question)
	}
	firstWords := func(s string, n int) string {
		f := strings.Fields(s)
		return strings.Join(f[:min(n, len(f))], " ")
	}
	for i, c := range students {
		waitFor(t, c, marks[i], "The teacher asks", firstWords(a.Prompt, 4), "1. "+firstWords(a.Choices[0], 3))
	}
	// The students read the question: a key sooner is not taken as an
	// answer (pollopen.go).
	time.Sleep(questionGrace)
	wrong := (a.Right + 1) % len(a.Choices)
	typeWait(t, students[0], fmt.Sprint(a.Right+1), fmt.Sprintf("Your answer: %d", a.Right+1))
	typeWait(t, students[1], fmt.Sprint(wrong+1), fmt.Sprintf("Your answer: %d", wrong+1))
	waitFor(t, teacher, 0, "2 of 2 students answered")

	marks = []int64{students[0].Mark(), students[1].Mark()}
	typeWait(t, teacher, "r", "(right)", "Every student now sees the right answer")
	right := fmt.Sprintf("The right answer: %d.", a.Right+1)
	waitFor(t, students[0], marks[0], right, "Why: "+firstWords(a.Explain, 3), "You chose it.")
	waitFor(t, students[1], marks[1], right, "Why: "+firstWords(a.Explain, 3),
		fmt.Sprintf("You chose %d. Why not: %s", wrong+1, firstWords(a.Whys[wrong], 3)))
}

// A lesson's Markdown reads as plain paragraphs on the question's screen.
func TestFlatten(t *testing.T) {
	got := flatten("**75 %** fail,\nand `health` waits.\n\n- one\n  more\n- two\n\n")
	want := []string{"75 % fail, and health waits.", "", "• one more", "• two"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("flatten = %q, want %q", got, want)
	}
	// A numbered list's items are paragraphs too, numbers kept (lesson 1's
	// reveal of the three designs ran into one block).
	got = flatten("The three designs:\n\n1. **One pool**: 39% succeed.\n2. A bulkhead caps it\n   at 40 workers.\n3. A breaker.\n")
	want = []string{"The three designs:", "", "1. One pool: 39% succeed.", "2. A bulkhead caps it at 40 workers.", "3. A breaker."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("flatten = %q, want %q", got, want)
	}
	if got := flatten(""); len(got) != 1 {
		t.Fatalf("flatten(\"\") = %q", got)
	}
}

// A session with no name (the server names every student) that answers
// and leaves takes the answer along while the question is open: it can
// never come back as itself, and a client could otherwise answer, leave
// and answer again. A named student's answer stays (leftanswer_test.go).
func TestALeavingStudentTakesTheirAnswer(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	stay := plainSession(t, room, false, 80, 24)
	room.Ask(testQuestion())
	reads(stay)
	keys(stay, "2")
	for range 3 {
		gone := plainSession(t, room, false, 80, 24)
		reads(gone)
		keys(gone, "1")
		gone.Leave()
	}
	a, ok := room.OpenQuestion()
	if !ok || a.Counts[0] != 0 || a.Counts[1] != 1 {
		t.Fatalf("after three students answered and left, counts %v; want only the one who stayed", a.Counts)
	}
	if v := teacher.View(); !strings.Contains(v, "1 of 1 student answered") {
		t.Errorf("the teacher should see 1 of 1 answered:\n%s", v)
	}
}
