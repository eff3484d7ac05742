package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A teacher's walk through a lesson with the room, to its last screen.
//
// ada follows; grace has the lesson open in her own player. Both answer
// the room's question on a step that has no prediction, ada first wrong
// then right (changed before the reveal), grace wrong. Once the teacher
// reveals it, each one's progress keeps the answer they stood by, and
// grace's own player, saving afterwards, keeps it too: before, the room's
// answers to a question were kept nowhere, and ada's last screen read "0
// of 4 right at the first try" of a question she got right in the room.
//
// ada's follower skipped the steps the teacher went through between two
// of its looks: its last screen says the teacher moved past them, not
// that she has "not seen" them. The teacher's last screen shows the
// room's counts, not the teacher's own score.
func TestTheRoomWalksALessonToItsEnd(t *testing.T) {
	racefree.Only(t)
	l, question, _, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	adaStore, graceStore := tempStore(t), tempStore(t)
	ada := storeSession(t, room, false, adaStore, 120, 40)
	ada.SetStudent("user-ada", "ada")
	grace := storeSession(t, room, false, graceStore, 120, 40)
	grace.SetStudent("user-grace", "grace")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	press(t, ada, "ctrl+g")
	press(t, grace, "enter", "j", "enter")
	awaitLesson(t, grace)

	a := askQuestion(t, room, teacher, question, ada, grace)
	wrong := string(rune('1' + (a.Right+1)%len(a.Choices)))
	press(t, ada, wrong, string(rune('1'+a.Right)))
	press(t, grace, wrong)
	if _, answered := adaStore.Get(l.ProgressKey()).FirstTry(question); answered {
		t.Fatal("an answer was kept before the reveal: the student could still change it")
	}
	press(t, teacher, "r")
	reads(ada, grace)
	if v := flat(ada.View()); !strings.Contains(v, "What the run shows") || strings.Contains(v, "teacher's answer") {
		t.Errorf("the reveal is titled as the teacher's opinion, not the run's answer:\n%s", ada.View())
	}
	press(t, teacher, "esc")
	reads(ada, grace)
	for name, c := range map[string]struct {
		store *lessons.Store
		right bool
	}{"ada": {adaStore, true}, "grace": {graceStore, false}} {
		right, answered := c.store.Get(l.ProgressKey()).FirstTry(question)
		if !answered || right != c.right {
			t.Errorf("%s's progress keeps step %d's answer as answered %v, right %v; want answered, right %v", name, question+1, answered, right, c.right)
		}
	}
	// grace's own player saves its copy of the progress as she closes
	// the lesson, once the poll has been gone long enough for her key to
	// be meant for the player (pollclose.go).
	grace.leftAt = grace.leftAt.Add(-questionGrace)
	press(t, grace, "q")
	if gp, ok := grace.home.Lessons(); ok && gp.Open() {
		t.Fatalf("q did not close grace's own lesson:\n%s", grace.View())
	}
	if _, answered := graceStore.Get(l.ProgressKey()).FirstTry(question); !answered {
		t.Error("grace's own player, saving after the reveal, put back her progress without the room's answer")
	}

	// The teacher goes on to the lesson's end, faster than ada's screen
	// looks.
	p, _ := teacher.home.Lessons()
	goToStep(t, teacher, len(p.State().Prepared.Steps)-1)
	press(t, teacher, "n")
	reads(ada)
	total := 0
	for _, st := range l.Steps {
		if st.Question != nil {
			total++
		}
	}
	v := flat(ada.View())
	if want := "Score: 1 of 1 question asked, right at the first try."; total > 1 && !strings.Contains(v, want) {
		t.Errorf("ada's last screen does not count the question she got right in the room (%q):\n%s", want, ada.View())
	}
	if strings.Contains(v, "not seen yet") || !strings.Contains(v, "without showing on your screen (the teacher moved past them)") {
		t.Errorf("ada's last screen blames her for the steps the teacher went through between its looks:\n%s", ada.View())
	}

	v = flat(teacher.View())
	if strings.Contains(v, "Score:") || !strings.Contains(v, "what the room answered") {
		t.Fatalf("the teacher's last screen does not show the room's answers:\n%s", teacher.View())
	}
	if want := fmt.Sprintf("step %d, the question: 2 students answered, 1 right (choice %d)", question+1, a.Right+1); !strings.Contains(v, want) {
		t.Errorf("the teacher's last screen does not list the room's counts (%q):\n%s", want, teacher.View())
	}
	press(t, teacher, "p") // the keys are the last screen's: back to the last step
	if p, _ := teacher.home.Lessons(); p.State().End {
		t.Errorf("p on the teacher's last screen did not go back:\n%s", teacher.View())
	}
}

// The teacher's poll is headed by the lesson, the step and which of its
// questions it is; at 80 columns the whole heading was cut at "the
// predi…". A narrow window drops the lesson's title and keeps the step
// whole; a wide one shows it all.
func TestThePollsTitleFitsTheTeachersWindow(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	for _, w := range []int{80, 60, 200} {
		room := NewRoom()
		teacher := lessonSession(t, room, true, w, 30)
		press(t, teacher, "enter", "j", "enter")
		awaitLesson(t, teacher)
		goToStep(t, teacher, predict)
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		a, open := room.OpenQuestion()
		if !open || !a.Predict {
			t.Fatalf("width %d: ctrl+a asked %+v (open %v)", w, a.Question, open)
		}
		title := ansi.Strip(strings.Split(teacher.View(), "\n")[1])
		step := fmt.Sprintf("step %d, the prediction", predict+1)
		if !strings.Contains(title, step) || strings.Contains(title, "…") {
			t.Errorf("width %d: the poll's title %q does not say %q whole", w, title, step)
		}
		if wide := w >= 200; wide != strings.Contains(title, l.Title) {
			t.Errorf("width %d: the poll's title %q names the lesson %q: %v", w, title, l.Title, !wide)
		}
		keys(teacher, "esc")
	}
}
