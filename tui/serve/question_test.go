package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher puts a lesson's question to the room; each student answers
// once (changing an answer moves their one count), the teacher sees the
// counts and no names, a student may put it aside, and esc ends it.
func TestRoomQuestion(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	teacher.lessons = all
	a := plainSession(t, room, false, 80, 24)
	b := plainSession(t, room, false, 80, 24)

	_, cmd := teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	if v := teacher.View(); !strings.Contains(v, "Reading the lessons' questions") {
		t.Fatalf("the list is not loading:\n%s", v)
	}
	teacher.Update(cmd())
	if teacher.pick == nil || len(teacher.pick.qs) == 0 {
		t.Fatal("no questions listed")
	}
	q := teacher.pick.qs[0]
	if len(q.Choices) < 2 || q.Right < 0 || strings.Contains(q.Prompt, "{{") {
		t.Fatalf("first question %+v", q)
	}
	keys(teacher, "enter")
	for _, s := range []*Session{a, b} {
		if v := s.View(); !strings.Contains(v, "The teacher asks") || !strings.Contains(v, "1. ") {
			t.Fatalf("a student does not see the question:\n%s", v)
		}
	}
	keys(a, "2")
	keys(b, "1")
	keys(b, "2") // b changes their mind
	v := teacher.View()
	if !strings.Contains(v, "2 of 2 students answered") || strings.Contains(v, "p0") {
		t.Fatalf("teacher's results:\n%s", v)
	}
	// The bars' lines end in the counts: 0 for the first choice, 2 for
	// the second, 0 for the rest.
	var shown []string
	for _, l := range strings.Split(v, "\n") {
		if f := strings.Fields(l); len(f) == 2 && strings.Trim(f[0], "█·") == "" {
			shown = append(shown, f[1])
		}
	}
	if len(shown) != len(q.Choices) || shown[0] != "0" || shown[1] != "2" {
		t.Errorf("the bars show counts %v, want 0 and 2 first:\n%s", shown, v)
	}
	if strings.Contains(v, "(right)") {
		t.Fatal("the right answer shows before the teacher reveals it")
	}
	keys(teacher, "r")
	if !strings.Contains(teacher.View(), "(right)") {
		t.Fatal("r did not reveal the right answer")
	}
	if _, _, counts, _, _ := room.OpenQuestion(); counts[0] != 0 || counts[1] != 2 {
		t.Fatalf("counts %v, want [0 2 …]", counts)
	}
	if !strings.Contains(a.View(), "Your answer: 2") {
		t.Fatal("a's answer is not confirmed")
	}
	// a puts it aside: back to the home screen, keys work there again.
	keys(a, "esc")
	if v := a.View(); strings.Contains(v, "The teacher asks") || !strings.Contains(v, "Lessons") {
		t.Fatalf("after esc:\n%s", v)
	}
	// Keys other than answers do nothing to b's screen while it is asked.
	keys(b, "j", "enter")
	if !strings.Contains(b.View(), "The teacher asks") || b.home.InSandbox() {
		t.Fatal("a key reached the home screen behind the question")
	}
	keys(teacher, "esc")
	if _, _, _, _, open := room.OpenQuestion(); open {
		t.Fatal("esc did not end the question")
	}
	if strings.Contains(b.View(), "The teacher asks") {
		t.Fatal("the question stayed after the teacher ended it")
	}
	// Answers to an ended question are not counted.
	room.Answer(a.me, 1, 0)
	room.Ask(q)
	if _, _, counts, _, _ := room.OpenQuestion(); counts[0] != 0 {
		t.Fatal("an answer to the old question counted in the new one")
	}
}
