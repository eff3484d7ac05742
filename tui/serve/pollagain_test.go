package serve

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/home"
	gossh "golang.org/x/crypto/ssh"
)

// Over SSH: the teacher asks the room lesson 2's prediction twice. A
// student answers the first poll, then explores (n) and puts the second
// aside; stepping back (p) onto the step, whose player shows their first
// answer, answered the second poll with it: the teacher's "0 of 1
// student answered" became 1 of 1 with no key that answered, and the
// reveal told the student "You chose it." The second poll counts only
// its own answers, and the reveal agrees with the count.
func TestASecondPollCountsOnlyItsOwnAnswers(t *testing.T) {
	t.Parallel() // it counts no goroutines (settleGoroutines) and mostly waits out questionGrace
	_, _, predict, _ := lessonTwo(t)
	ts, teacher, ada, a := adaAskedOverSSH(t, predict)
	if !a.Predict {
		t.Fatalf("ctrl+a on step %d asked %+v", predict+1, a.Question)
	}
	waitFor(t, ada, 0, "The teacher asks")
	time.Sleep(questionGrace)
	typeWait(t, ada, fmt.Sprint(a.Right+1), fmt.Sprintf("Your answer: %d", a.Right+1))
	waitFor(t, teacher, 0, "1 of 1 student answered")
	typeWait(t, teacher, "r", "(right)")
	mark := ada.Mark()
	typeWait(t, teacher, "\x1b", "teaching · step")
	// The poll leaves her screen; a key within questionGrace after it
	// would be taken as meant for it (pollclose.go).
	waitFor(t, ada, mark, "following the teacher")
	time.Sleep(questionGrace)

	// Ada explores on, to the next step, then the teacher asks again.
	typeWait(t, ada, "n", fmt.Sprintf("exploring · step %d/", predict+2))
	mark = ada.Mark()
	typeWait(t, teacher, "\x01", "0 of 1 student answered")
	waitFor(t, ada, mark, "The teacher asks")
	time.Sleep(questionGrace)
	typeWait(t, ada, "\x1b", "exploring")
	typeWait(t, ada, "p", fmt.Sprintf("exploring · step %d/", predict+1))
	// The key is handled before the frame that shows its step is sent.
	if a, _ := ts.Room().OpenQuestion(); a.Counts[a.Right] != 0 {
		t.Fatalf("stepping back onto step %d answered the second poll with the first one's answer: the room counts %v", predict+1, a.Counts)
	}

	// The reveal brings the poll back: it names no answer of hers, as the
	// teacher's count has none.
	mark = ada.Mark()
	typeWait(t, teacher, "r", "0 of 1 student answered")
	waitFor(t, ada, mark, fmt.Sprintf("The right answer: %d.", a.Right+1))
	if s := ada.Since(mark); strings.Contains(s, "You chose") || strings.Contains(s, "your answer") {
		t.Fatalf("the reveal of the second poll claims an answer the teacher's count does not have:\n%s", tail(s, 1500))
	}
}

// adaAskedOverSSH is a server with a teacher on step of lesson 2 (from 0)
// and ada following, to whom the teacher has put the step (ctrl+a), and
// what the room was asked.
func adaAskedOverSSH(t *testing.T, step int) (ts *testServer, teacher, ada *Client, a Asked) {
	t.Helper()
	ts, teacher = teacherInLessonTwo(t)
	for i := 1; i <= step; i++ {
		typeWait(t, teacher, "n", fmt.Sprintf("teaching · step %d/", i+1))
	}
	ada = ts.dial(t, "ada", PasswordAuth("x"), 80, 24)
	waitFor(t, ada, 0, "ctrl+g follows the teacher")
	typeWait(t, ada, "\x07", "following the teacher")
	typeWait(t, teacher, "\x01", "0 of 1 student answered")
	a, _ = ts.Room().OpenQuestion()
	return ts, teacher, ada, a
}

// teacherInLessonTwo is a server whose Home has the lessons, and its
// teacher, signed in with a teacher key over SSH, on lesson 2's first step.
func teacherInLessonTwo(t *testing.T) (*testServer, *Client) {
	t.Helper()
	ts, teacher := teacherOnLessonList(t)
	typeWait(t, teacher, "j", "▸") // the cursor moves to lesson 2
	typeWait(t, teacher, "\r", "teaching · step 1/")
	return ts, teacher
}

// teacherOnLessonList is a server of the lessons and its teacher, signed
// in with a teacher key over SSH at 100x30, on the lesson list.
func teacherOnLessonList(t *testing.T) (*testServer, *Client) {
	t.Helper()
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Home: func() home.Options { return lessonHome(t) }})
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	waitFor(t, teacher, 0, "teaching · not shown to followers · 0 follow")
	typeWait(t, teacher, "\r", "open the lesson")
	return ts, teacher
}

// typeWait types keys on c and waits until its screen shows every text.
func typeWait(t *testing.T, c *Client, keys string, texts ...string) {
	t.Helper()
	mark := c.Mark()
	if err := c.Type(keys); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, texts...)
}
