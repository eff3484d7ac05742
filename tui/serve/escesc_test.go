package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// Over SSH a follower presses esc twice to stop following: the two escs,
// read at once, came as one key, esc with alt, which the followed screen
// took as a key that explores. She was left on a fork of the teacher's
// lesson list, its title under "exploring" and "You stopped following the
// teacher", counted as exploring, where esc takes her back to her own
// screen, the menu, as two escs pressed apart do.
func TestEscEscStopsFollowingOverSSH(t *testing.T) {
	ts, teacher := teacherOnLessonList(t)

	c := ts.dial(t, "s", PasswordAuth("x"), 80, 24)
	waitFor(t, c, 0, "on the home screen · ctrl+g follows the teacher")
	tmark := teacher.Mark()
	typeWait(t, c, "\x07", "following the teacher · F explores", "breakerlab › lessons")
	waitFor(t, teacher, tmark, "1 follow · 0 explore · 0 on home")
	mark, tmark := c.Mark(), teacher.Mark()
	if err := c.Type("\x1b\x1b"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "on the home screen · ctrl+g follows the teacher", "learn how systems survive")
	if s := c.Since(mark); strings.Contains(s, "exploring") || strings.Contains(s, "You stopped following") {
		t.Fatalf("esc esc forked the teacher's screen:\n%s", tail(s, 2000))
	}
	waitFor(t, teacher, tmark, "0 follow · 0 explore · 1 on home")
}

// esc with alt is two escs wherever the follower was: from her own lesson
// list, the first takes her back there and the second to the menu.
func TestAltEscIsTwoEscsForAFollower(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 80, 24)
	press(t, teacher, "enter")
	press(t, student, "enter", "ctrl+g")
	if !student.Following() {
		t.Fatalf("the student does not follow:\n%s", student.View())
	}
	_, cmd := student.Update(tea.KeyMsg{Type: tea.KeyEsc, Alt: true})
	run(t, student, cmd, 0)
	f, e, h := room.Counts()
	if student.Following() || student.mode != onHome || !student.home.OnMenu() || f != 0 || e != 0 || h != 1 {
		t.Fatalf("after alt+esc: mode %v, on the menu %v, counts %d follow %d explore %d on home; the screen:\n%s",
			student.mode, student.home.OnMenu(), f, e, h, student.View())
	}
	if v := firstLine(student.View()); !strings.Contains(v, "on the home screen") {
		t.Fatalf("the menu's top line: %q", v)
	}
}
