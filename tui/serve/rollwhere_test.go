package serve

import (
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/home"
	gossh "golang.org/x/crypto/ssh"
)

// The teacher's list of who is in the room said "exploring" of a student
// with no word of where, so the teacher could not tell who was lost or
// ahead. Over SSH: a student opens lesson 3 and goes on to its step 2;
// the teacher's open list says so, and moves with them to step 3, then to
// the lesson list when they leave the lesson.
func TestTheTeachersListSaysWhereAStudentExplores(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Home: func() home.Options { return lessonHome(t) }})
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 200, 60)
	waitFor(t, teacher, 0, "teaching · not shown to followers")
	ada := ts.dial(t, "ada", PasswordAuth("x"), 80, 24)
	waitFor(t, ada, 0, "on the home screen · ctrl+g follows")
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var third *lessons.Lesson
	for _, l := range all {
		if l.Number == 3 {
			third = l
		}
	}
	if third == nil {
		t.Fatal("no lesson 3 among the built-in lessons")
	}

	typeWait(t, ada, "\r", "open the lesson")       // the lesson list
	typeWait(t, ada, "jj\r", "exploring · step 1/") // lesson 3
	typeWait(t, ada, "n", "exploring · step 2/")
	typeWait(t, teacher, "\x0c", "Who is in the room", "• ada · exploring: lesson 3 · step 2/", third.Title) // ctrl+l

	// The open list follows her: the teacher presses nothing.
	mark := teacher.Mark()
	if err := ada.Type("n"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "• ada · exploring: lesson 3 · step 3/")
	mark = teacher.Mark()
	if err := ada.Type("\x1b"); err != nil { // back to the lesson list
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "• ada · exploring: the lesson list")
}

// Where reads in a few words, the broadest first, and each place once
// for a student exploring in several sessions; a student who only
// follows or sits on the menu has none.
func TestWhereReadsInAFewWords(t *testing.T) {
	l := &lessons.Lesson{ID: "03-retries", Number: 3, Title: "Retry storms"}
	own := &lessons.Lesson{ID: "my-outage", Title: "Our outage"}
	c := &challenge.Challenge{Number: 2, Title: "Hold the line"}
	for _, tc := range []struct {
		ws   []whereAt
		want string
	}{
		{[]whereAt{{lesson: l, step: 1, steps: 7}}, "lesson 3 · step 2/7 · Retry storms"},
		{[]whereAt{{lesson: l, step: 6, steps: 7, end: true}}, "lesson 3 · the end · Retry storms"},
		{[]whereAt{{lesson: own, step: 0, steps: 4}}, "lesson my-outage · step 1/4 · Our outage"},
		{[]whereAt{{screen: "a challenge", challenge: c}}, "challenge 2 · Hold the line"},
		{[]whereAt{{screen: "the sandbox"}, {screen: "the sandbox"}, {screen: "the drill"}}, "the sandbox; the drill"},
		{[]whereAt{{}}, ""},
		{nil, ""},
	} {
		if got := wheres(tc.ws); got != tc.want {
			t.Errorf("wheres(%v) = %q, want %q", tc.ws, got, tc.want)
		}
	}
}

// At 80 columns a student's line is cut with … on one line, lesson and
// step kept, where it wrapped under itself and read as two students.
func TestTheListCutsWhereToOneLineAt80Columns(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 80, 24)
	ada := lessonSession(t, room, false, 80, 24)
	ada.SetStudent("user-ada", "ada")
	press(t, ada, "enter", "j", "j", "enter") // lesson 3
	awaitLesson(t, ada)
	reads(teacher)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlL})
	v := teacher.View()
	for _, l := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line is %d columns wide at 80: %q", w, l)
		}
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "• ada") {
			if !strings.HasPrefix(l, "• ada · exploring: lesson 3 · step 1/") || !strings.HasSuffix(l, "…") {
				t.Errorf("ada's line is not cut with … after her lesson and step: %q", l)
			}
			return
		}
	}
	t.Fatalf("the list has no line for ada:\n%s", v)
}
