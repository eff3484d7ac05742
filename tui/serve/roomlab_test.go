package serve

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
)

// openLessonOnOwn has a student, on the home menu, open the lesson list and
// the lesson down rows below the first (all[down]), and waits for its
// first step.
func openLessonOnOwn(t *testing.T, c *Client, all []*lessons.Lesson, down int) {
	t.Helper()
	// Errorf, not waitFor's Fatalf: it runs on goroutines of the test's
	// own (TestSessionsPrepareDifferentLessonsAtOnce).
	wait := func(mark int64, within time.Duration, texts ...string) bool {
		if err := c.WaitFor(mark, patience(within), texts...); err != nil {
			t.Errorf("%v; the screen had:\n%s", err, tail(c.Since(mark), 2000))
			return false
		}
		return true
	}
	if !wait(0, 5*time.Second, "Sandbox") {
		return
	}
	mark := c.Mark()
	if err := c.Type("\r"); err != nil {
		t.Error(err)
		return
	}
	if !wait(mark, 5*time.Second, "open the lesson") {
		return
	}
	mark = c.Mark()
	if err := c.Type(strings.Repeat("j", down) + "\r"); err != nil {
		t.Error(err)
		return
	}
	// Preparing a lesson runs the engine for every step (under -race, and
	// with other sessions preparing theirs at once, 30 s were once not
	// enough on a loaded machine): the wait is for the lesson to show, not
	// a measure of how fast it is made.
	wait(mark, 20*time.Second, "step 1/", all[down].Steps[0].Title)
}

// The room shares one Lab: the second student to open a lesson runs the
// engine for none of its steps' runs, the first having paid for them.
func TestSessionsShareTheServersLab(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	ts := startServerOwnLab(t, Config{Home: func() home.Options { return lessonHome(t) }})
	first := ts.dial(t, "ada", PasswordAuth("x"), 100, 30)
	openLessonOnOwn(t, first, all, 0)
	ran := ts.lab.Runs()
	if ran == 0 {
		t.Fatal("the first student opened a lesson and the server's Lab ran nothing: the session prepared it on a Lab of its own")
	}
	second := ts.dial(t, "bob", PasswordAuth("x"), 80, 24)
	openLessonOnOwn(t, second, all, 0)
	if got := ts.lab.Runs(); got != ran {
		t.Fatalf("the second student opening the same lesson ran the engine %d more times; the first's %d runs should have served both", got-ran, ran)
	}
	first.Close()
	second.Close()
}

// Students opening different lessons at once prepare them through the one
// Lab together (run with -race: its mutex guards the maps), and what it
// holds afterwards is what a Lab of one's own gives, run for run.
// The four are the first six but for 03 and 05, lessons of 47 and 14 runs
// whose preparations (twice each: the session's and the Lab of its own)
// were seven tenths of the test's CPU under -race: four lessons of 3 to 26
// runs put the Lab's maps under the same concurrent use.
func TestSessionsPrepareDifferentLessonsAtOnce(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	picks := []int{0, 1, 3, 5} // indices into all, a different lesson a student
	students := len(picks)
	ts := startServerOwnLab(t, Config{Home: func() home.Options { return lessonHome(t) }})
	clients := make([]*Client, students)
	for i := range clients {
		clients[i] = ts.dial(t, fmt.Sprintf("s%d", i), PasswordAuth("x"), 100, 30)
	}
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Go(func() { openLessonOnOwn(t, c, all, picks[i]) })
	}
	wg.Wait()
	for _, c := range clients {
		c.Close()
	}
	if t.Failed() {
		return
	}
	for _, i := range picks {
		before := ts.lab.Runs()
		shared, err := lessons.Prepare(all[i], ts.lab)
		if err != nil {
			t.Fatal(err)
		}
		if got := ts.lab.Runs(); got != before {
			t.Errorf("lesson %q, opened by a student, was not all in the shared Lab: preparing it again ran the engine %d times", all[i].ID, got-before)
		}
		own, err := lessons.Prepare(all[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(shared.Steps, own.Steps) || !reflect.DeepEqual(shared.Recap, own.Recap) {
			t.Errorf("lesson %q prepared through the shared Lab differs from one prepared on a Lab of its own", all[i].ID)
		}
	}
}
