package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The classroom's screens at 80×24, 120×40 and 200×60, none cutting a
// word: the teacher's home with the join line, the teacher presenting the
// sandbox, a student exploring on the menu, and a student following the
// teacher.
func TestClassroomScreensAreWhole(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	room.SetJoin(Join{Host: "192.168.100.200", Port: "2222", Access: "a listed SSH key or the class password"})
	teacher := plainSession(t, room, true, 80, 24)
	student := plainSession(t, room, false, 80, 24)
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 60}}
	check := func(name string, s *Session) {
		t.Helper()
		for _, sz := range sizes {
			s.applySize(sz[0], sz[1])
			v := s.View()
			where := fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1])
			if n := len(strings.Split(v, "\n")); n != sz[1] {
				t.Errorf("%s: %d lines", where, n)
			}
			tuitest.CheckNoCuts(t, where, v)
		}
	}
	check("the teacher's menu", teacher)
	check("a student on the menu", student)
	keys(teacher, "j", "enter", "enter")
	keys(teacher, strings.Repeat(".", 120))
	check("the teacher presenting", teacher)
	keys(student, "ctrl+g")
	if !student.Following() {
		t.Fatal("the student should follow the teacher")
	}
	check("a student following", student)
}
