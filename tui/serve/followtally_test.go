package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ada answers the room's prediction right, explores on her own (F) and
// follows again (ctrl+g) a step later. Her followed player is a new one,
// handed only the poll answer of the step it opened on: the lesson's last
// screen counted "Predictions: 1 skipped", or none made, where she had
// one right. Found running a lesson with a room: alice, with three poll
// answers right, read "1 right" after exploring and following again.
func TestAFollowersLastScreenCountsPollAnswersAfterExploring(t *testing.T) {
	racefree.Only(t)
	_, _, predict, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	a := askPrediction(t, room, teacher, predict, ada)
	press(t, ada, string(rune('1'+a.Right)))
	press(t, teacher, "r")
	reads(ada)
	press(t, teacher, "esc")
	reads(ada)
	ada.leftAt = ada.leftAt.Add(-questionGrace) // the poll closed long enough ago for a key to be meant for the screen
	press(t, ada, "F")
	if ada.mode != exploring {
		t.Fatalf("F did not fork ada from the teacher:\n%s", ada.View())
	}
	press(t, teacher, "n")
	press(t, ada, "ctrl+g")
	reads(ada)
	if ada.mode != following {
		t.Fatalf("ctrl+g did not have ada follow again:\n%s", ada.View())
	}
	toTheEnd(t, teacher, ada)
	v := flat(ada.View())
	i := strings.Index(v, "Predictions: ")
	if i < 0 {
		t.Fatalf("ada's last screen counts no predictions:\n%s", ada.View())
	}
	tally := v[i:]
	if j := strings.Index(tally, "(a guess is not graded)"); j >= 0 {
		tally = tally[:j]
	}
	if !strings.Contains(tally, "1 right") || strings.Contains(tally, "skipped") {
		t.Errorf("ada answered step %d's prediction right in the poll; her last screen counts %q:\n%s", predict+1, tally, ada.View())
	}
}
