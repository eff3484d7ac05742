package home

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lessonsItemLines are the lines the Lessons item takes in view, from its
// name's row to the Sandbox's, less the blank row between items where the
// menu spaces them (the Sandbox has no figure, so a blank line above the
// Challenges is that spacing); nil when the Sandbox is scrolled away.
func lessonsItemLines(view string) []string {
	rows := itemRows(view)
	if rows[lessonsItem] < 0 || rows[sandboxItem] < 0 || rows[challengesItem] < 0 {
		return nil
	}
	lines := strings.Split(ansi.Strip(view), "\n")
	end := rows[sandboxItem]
	if strings.TrimSpace(lines[rows[challengesItem]-1]) == "" {
		end--
	}
	return lines[rows[lessonsItem]:end]
}

// The Lessons item keeps the rows its longest figure needs, so that no
// item moves when the count comes; the figure fills them whatever it
// says, before the count too. At 80×24 a new learner's "0 of 14 done · c
// starts lesson 1" left a blank row under the item until a lesson was
// begun.
func TestLessonsItemLeavesNoBlankRow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	all := allLessons(t)
	store := func(set func(*lessons.Store)) *lessons.Store {
		s, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
		if err != nil {
			t.Fatal(err)
		}
		set(s)
		return s
	}
	fresh := store(func(*lessons.Store) {})
	started := store(func(s *lessons.Store) {
		var p lessons.Progress
		for step := range 3 {
			p.SawStep(step)
		}
		p.Step = 2
		s.Set(all[2].ID, p)
	})
	oneDone := store(func(s *lessons.Store) { s.Set(all[0].ID, lessons.Progress{Done: true, Seen: []int{0, 1}}) })
	allDone := store(func(s *lessons.Store) {
		for _, l := range all {
			s.Set(l.ID, lessons.Progress{Done: true})
		}
	})
	load := func() ([]*lessons.Lesson, error) { return all, nil }
	states := []struct {
		name    string
		o       Options
		counted bool
		says    string
	}{
		{"loaded, not counted yet", Options{Lessons: all, LessonStore: fresh}, false, fmt.Sprintf("%d lessons", len(all))},
		{"counting at the start", Options{LoadLessons: load, ProgressAtStart: true, LessonStore: fresh}, false, "counting"},
		{"counted once opened", Options{LoadLessons: load, LessonStore: fresh}, false, "once you open them"},
		{"none begun", Options{Lessons: all, LessonStore: fresh}, true, "none begun"},
		{"one begun", Options{Lessons: all, LessonStore: started}, true, "step 3 of"},
		{"one done", Options{Lessons: all, LessonStore: oneDone}, true, "1 of"},
		{"all done", Options{Lessons: all, LessonStore: allDone}, true, fmt.Sprintf("%d of %d done", len(all), len(all))},
	}
	for _, sz := range [][2]int{{80, 24}, {60, 20}, {100, 30}, {120, 40}, {200, 60}, {60, 40}, {36, 40}, {80, 14}} {
		height := -1
		for _, s := range states {
			where := fmt.Sprintf("%s at %dx%d", s.name, sz[0], sz[1])
			m := send(newHome(t, s.o), tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			if s.counted {
				m = send(m, m.countLessons()())
			}
			v := m.View()
			lines := lessonsItemLines(v)
			if lines == nil {
				t.Fatalf("%s: the Sandbox item is not in sight:\n%s", where, ansi.Strip(v))
			}
			// At 80×24 the figure has a row of its own, in full; at 200
			// columns it goes before the description, once counted; in a
			// narrow window it is said shorter.
			if text := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); sz == [2]int{80, 24} && !strings.Contains(text, s.says) {
				t.Errorf("%s: the Lessons item should say %q: %q", where, s.says, text)
			}
			for i, l := range lines {
				if strings.TrimSpace(l) == "" {
					t.Errorf("%s: row %d of the Lessons item is blank:\n%s", where, i+1, ansi.Strip(v))
				}
			}
			if height < 0 {
				height = len(lines)
			} else if len(lines) != height {
				t.Errorf("%s: the Lessons item takes %d rows, not %d as in the first state: its height depends on the count\n%s",
					where, len(lines), height, ansi.Strip(v))
			}
		}
	}
}
