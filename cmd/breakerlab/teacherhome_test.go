package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/home"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher's home screen under `serve --teacher` shows the teacher's
// own progress (stars, lessons, drill), this machine's, beside the class's
// join line, with nothing to say whose: a teacher serving with --data-dir
// read those stars as the students'. It says whose they are and where
// the students' are kept.
func TestTeacherHomeSaysWhoseProgressItShows(t *testing.T) {
	racefree.Only(t) // no goroutine: it builds and draws the teacher's home screen
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	own := filepath.Join(cfg, "teacher", "progress.json")
	data := filepath.Join(t.TempDir(), "class")
	o := teacherHome(own, data)
	next, _ := home.New(o).Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	v := strings.Join(strings.Fields(next.View()), " ")
	for _, want := range []string{"is your own", filepath.Dir(own), "not the class's", "each student's is kept in their own folder in " + data} {
		if !strings.Contains(v, want) {
			t.Errorf("the teacher's home screen does not say %q:\n%s", want, next.View())
		}
	}
	// The students' sessions say nothing of the kind: their stars are
	// their own, kept in their folder.
	s := serveHome()
	if len(s.Notices) != 0 {
		t.Errorf("a student's home screen has notices %q", s.Notices)
	}
}
