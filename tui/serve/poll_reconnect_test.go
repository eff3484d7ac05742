package serve

import (
	"strings"
	"testing"
)

// A student who answered the open poll and whose connection dropped signs
// in again under their name: their answer is counted again (the
// teacher's count went back to 0 of 3) and their screen shows it (they
// were asked again with no "Your answer"). While they are away, the count
// is of the students in the room; coming back gives no second vote.
func TestAReconnectKeepsThePollAnswer(t *testing.T) {
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	other := plainSession(t, room, false, 80, 24)
	other.SetStudent("user-grace", "grace")
	ada := plainSession(t, room, false, 80, 24)
	ada.SetStudent("user-ada", "ada")
	room.Ask(testQuestion())
	reads(ada, other)
	keys(ada, "2")
	keys(other, "1")
	ada.Leave()
	if a, _ := room.OpenQuestion(); a.Counts[1] != 0 || a.Students != 1 {
		t.Fatalf("while ada is away the room counts %v of %d students", a.Counts, a.Students)
	}

	back := plainSession(t, room, false, 80, 24)
	back.SetStudent("user-ada", "ada")
	reads(back)
	a, _ := room.OpenQuestion()
	if a.Counts[0] != 1 || a.Counts[1] != 1 || a.Students != 2 {
		t.Fatalf("ada came back: the room counts %v of %d students, want [1 1 0] of 2", a.Counts, a.Students)
	}
	if v := flat(back.View()); !strings.Contains(v, "Your answer: 2.") {
		t.Fatalf("ada's screen after coming back does not show her answer:\n%s", back.View())
	}
	if v := flat(teacher.View()); !strings.Contains(v, "2 of 2 students answered") {
		t.Fatalf("the teacher's count after ada came back:\n%s", teacher.View())
	}
	keys(back, "3") // a change, not a second vote
	if a, _ := room.OpenQuestion(); a.Counts[1] != 0 || a.Counts[2] != 1 || a.Counts[0] != 1 {
		t.Fatalf("ada changed her answer to 3: the room counts %v", a.Counts)
	}
}
