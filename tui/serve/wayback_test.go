package serve

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// esc and q go back as the README's classroom section says: following,
// to the student's own screen at once; exploring the room's sandbox, the
// same; exploring a lesson, the lesson closes to the room's lesson list
// (as a lesson closes to the list on the student's own screen; the
// handler of lessonui.BackMsg says so) and the list goes home.
func TestEscAndQGoBackAsTheReadmeSays(t *testing.T) {
	racefree.Only(t) // the sessions are driven in this goroutine
	for _, k := range []string{"q", "esc"} {
		room := NewRoom()
		teacher := lessonSession(t, room, true, 120, 40)
		press(t, teacher, "enter", "enter")
		awaitLesson(t, teacher)

		follower := lessonSession(t, room, false, 100, 30)
		press(t, follower, "ctrl+g", k)
		if follower.mode != onHome || !follower.home.OnMenu() {
			t.Fatalf("%s while following: mode %d, want the student's own home screen", k, follower.mode)
		}

		explorer := lessonSession(t, room, false, 100, 30)
		press(t, explorer, "ctrl+g", "F", k)
		if explorer.mode != exploring || explorer.shown != LessonScreen || explorer.rl.Open() {
			t.Fatalf("%s exploring a lesson: mode %d, lesson open %v; want the room's lesson list, exploring", k, explorer.mode, explorer.rl.Open())
		}
		press(t, explorer, k)
		if explorer.mode != onHome || !explorer.home.OnMenu() {
			t.Fatalf("%s on the room's lesson list: mode %d, want the student's own home screen", k, explorer.mode)
		}

		press(t, teacher, "q", "q", "j", "enter", "enter")
		if !teacher.home.InSandbox() {
			t.Fatalf("the teacher's sandbox did not open:\n%s", teacher.View())
		}
		sandboxer := lessonSession(t, room, false, 100, 30)
		press(t, sandboxer, "ctrl+g", "F")
		if sandboxer.mode != exploring || sandboxer.shown != SandboxScreen {
			t.Fatalf("the student does not explore the room's sandbox: mode %d, screen %d", sandboxer.mode, sandboxer.shown)
		}
		press(t, sandboxer, k)
		if sandboxer.mode != onHome || !sandboxer.home.OnMenu() {
			t.Fatalf("%s exploring the room's sandbox: mode %d, want the student's own home screen", k, sandboxer.mode)
		}
	}
}
