package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher's top line counted a student who sat on the home screen,
// having opened nothing, as exploring. Each student is counted from what
// their screen is: following the teacher, exploring (the room's screen
// they forked, a lesson, the sandbox or a tool of their own), or on the
// home screen's menu; a student with several sessions once, by the one
// most taken up with the class. The top line, the list of who is in the
// room and Counts say the same.
func TestTheTeachersTagCountsWhatEachStudentsScreenIs(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 200, 30)
	student := func(name string) *Session {
		s := lessonSession(t, room, false, 100, 30)
		s.SetStudent("user-"+name, name)
		return s
	}
	press(t, teacher, "enter", "enter") // the teacher opens a lesson
	awaitLesson(t, teacher)

	student("ada")                              // on the home screen: opened nothing
	press(t, student("bob"), "ctrl+g")          // follows
	press(t, student("cy"), "ctrl+g", "F")      // forked the room's lesson
	press(t, student("dee"), "enter")           // the lesson list of her own
	press(t, student("eve"), "j", "enter")      // the sandbox's picker of her own
	fay, fay2 := student("fay"), student("fay") // two sessions: one on the menu,
	press(t, fay2, "enter")                     // one in her lessons: she explores
	press(t, fay, "ctrl+k", "esc")              // the palette opened and closed there
	reads(teacher)

	// Each exploring student's line says where too (rollwhere.go): the
	// lesson and step, or the screen; a line with no colon says all.
	want := map[string]string{
		"ada": "on the home screen", "bob": "following", "cy": "exploring: lesson 1 · step 1/", "dee": "exploring: the lesson list",
		"eve": "exploring: the sandbox's scenario list", "fay": "exploring in 1 session, on the home screen in 1 session: the lesson list",
	}
	f, e, h := room.Counts()
	if f != 1 || e != 4 || h != 1 {
		t.Errorf("Counts: %d follow, %d explore, %d on home; want 1, 4, 1", f, e, h)
	}
	top := flat(strings.SplitN(teacher.View(), "\n", 2)[0])
	if !strings.Contains(top, "1 follow · 4 explore · 1 on home") {
		t.Errorf("the teacher's top line: %q; want 1 follow · 4 explore · 1 on home", top)
	}
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlL})
	list := flat(teacher.View())
	if !strings.Contains(list, "6 students in the room: 1 following you, 4 exploring on their own, 1 on the home screen") {
		t.Errorf("the list's count:\n%s", teacher.View())
	}
	lines := map[string]string{}
	for _, l := range strings.Split(teacher.View(), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "• ") {
			name, _, _ := strings.Cut(l[len("• "):], " ")
			lines[name] = l
		}
	}
	for name, state := range want {
		l := lines[name]
		if !strings.HasPrefix(l, "• "+name+" · "+state) || (!strings.Contains(state, ":") && l != "• "+name+" · "+state) {
			t.Errorf("the list does not say %s · %s:\n%s", name, state, teacher.View())
		}
	}
	keys(teacher, "x")
}

// A student on the home screen read "exploring · ctrl+g follows the
// teacher" in their own tag while the teacher's counts had them "on
// home": the tag and the counts take one tally. For a student on home,
// following and exploring, the student's tag says what the teacher's
// count of them says.
func TestAStudentsTagSaysWhatTheTeachersCountSays(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 200, 30)
	press(t, teacher, "enter", "enter") // the teacher opens a lesson
	awaitLesson(t, teacher)
	student := lessonSession(t, room, false, 100, 30)
	for _, tc := range []struct {
		name    string
		keys    []string
		f, e, h int
		tag     string
	}{
		{"on home", nil, 0, 0, 1, "on the home screen · ctrl+g follows the teacher"},
		{"following", []string{"ctrl+g"}, 1, 0, 0, "following the teacher"},
		{"exploring", []string{"F"}, 0, 1, 0, "exploring · step"},
		// From the forked lesson: esc to its list, q to the menu.
		{"on home again", []string{"esc", "q"}, 0, 0, 1, "on the home screen · ctrl+g follows the teacher"},
	} {
		press(t, student, tc.keys...)
		reads(teacher, student)
		if f, e, h := room.Counts(); f != tc.f || e != tc.e || h != tc.h {
			t.Errorf("%s: the teacher counts %d follow, %d explore, %d on home; want %d, %d, %d", tc.name, f, e, h, tc.f, tc.e, tc.h)
		}
		if top := flat(strings.SplitN(teacher.View(), "\n", 2)[0]); !strings.Contains(top, fmt.Sprintf("%d follow · %d explore · %d on home", tc.f, tc.e, tc.h)) {
			t.Errorf("%s: the teacher's top line: %q", tc.name, top)
		}
		if tag := student.tag(); !strings.HasPrefix(tag, tc.tag) {
			t.Errorf("%s: the student's tag is %q, want %q…", tc.name, tag, tc.tag)
		}
	}
}
