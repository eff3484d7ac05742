package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A follower's window of 45×12 is below the sandbox's minimum: the
// sandbox asks for a larger window, and the room's tag covered the start
// of that message ("breakerlab needs a window of at    following"). The
// message stays whole, and the tag is on a line of its own.
func TestTheTagLeavesTheTooSmallMessageWhole(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 45, 12)
	press(t, teacher, "j", "enter", "enter")
	press(t, student, "ctrl+g")
	if !student.Following() {
		t.Fatal("the student does not follow")
	}
	v := student.View()
	lines := strings.Split(v, "\n")
	if len(lines) != 12 {
		t.Fatalf("the view has %d lines, want 12:\n%s", len(lines), v)
	}
	msg := flat(v)
	if !strings.Contains(msg, "breakerlab needs a window of at least 80×24; this one is 45×12.") {
		t.Fatalf("the too-small message is not whole:\n%s", v)
	}
	if !strings.Contains(lines[0], "following") || strings.Contains(lines[0], "needs") {
		t.Fatalf("the tag is not on a line of its own: %q", lines[0])
	}
	// At a size the sandbox draws, the tag is on its title line.
	student.applySize(100, 30)
	if l := firstLine(student.View()); !strings.Contains(l, "following") || strings.TrimSpace(strings.Split(l, "following")[0]) == "" {
		t.Fatalf("at 100×30 the tag is not beside the title: %q", l)
	}
}
