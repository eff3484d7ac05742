package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following the teacher's lesson reads "q back" in the followed
// player's help line: q takes them back to their own screen, where they
// were (their lesson list), following stopped and the session kept, as
// esc does; ctrl+c still ends the session. The screen that waits for the
// teacher to open something says the same, and q does it there too.
func TestQWhileFollowingGoesBack(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	q := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}

	// The teacher is on the menu: the student who follows waits.
	press(t, student, "enter")
	if !student.home.InLessons() {
		t.Fatalf("the student's lessons did not open:\n%s", student.View())
	}
	press(t, student, "ctrl+g")
	if v := flat(student.View()); !student.Following() || !strings.Contains(v, "Press esc or q to go back, F to explore on your own, ctrl+c to quit; other keys wait here.") {
		t.Fatalf("the follower's waiting screen:\n%s", student.View())
	}
	if _, cmd := student.Update(q); isQuit(cmd) || student.Following() || !student.home.InLessons() {
		t.Fatalf("q on the waiting screen: quit %v, following %v; the screen:\n%s", isQuit(cmd), student.Following(), student.View())
	}

	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	press(t, student, "ctrl+g")
	if v := student.View(); !student.Following() || !strings.Contains(v, "q back") {
		t.Fatalf("the followed player does not say q goes back:\n%s", v)
	}
	if _, cmd := student.Update(q); isQuit(cmd) {
		t.Fatal("q while following ended the student's session; its help line says \"q back\"")
	}
	if f, _, _ := room.Counts(); student.Following() || f != 0 || !student.home.InLessons() || student.mode != onHome {
		t.Fatalf("after q: following %v (the room counts %d), mode %v; the screen:\n%s", student.Following(), f, student.mode, student.View())
	}
	if v := firstLine(student.View()); strings.Contains(v, "following") {
		t.Fatalf("after q the top line still says following: %q", v)
	}

	press(t, student, "ctrl+g")
	if _, cmd := student.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); !isQuit(cmd) {
		t.Fatal("ctrl+c while following did not end the session")
	}
}

// The student's own player waits on lesson 2's prediction when the
// teacher polls it: their answer shows in that player at once (the step
// no longer asks, it shows their guess and plays to the reveal), and the
// player's last screen counts it, where it counted its old copy ("none
// made") until the lesson was opened again.
func TestAPollAnswerShowsInTheOpenPlayer(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	store := tempStore(t)
	student := storeSession(t, room, false, store, 120, 40)
	own := func() lessonsState {
		p, _ := student.home.Lessons()
		st := p.State()
		return lessonsState{step: st.Step, end: st.End, hidden: st.AnswersHidden(), playing: st.Playing}
	}

	press(t, student, "enter", "j", "enter")
	awaitLesson(t, student)
	for own().step < predict {
		press(t, student, "n")
	}
	if v := flat(student.View()); own().step != predict || !strings.Contains(v, "Predict:") {
		t.Fatalf("the student's player does not ask step %d's prediction:\n%s", predict+1, student.View())
	}

	press(t, student, "ctrl+g")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(student)
	a, open := room.OpenQuestion()
	if !open || !a.Predict || a.Right < 0 {
		t.Fatalf("ctrl+a asked %+v (open %v)", a.Question, open)
	}
	press(t, student, fmt.Sprint(a.Right+1))
	if got, ok := store.Get(l.ProgressKey()).Prediction(predict); !ok || got.Guess != a.Choices[a.Right] {
		t.Fatalf("the poll's answer was not kept: %+v (%v)", got, ok)
	}
	// Back to their own player: the question aside, the poll ended,
	// following stopped.
	press(t, student, "esc")
	keys(teacher, "esc")
	student.Update(roomMsg{})
	press(t, student, "esc")
	if student.Following() || !student.home.InLessons() || own().step != predict {
		t.Fatalf("the student is not back on step %d of their own player:\n%s", predict+1, student.View())
	}
	v := flat(student.View())
	if strings.Contains(v, "Predict:") || !strings.Contains(v, "Your guess: "+firstWords(a.Choices[a.Right], 2)) || !own().hidden {
		t.Fatalf("the student's own player does not show the poll's answer %q, unrevealed:\n%s", a.Choices[a.Right], student.View())
	}
	press(t, student, " ")
	if !own().playing {
		t.Fatalf("space did not play the step after the poll's answer:\n%s", student.View())
	}
	press(t, student, " ") // paused again: the test runs no frames

	for !own().end {
		at := own().step
		press(t, student, "n")
		if s := own(); !s.end && s.step == at {
			t.Fatalf("n left the student's player on step %d:\n%s", at+1, student.View())
		}
	}
	if v := flat(student.View()); !strings.Contains(v, "Predictions: 1 right") {
		t.Errorf("the last screen does not count the poll's answer (1 right):\n%s", student.View())
	}
}

// lessonsState is what the tests read of the student's own player.
type lessonsState struct {
	step                 int
	end, hidden, playing bool
}
