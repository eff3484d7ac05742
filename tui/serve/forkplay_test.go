package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A follower sees the step's prediction open while the teacher's guess
// plays it (the teacher's answer stays hidden until the reveal), and the
// footer offers the choices' keys. A student who presses one there
// leaves following with their own guess: their copy goes on playing, as
// a guess plays the step in their own player. It paused instead: the
// guess toggled the play the fork had carried over.
func TestAGuessThatForksFromAPlayingStepPlays(t *testing.T) {
	racefree.Only(t) // Updates on one goroutine; no program runs
	_, predict, _, teacher, student, _ := forkAtPrediction(t)
	press(t, student, "ctrl+g")
	press(t, teacher, "1")
	if p, _ := teacher.home.Lessons(); !p.State().Playing {
		t.Fatalf("the teacher's guess does not play step %d:\n%s", predict+1, teacher.View())
	}
	reads(student)
	if !student.Following() || !student.rl.State().Playing {
		t.Fatalf("the follower does not play with the teacher: following %v, %+v", student.Following(), student.rl.State())
	}
	press(t, student, "2")
	st := student.rl.State()
	if student.mode != exploring || st.Step != predict || !st.Playing {
		t.Fatalf("the guess that forked step %d leaves it paused (mode %d): %+v\n%s", predict+1, student.mode, st, student.View())
	}
}

// While the teacher's guess plays the step, a follower's status line
// says it plays, with its clock, as the picture shows it: it said
// "predict first: the simulation plays once you have guessed".
func TestAFollowerSeesTheTeachersGuessPlay(t *testing.T) {
	racefree.Only(t) // Updates on one goroutine; no program runs
	_, predict, _, teacher, student, _ := forkAtPrediction(t)
	press(t, student, "ctrl+g")
	press(t, teacher, "1")
	reads(student)
	v := student.View()
	if !student.Following() || student.rl.State().Step != predict {
		t.Fatalf("the student does not follow step %d:\n%s", predict+1, v)
	}
	if strings.Contains(v, "plays once you have guessed") || !strings.Contains(v, "playing") {
		t.Errorf("the follower's status line does not say the step plays:\n%s", v)
	}
}
