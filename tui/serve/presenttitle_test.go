package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// In presentation mode a sandbox with something open over its run (a
// prompt, the knob form, the leave question) is drawn as it is, and its
// title line keeps the scenario and the whole tab bar beside the tag, as
// outside presentation mode. The tag took the whole line's room and left
// "[1 one shared pool of 200 threads]  2   3  presentation mode ·
// presenting …" to the teacher and "[1 one shared pool of 200 threads] ›"
// to a student exploring.
func TestPresentingSandboxDrawnAsItIsKeepsItsTitle(t *testing.T) {
	racefree.Only(t)
	ctrlP := tea.KeyMsg{Type: tea.KeyCtrlP}
	opens := map[string][]string{
		"prompt":         {":"},
		"knob form":      {"e"},
		"leave question": {"e", "ctrl+u", "8", "enter", "q"},
	}
	for _, w := range []int{80, 100, 200} {
		for _, what := range []string{"prompt", "knob form", "leave question"} {
			for _, teacherSide := range []bool{true, false} {
				if !teacherSide && what == "leave question" {
					continue // a student's q leaves the room's screen without asking
				}
				who := map[bool]string{true: "teacher", false: "student"}[teacherSide]
				t.Run(fmt.Sprintf("%d/%s/%s", w, who, strings.ReplaceAll(what, " ", "-")), func(t *testing.T) {
					room := NewRoom()
					teacher := plainSession(t, room, true, w, 30)
					keys(teacher, "j", "enter", "enter") // the sandbox, cascade
					s := teacher
					if !teacherSide {
						s = plainSession(t, room, false, w, 30)
						keys(s, "ctrl+g", "F")
					}
					s.Update(ctrlP)
					for _, k := range opens[what] {
						if k == "ctrl+u" {
							s.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
							continue
						}
						keys(s, k)
					}
					if _, ok := s.moment(); ok {
						t.Fatalf("the %s did not open: presentation mode draws the moment", what)
					}
					top := firstLine(s.View())
					if got := ansi.StringWidth(top); got != w {
						t.Errorf("the top line is %d cells wide", got)
					}
					tag := " " + s.tag() + " "
					title, ok := strings.CutSuffix(top, tag)
					if !ok || !strings.Contains(tag, "presentation mode") {
						t.Fatalf("the top line %q does not end in a tag saying presentation mode (%q)", top, tag)
					}
					title = strings.TrimRight(title, " ")
					for _, want := range []string{" cascade  [1 one shared pool of 200 threads]", "  2 ", " 3"} {
						if !strings.Contains(title, want) {
							t.Errorf("the title %q lacks %q", title, want)
						}
					}
					if strings.HasSuffix(title, "›") || strings.Contains(title, "‹") {
						t.Errorf("the title %q ends in a loose ›", title)
					}
					if w >= 200 && !strings.HasPrefix(title, " breakerlab › sandbox › cascade  ") {
						t.Errorf("at %d columns the title %q lost its crumbs", w, title)
					}
				})
			}
		}
	}
}

// A student who joins while the teacher is on the home screen reads how
// to follow them, and ctrl+g does: the follower waits for the teacher's
// next sandbox or lesson. The tag said a bare "exploring" there.
func TestStudentOnHomeReadsHowToFollow(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	plainSession(t, room, true, 100, 30)
	student := plainSession(t, room, false, 100, 30)
	top := firstLine(student.View())
	if !strings.HasSuffix(top, " on the home screen · ctrl+g follows the teacher ") {
		t.Fatalf("the new student's top line %q does not say how to follow", top)
	}
	keys(student, "ctrl+g")
	if !student.Following() {
		t.Fatal("ctrl+g on the home screen did not follow the teacher, as the tag says it does")
	}
}

// On a lesson's step in presentation mode the moment's title says the
// step ("Lesson 1 · step 2 of 9 · Little's law"), and the tag said it
// again (" · step 2/9"), in the cells it then lacked: the teacher at the
// projector's 100 columns read "teaching · step 2/9 · 0 follow", without
// the student exploring, and a follower at 80 read "presentation mode"
// alone, without that they follow. The title stays whole.
func TestPresentingALessonStepSaysTheRoomNotTheStepTwice(t *testing.T) {
	racefree.Only(t) // drives Sessions directly: no server, no goroutine
	ctrlP := tea.KeyMsg{Type: tea.KeyCtrlP}
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	follower := lessonSession(t, room, false, 80, 24)
	explorer := lessonSession(t, room, false, 80, 24)
	// The follower in presentation mode is a projector, which the
	// teacher's counts leave out (projector.go): this one is the
	// student who follows.
	student := lessonSession(t, room, false, 80, 24)
	press(t, teacher, "enter", "enter") // lesson 1
	// Preparing the lesson can outlast press's wait on a loaded machine
	// (make test once found the teacher still on the lesson list).
	awaitLesson(t, teacher)
	press(t, teacher, " ", "n") // step 2
	press(t, follower, "ctrl+g")
	press(t, student, "ctrl+g")
	press(t, explorer, "ctrl+g", "F")
	teacher.Update(ctrlP)
	follower.Update(ctrlP)
	for _, c := range []struct {
		s    *Session
		want string
	}{
		{teacher, "presentation mode · teaching · 1 follow · 1 explore"},
		{follower, "presentation mode · following"},
	} {
		mo, ok := c.s.moment()
		if !ok || !strings.Contains(mo.Title, "step 2 of ") {
			t.Fatalf("not drawn as step 2's moment (%v): %q\n%s", ok, mo.Title, c.s.View())
		}
		top := firstLine(c.s.View())
		if !strings.Contains(top, " "+mo.Title+" ") {
			t.Errorf("the moment's title %q is cut: %q", mo.Title, top)
		}
		if !strings.Contains(top, c.want) || strings.Contains(top, "step 2/9") {
			t.Errorf("the top line %q does not say %q, or says the step twice", top, c.want)
		}
	}
}
