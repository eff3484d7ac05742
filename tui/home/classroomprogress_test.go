package home

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A classroom session reads the lessons only once asked, and its menu
// said "how far you got shows once you open them" to a student whose
// progress was saved. With progress saved the menu counts it at the
// start and shows it; with none it says the sentence as before, and reads
// nothing.
func TestTheClassroomMenuShowsProgressSaved(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, the count's command run in line
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	all := allLessons(t)
	open := func() *lessons.Store {
		s, err := lessons.OpenStore(filepath.Join(home, "lessons.json"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	loads := 0
	load := func() ([]*lessons.Lesson, error) { loads++; return all, nil }
	item := func(m Model) string {
		return strings.Join(strings.Fields(strings.Join(lessonsItemLines(m.View()), " ")), " ")
	}

	// None saved: the sentence, and the lessons are not read.
	fresh := send(newHome(t, Options{LoadLessons: load, LessonStore: open()}), tea.WindowSizeMsg{Width: 80, Height: 24})
	if got := item(fresh); !strings.Contains(got, "how far you got shows once you open them") {
		t.Errorf("with no progress saved the Lessons item says %q", got)
	}
	if cmd := fresh.countLessons(); cmd != nil {
		t.Errorf("with no progress saved the menu reads the lessons at the start")
	}
	// Progress made later (a lesson the room followed, forked) does not
	// leave the menu "counting" with no count on its way.
	fresh.o.LessonStore.Set(all[0].ID, lessons.Progress{Seen: []int{0}})
	if got := item(fresh); !strings.Contains(got, "once you open them") {
		t.Errorf("after progress made in the session the Lessons item says %q", got)
	}

	// Saved, in the file the next session opens.
	st := open()
	var p lessons.Progress
	for step := range 3 {
		p.SawStep(step)
	}
	p.Step = 2
	st.Set(all[2].ID, p)
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	m := send(newHome(t, Options{LoadLessons: load, LessonStore: open()}), tea.WindowSizeMsg{Width: 80, Height: 24})
	if got := item(m); strings.Contains(got, "once you open them") || !strings.Contains(got, "counting how far you got") {
		t.Errorf("with progress saved, before the count, the Lessons item says %q", got)
	}
	cmd := m.countLessons()
	if cmd == nil {
		t.Fatal("with progress saved the menu does not count it")
	}
	m = send(m, cmd())
	if got := item(m); !strings.Contains(got, "c continues lesson 3 at step 3 of") {
		t.Errorf("with progress saved the Lessons item says %q, want where to continue", got)
	}
	if loads != 1 {
		t.Errorf("the lessons were read %d times, want once", loads)
	}
}
