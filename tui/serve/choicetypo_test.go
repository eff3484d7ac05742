package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who presses 9 to a question of three choices, or a letter,
// reads that it is not an answer and which keys are; the key answered
// nothing and said nothing, so a slip looked like a key the question had
// not taken. It counts nothing, and a right key then answers and takes
// the note down.
func TestAKeyThatIsNoChoiceSaysSo(t *testing.T) {
	racefree.Only(t)
	q := busyAtNine("L, step 1, the prediction")
	room := NewRoom()
	plainSession(t, room, true, 100, 40)
	student := plainSession(t, room, false, 80, 24)
	room.Ask(q)
	reads(student)
	for _, k := range []string{"9", "0", "b"} {
		keys(student, k)
		if v := flat(student.View()); !strings.Contains(v, `"`+k+`" is not one of the answers: press 1-3.`) {
			t.Fatalf("%s said nothing:\n%s", k, student.View())
		}
		if a, _ := room.OpenQuestion(); a.Counts[0]+a.Counts[1]+a.Counts[2] != 0 {
			t.Fatalf("%s was counted: %v", k, a.Counts)
		}
	}
	keys(student, "2")
	v := flat(student.View())
	if a, _ := room.OpenQuestion(); a.Counts[1] != 1 || strings.Contains(v, "not one of the answers") || !strings.Contains(v, "Your answer: 2.") {
		t.Fatalf("2 after the slips: counts %v\n%s", a.Counts, student.View())
	}
}
