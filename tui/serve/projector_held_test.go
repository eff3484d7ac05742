package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// heldOnWall is what a projector shows in place of a figure it keeps back
// until the room has guessed (tui/present's held number).
const heldOnWall = "shown after the guess"

// Once the teacher has revealed the room's answers to a step's
// prediction, the room has guessed and read the answer and why: the
// projector (a session following in presentation mode, which answers
// nothing) showed "the workers held: shown after the guess" over a blank
// while the teacher's run played to the very figure asked about, and the
// teacher's own screen showed it. It shows the figure, as the teacher's
// screen does.
func TestTheProjectorShowsTheFigureOnceTheRoomsAnswerIsRevealed(t *testing.T) {
	racefree.Only(t)
	_, _, predict, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	proj := projectorFollowing(t, room)
	goToStep(t, teacher, predict)
	reads(ada, proj)
	if v := flat(proj.View()); !strings.Contains(v, heldOnWall) {
		t.Skipf("lesson 2's step %d holds no figure on the projector before the guess:\n%s", predict+1, proj.View())
	}
	a := askPrediction(t, room, teacher, predict, ada, proj)
	press(t, ada, string(rune('1'+a.Right)))
	press(t, teacher, "r")
	reads(ada, proj)
	press(t, teacher, "esc")
	reads(ada, proj)
	if v := flat(proj.View()); strings.Contains(v, heldOnWall) {
		t.Errorf("the room's answer is revealed; the projector still holds the figure:\n%s", proj.View())
	}
	// The teacher plays the step, their player taking the room's answers
	// for their guess: the wall shows what the teacher's screen shows.
	press(t, teacher, " ")
	reads(ada, proj)
	if v := flat(proj.View()); strings.Contains(v, heldOnWall) {
		t.Errorf("the teacher plays the revealed step; the projector holds the figure:\n%s", proj.View())
	}
}
