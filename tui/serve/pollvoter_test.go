package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A student in the room in two sessions (their sessions share one
// progress, as the server's stores give them) is one student: the teacher
// reads "1 of 2 students answered" of a room of that student and another,
// not "2 of 3"; an answer in the second session replaces the first's, and
// the first session's screen shows the student's answer. Leaving in one
// session or in both keeps the answer: it was given (the count says the
// student has left).
// A number question counts them once too.
func TestAStudentInTwoSessionsCountsOnce(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := storeSession(t, room, true, nil, 100, 30)
	store := tempStore(t)
	first := storeSession(t, room, false, store, 100, 30)
	second := storeSession(t, room, false, store, 100, 30)
	other := storeSession(t, room, false, tempStore(t), 100, 30)

	room.Ask(testQuestion())
	reads(first, second, other)
	keys(first, "1")
	keys(second, "2")
	a, _ := room.OpenQuestion()
	if a.Students != 2 || a.Counts[0] != 0 || a.Counts[1] != 1 {
		t.Errorf("one student in two sessions answered 1 then 2: %d students, counts %v; want 2 students, [0 1 0]", a.Students, a.Counts)
	}
	teacher.Update(roomMsg{})
	if v := flat(teacher.View()); !strings.Contains(v, "1 of 2 students answered") {
		t.Errorf("the teacher's count:\n%s", teacher.View())
	}
	first.Update(roomMsg{})
	if v := flat(first.View()); !strings.Contains(v, "Your answer: 2") {
		t.Errorf("the first session does not show the student's answer, 2, given in the second:\n%s", first.View())
	}

	if n := room.Students(); n != 2 {
		t.Errorf("the room has %d students, want 2 (one of them in two sessions)", n)
	}
	second.Leave()
	if a, _ := room.OpenQuestion(); a.Counts[1] != 1 {
		t.Errorf("the student's answer left with one of their two sessions: %v", a.Counts)
	}
	first.Leave()
	if a, _ := room.OpenQuestion(); a.Counts[1] != 1 || a.Students != 2 || a.Left != 1 {
		t.Errorf("the student left in both sessions: counts %v, %d students, %d left; want their answer kept, 2 students, 1 left", a.Counts, a.Students, a.Left)
	}

	// A number question: two sessions' numbers are one student's.
	third := storeSession(t, room, false, store, 100, 30)
	fourth := storeSession(t, room, false, store, 100, 30)
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many?", Answer: 249, AnswerKind: lessons.KindCount,
		Tolerance: 0.1, Relative: true, Unit: "customers", AnswerText: "249"}
	q, _ := numberQuestion(pq, false, "a step")
	room.Ask(q)
	reads(third, fourth)
	keys(third, "100", "enter")
	keys(fourth, "250", "enter")
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 1 || a.Guesses[0].Value != 250 || a.Students != 2 {
		t.Errorf("one student's numbers in two sessions: %+v, %d students; want one guess, 250, of 2 students", a.Guesses, a.Students)
	}
	third.Update(roomMsg{})
	if v := flat(third.View()); !strings.Contains(v, "Your answer: 250") {
		t.Errorf("the session that typed 100 does not show the student's later 250:\n%s", third.View())
	}
}

// tempStore is a student's progress in a folder of the test's own.
func tempStore(t *testing.T) *lessons.Store {
	t.Helper()
	st, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	return st
}
