package serve

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
)

// Over SSH: ada answers the room's question on lesson 2, right, and her
// connection drops; the teacher reveals the answer and ends the class, and
// ada never signs in again. Her progress file keeps her answer, as it does
// for a student who stayed. Before, it was kept only in the room's memory
// until she signed in again, and went with the server.
func TestAnAnswerGivenBeforeLeavingReachesTheStudentsFile(t *testing.T) {
	t.Parallel() // it counts no goroutines (settleGoroutines) and mostly waits out questionGrace
	l, question, _, _ := lessonTwo(t)
	ts, teacher, ada, a := adaAskedOverSSH(t, question)
	if a.Predict || a.Number {
		t.Fatalf("ctrl+a on step %d asked %+v, want its choice question", question+1, a.Question)
	}
	waitFor(t, ada, 0, "The teacher asks")
	time.Sleep(questionGrace) // a key sooner is taken as meant for the screen before (pollclose.go)
	typeWait(t, ada, fmt.Sprint(a.Right+1), fmt.Sprintf("Your answer: %d", a.Right+1))
	mark := teacher.Mark()
	ada.Close()
	waitFor(t, teacher, mark, "since left")
	typeWait(t, teacher, "r", "(right)")

	ctx, cancel := context.WithTimeout(context.Background(), patience(5*time.Second))
	defer cancel()
	if err := ts.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(ts.dir, "students", studentID(nil, "ada"), "lessons.json")
	store, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	right, answered := store.Get(l.ProgressKey()).FirstTry(question)
	if !answered || !right {
		t.Errorf("ada answered step %d right and left; after the class her file %s keeps it as answered %v, right %v", question+1, path, answered, right)
	}
}
