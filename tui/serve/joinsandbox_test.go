package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A teacher in the usual 80×24 terminal opens the sandbox for the class:
// it needs all 24 rows, and the join line, which took the last one, left
// it "needs a window of at least 80×24; this one is 80×23". The line gives
// its row back there, and takes it again on the list of scenarios; in a taller
// window it stays on the sandbox too.
func TestTheTeachersSandboxFitsAnEightyByTwentyFourWindow(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	room.SetJoin(Join{Host: "127.0.0.1", Port: "2222", Access: "class password", Progress: "progress per name"})
	teacher := lessonSession(t, room, true, 80, 24)
	if !strings.Contains(lastLine(teacher.View()), "ssh -p 2222") {
		t.Fatalf("the home screen at 80×24 has no join line:\n%s", teacher.View())
	}
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatalf("the sandbox did not open:\n%s", teacher.View())
	}
	v := teacher.View()
	if strings.Contains(v, "needs a window") || len(strings.Split(v, "\n")) != 24 || teacher.h != 24 {
		t.Fatalf("the teacher's sandbox at 80×24 (screens %d high):\n%s", teacher.h, v)
	}
	press(t, teacher, "q") // back to the scenarios
	if teacher.home.InSandbox() || !strings.Contains(lastLine(teacher.View()), "ssh -p 2222") || teacher.h != 23 {
		t.Fatalf("back on the list of scenarios the join line did not come back (screens %d high):\n%s", teacher.h, teacher.View())
	}
	teacher.applySize(80, 30)
	press(t, teacher, "enter")
	if v := teacher.View(); !teacher.home.InSandbox() || strings.Contains(v, "needs a window") || !strings.Contains(lastLine(v), "ssh -p 2222") {
		t.Fatalf("the sandbox at 80×30 lost the join line:\n%s", v)
	}
}
