package lessonui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// A student who answered a question right in their own player, then
// follows the teacher to it and forks there (a classroom, tui/serve),
// sees their own answer again: "Your answer", as their own player shows
// it. The followed step showed the teacher's answer as given (givenState),
// which is already right, so the fork left "The answer:" standing.
func TestForkKeepsTheStudentsOwnAnswer(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	const step = 6 // step 7: a number question, 500 workers
	if q := p.Steps[step].Question; q == nil || q.Kind != lessons.Number {
		t.Fatalf("lesson 1 step %d has no number question", step+1)
	}
	store, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	pr := store.GetLesson(p.Lesson)
	pr.Answered(step, true)
	store.Set(p.Lesson.ProgressKey(), pr)

	// The teacher answers in front of the room: the followers see it given.
	teacher := send(open(t, p, step, 100, 30, Options{}), keys("500\n")...)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	room := NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Embedded: true})
	next, _ := room.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if room, err = next.(Picker).Follow(teacher.State()); err != nil {
		t.Fatal(err)
	}
	if v := flat(room.View()); !strings.Contains(v, "The answer: 500") {
		t.Fatalf("the followed step does not give the teacher's answer:\n%s", room.View())
	}
	room, _ = room.ForkKeeping(store)
	v := flat(room.View())
	if !strings.Contains(v, "Your answer: 500") || !strings.Contains(v, "You answered this one right before") || strings.Contains(v, "The answer:") {
		t.Errorf("the forked step does not show the student's own answer:\n%s", room.View())
	}
}
