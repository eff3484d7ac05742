package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student whose connection drops while they follow the teacher comes
// back following, told so once; they came back on their own home screen,
// and the class went on without them. One who had stopped following, or
// whose other session stays in the room, comes back on their home screen
// as before.
func TestAStudentWhoDroppedWhileFollowingComesBackFollowing(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	sign := func(id string) *Session { return namedLessonSession(t, room, false, id, 80, 24) }

	alice := sign("alice")
	press(t, alice, followKey)
	bob := sign("bob")
	press(t, bob, followKey, "esc") // stopped following, then dropped
	alice.Leave()
	bob.Leave()

	back := sign("alice")
	if f, _, _ := room.Counts(); !back.Following() || back.shown != LessonScreen || f != 1 {
		t.Fatalf("alice came back: following %v (the room counts %d); the screen:\n%s", back.Following(), f, back.View())
	}
	if v := flat(back.View()); !strings.Contains(v, "following the teacher; esc: your own screen") {
		t.Fatalf("alice is not told she follows again:\n%s", back.View())
	}
	press(t, back, "j")
	if v := back.View(); strings.Contains(v, "your own screen") || !back.Following() {
		t.Fatalf("the note stayed after a key, or following stopped:\n%s", v)
	}
	if again := sign("alice"); again.Following() {
		t.Fatal("alice's second session, her first still in the room, follows on its own")
	}
	if b := sign("bob"); b.Following() || b.mode != onHome {
		t.Fatalf("bob, who had stopped following, came back following:\n%s", b.View())
	}
}
