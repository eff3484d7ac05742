package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A follower who answers the followed lesson's prediction with a key
// stops following: only the tag's "exploring" said so. The screen's last
// line says it in words and names the key that follows again, once: the
// next key takes it down, and ctrl+g follows again.
func TestAFollowerWhoForksIsToldOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	_, predict, _, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	student := storeSession(t, room, false, tempStore(t), 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	press(t, student, "ctrl+g")
	if v := student.View(); strings.Contains(v, "stopped following") {
		t.Fatalf("a student who follows reads that they stopped:\n%s", v)
	}
	press(t, student, "2")
	if student.mode != exploring {
		t.Fatalf("2 at the prediction did not fork: mode %d", student.mode)
	}
	v := student.View()
	lines := strings.Split(v, "\n")
	last := ansi.Strip(lines[len(lines)-1])
	if !strings.Contains(last, "You stopped following the teacher") || !strings.Contains(last, followKey+" follows the teacher again") {
		t.Fatalf("the forked student's last line: %q\n%s", last, v)
	}
	if n := strings.Count(ansi.Strip(v), "stopped following"); n != 1 {
		t.Fatalf("the note shows %d times:\n%s", n, v)
	}
	// Drawn again with no key between, it stays; the next key takes it down.
	if !strings.Contains(student.View(), "stopped following") {
		t.Fatal("the note went with a redraw, before the student read it")
	}
	press(t, student, "down")
	if v := student.View(); strings.Contains(v, "stopped following") {
		t.Fatalf("the note stayed after the next key:\n%s", v)
	}
	// At 60 columns a shorter form still names the key.
	student.forkNote = true
	student.w = 60
	lines = strings.Split(student.withForkNote(strings.Repeat("x\n", 3)), "\n")
	if last := ansi.Strip(lines[len(lines)-1]); !strings.Contains(last, followKey) || ansi.StringWidth(last) > 60 || strings.Contains(last, "…") {
		t.Fatalf("at 60 columns: %q", last)
	}
	student.w = 100
	press(t, student, followKey)
	if student.mode != following || strings.Contains(student.View(), "stopped following") {
		t.Fatalf("%s did not follow again, or the note stayed: mode %d\n%s", followKey, student.mode, student.View())
	}
}
