package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// f is the sandbox's chaos menu: a student exploring the room's sandbox,
// or one who presses it while following (which forks), opens chaos on
// their own copy; the room took f for following, so students could not
// inject a fault. followKey follows, and the tag names it.
func TestFInTheRoomsSandboxOpensChaos(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	if tag := student.tag(); !strings.Contains(tag, followKey+" follows") {
		t.Fatalf("the student's tag does not name %s: %q", followKey, tag)
	}
	press(t, student, followKey)
	if !student.Following() || student.shown != SandboxScreen {
		t.Fatalf("%s did not follow the teacher's sandbox: mode %d\n%s", followKey, student.mode, student.View())
	}
	// Following, f forks and reaches the student's copy.
	press(t, student, "f")
	if student.mode != exploring || !strings.Contains(student.View(), "Chaos · ") {
		t.Fatalf("f while following: mode %d, want exploring with the chaos menu open\n%s", student.mode, student.View())
	}
	press(t, student, "esc")
	if student.mode != exploring || strings.Contains(student.View(), "Chaos · ") {
		t.Fatalf("esc did not close the chaos menu:\n%s", student.View())
	}
	// Exploring, f is chaos again, and followKey goes back to following.
	press(t, student, "f")
	if student.mode != exploring || !strings.Contains(student.View(), "Chaos · ") {
		t.Fatalf("f while exploring: mode %d, want the chaos menu\n%s", student.mode, student.View())
	}
	press(t, student, followKey)
	if !student.Following() {
		t.Fatalf("%s while exploring did not follow: mode %d", followKey, student.mode)
	}
}

// On the student's own screens f is theirs too: the sandbox's chaos menu,
// the new system's fleet; followKey follows from any of them.
func TestFOnTheStudentsOwnScreensIsTheirs(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	press(t, student, "j", "enter", "enter")
	if !student.home.InSandbox() {
		t.Fatal("the student's own sandbox did not open")
	}
	press(t, student, "f")
	if student.mode != onHome || !strings.Contains(student.View(), "Chaos · ") {
		t.Fatalf("f on the student's own sandbox: mode %d, want its chaos menu\n%s", student.mode, student.View())
	}
	press(t, student, followKey)
	if !student.Following() {
		t.Fatalf("%s on the student's own sandbox did not follow", followKey)
	}
}
