package serve

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/log"
)

// The teacher gets, once the class is over, a line for each question put
// to the room: how many answered and came right, and the spread, counts
// only. The polls showed their counts only while open, and the class's end
// left the teacher nothing of what the room had answered. A question the
// next one replaced, one ended unrevealed and the one still open at the
// end each keep their line, in the order asked; the teacher's list of who
// is here (ctrl+l) shows them during the class, and the log has them at
// its end, for a teacher whose terminal went with a hang-up.
func TestTheRoomsAnswersOutlastTheirPolls(t *testing.T) {
	racefree.Only(t)
	choice := busyAtNine("Lesson 1, step 1, the prediction")
	number, _ := numberQuestion(&lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many wait at 11 s?",
		Answer: 107, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "workers", AnswerText: "107"}, true, "Lesson 1, step 3, the prediction")
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 40)
	st := make([]*Session, 3)
	for i := range st {
		st[i] = plainSession(t, room, false, 80, 24)
	}
	if got := room.Answers(); len(got) != 0 {
		t.Fatalf("answers before any question: %q", got)
	}

	room.Ask(choice)
	reads(st...)
	keys(st[0], "2")
	keys(st[1], "3")
	keys(st[2], "1", "2") // changed: counted once, as 2
	room.Reveal()
	room.Ask(number) // replaces it
	reads(st...)
	keys(st[0], "100", "enter")
	keys(st[1], "150", "enter")
	room.EndQuestion()
	room.Ask(choice) // asked again, nobody answers yet
	want := []string{
		"Lesson 1, step 1, the prediction: 3 students answered, 2 right (choice 2); by choice 1: 0 · 2: 2 · 3: 1",
		"Lesson 1, step 3, the prediction: 2 students answered; the answer 107 workers, 1 within 10% of it; median 125 workers (its answer was not revealed)",
		"Lesson 1, step 1, the prediction: nobody answered (its answer was not revealed)",
	}
	if got := room.Answers(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the room's answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range room.Answers() {
		for _, name := range []string{"alice", "bob"} {
			if strings.Contains(l, name) {
				t.Fatalf("a line names a student: %q", l)
			}
		}
	}

	// The teacher's list of who is here shows them during the class.
	teacher.showRoll = true
	if v := flat(teacher.View()); !strings.Contains(v, "What the room answered so far") || !strings.Contains(v, "2 right (choice 2)") {
		t.Fatalf("the teacher's list of who is here:\n%s", teacher.View())
	}

	// The server's log has them when it stops.
	var buf bytes.Buffer
	srv, err := New(Config{Listen: "127.0.0.1:0", HostKeyPath: t.TempDir() + "/key", DataDir: t.TempDir(), Home: testHome, Logger: log.New(&buf)})
	if err != nil {
		t.Fatal(err)
	}
	srv.room = room
	if err := srv.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	if l := buf.String(); !strings.Contains(l, "room answered") || !strings.Contains(l, "2 right (choice 2)") || !strings.Contains(l, "median 125 workers") {
		t.Fatalf("the log at the end:\n%s", l)
	}
}

// busyAtNine is a prediction of three choices, the second right, put to
// the room from the step from names.
func busyAtNine(from string) Question {
	q, _ := roomQuestion(&lessons.PreparedQuestion{Kind: lessons.Choice, Prompt: "How many workers are busy at 9 s?",
		Choices: []lessons.Option{{Text: "all"}, {Text: "fewer than 40", Right: true}, {Text: "half"}}}, true, from)
	return q
}
