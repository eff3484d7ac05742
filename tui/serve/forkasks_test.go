package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who forked (F) while the teacher's guess played the step's
// prediction played the step on in their own player without being asked
// for their own guess. Forked, the player is theirs, and asks as the lone
// player does: the step holds until they guess, and their guess plays it.
// A student whose guess at the step is in their progress already is not
// asked again: forked while the teacher plays it, it plays on.
func TestAForkAtAnOpenPredictionAsksForTheStudentsGuess(t *testing.T) {
	racefree.Only(t) // Updates on one goroutine; no program runs
	_, predict, _, teacher, student, _ := forkAtPrediction(t)
	press(t, student, "ctrl+g")
	press(t, teacher, "1")
	reads(student)
	if !student.Following() || !student.rl.State().Playing {
		t.Fatalf("the follower does not play with the teacher's guess: following %v, %+v", student.Following(), student.rl.State())
	}
	press(t, student, "F")
	st := student.rl.State()
	if student.mode != exploring || st.Step != predict {
		t.Fatalf("F did not fork step %d: mode %d, %+v", predict+1, student.mode, st)
	}
	if st.Playing {
		t.Errorf("the forked step %d plays without the student's guess:\n%s", predict+1, student.View())
	}
	if v := student.View(); !strings.Contains(v, "predict first") {
		t.Errorf("the forked step %d should ask for the student's guess first:\n%s", predict+1, v)
	}
	at := st.At
	press(t, student, " ")
	if st := student.rl.State(); st.Playing || st.At != at {
		t.Errorf("one space before the guess should only nudge, as in the lone player: %+v (was at %v)", st, at)
	}
	press(t, student, "2")
	if st := student.rl.State(); !st.Playing {
		t.Errorf("the student's guess should play the forked step %d: %+v\n%s", predict+1, st, student.View())
	}

	// Their guess is in their progress now: following again and forking
	// while the teacher's guess plays the step, it plays on.
	press(t, student, "ctrl+g")
	goToStep(t, teacher, predict)
	press(t, teacher, "1")
	reads(student)
	if !student.Following() || !student.rl.State().Playing {
		t.Fatalf("following again, the follower does not play with the teacher: following %v, %+v", student.Following(), student.rl.State())
	}
	press(t, student, "F")
	if st := student.rl.State(); student.mode != exploring || st.Step != predict || !st.Playing {
		t.Errorf("forked with their guess made, step %d should play on: mode %d, %+v\n%s", predict+1, student.mode, st, student.View())
	}
}
