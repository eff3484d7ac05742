package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// textLesson prepares a lesson of text steps with these titles, each with
// a question; the file name, and so the ID, is the same for every list.
func textLesson(t *testing.T, titles ...string) *lessons.Prepared {
	t.Helper()
	var b strings.Builder
	b.WriteString("+++\ntitle = \"Steps\"\nsummary = \"A lesson that gains a step\"\n+++\n")
	for _, title := range titles {
		fmt.Fprintf(&b, "+++ step\ntitle = %q\n[question]\nprompt = \"Which is %s?\"\nexplain = \"It is %s.\"\n", title, title, title)
		fmt.Fprintf(&b, "[[question.choice]]\ntext = \"This one\"\nright = true\n[[question.choice]]\ntext = \"That one\"\nwhy = \"Not that.\"\n+++\nThe step %s.\n\n", title)
	}
	l, err := lessons.Parse("steps.md", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(l, lessons.NewLab())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A learner answered C and left on it; the lesson then gained step X
// before C. The player reopens on C, shows it answered, and X fresh.
func TestThePlayerFollowsAStepPastAnInsertedOne(t *testing.T) {
	before := textLesson(t, "Alpha", "Bravo", "Charlie", "Delta")
	after := textLesson(t, "Alpha", "Bravo", "X-ray", "Charlie", "Delta")
	store, path := newStore(t)
	p := store.GetLesson(before.Lesson)
	for i := range 3 {
		p.SawStep(i)
	}
	p.Answered(2, true) // Charlie
	store.Set(before.Lesson.ID, p)
	if err := store.Save(); err != nil {
		t.Fatal(err)
	}

	again, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	m := open(t, after, -1, 100, 30, Options{Store: again})
	if m.Step() != 3 || !strings.Contains(m.View(), "answered this one right") {
		t.Errorf("reopened on step %d, want Charlie's 4, answered:\n%s", m.Step()+1, m.View())
	}
	if pr := m.Progress(); pr.Right(2) || !pr.Right(3) {
		t.Errorf("X-ray took Charlie's answer: %+v", pr)
	}
	m2 := open(t, after, 2, 100, 30, Options{Store: again})
	if strings.Contains(m2.View(), "answered this one right") {
		t.Errorf("the new step X-ray shows an answer:\n%s", m2.View())
	}
}
