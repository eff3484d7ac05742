package home

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// rememberingWorkbooks are the home screen's workbooks as tui.Workbooks
// makes them, seen from here, with the workbook written last remembered
// in memory; opened records the folders Open was asked for, and Create
// fails the test: a learner with a workbook is never given a second one.
func rememberingWorkbooks(t *testing.T, here, memory string, opened *[]string) *Workbooks {
	return &Workbooks{
		Here: here,
		Dir:  "./" + exercises.DefaultDir,
		Find: func() (exercisesui.Backend, error) {
			w, err := exercises.FindRemembered(here, memory)
			if err != nil {
				return nil, err
			}
			return exercisesui.NewBackend(w, 0), nil
		},
		Create: func() (exercisesui.Backend, error) {
			t.Error("Create was called: a second workbook")
			return nil, errors.New("no second workbook")
		},
		Open: func(dir string) (exercisesui.Backend, error) {
			*opened = append(*opened, dir)
			w, err := exercises.Open(dir)
			if err != nil {
				return nil, err
			}
			return exercisesui.NewBackend(w, 0), nil
		},
	}
}

// A learner who wrote their workbook in one folder and runs breakerlab in
// another is told where it is and can open it, with their progress in the
// Exercises pane; the home screen used to say "you have no workbook yet"
// and offer to write a second one. Once the folder is gone, it says so.
func TestHomeFindsTheWorkbookWrittenElsewhere(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	memory, err := exercises.RememberedPath()
	if err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(home, "ws", exercises.DefaultDir)
	if _, err := exercises.Init(book); err != nil {
		t.Fatal(err)
	}
	if err := exercises.Remember(memory, book); err != nil {
		t.Fatal(err)
	}
	here := t.TempDir()
	var opened []string

	m := newHome(t, Options{Workbooks: rememberingWorkbooks(t, here, memory, &opened)})
	m = send(m, m.countExercises()())
	if !m.exDone.ok || m.exDone.total != len(exercises.All()) {
		t.Errorf("the Exercises pane does not show the workbook elsewhere: %+v", m.exDone)
	}
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter")) // Exercises
	m = follow(t, m, cmd)
	if m.screen != onNoWorkbook {
		t.Fatalf("Exercises should say where the workbook is:\n%s", m.View())
	}
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	// A long folder is wrapped anywhere: compared without white space.
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), "")
	for _, want := range []string{"Yourworkbookisin" + book, "enteropenithere", "cd" + book} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, m.View())
		}
	}
	for _, not := range []string{"noworkbookyet", "writeoneto"} {
		if strings.Contains(v, not) {
			t.Errorf("the screen says %q:\n%s", not, m.View())
		}
	}
	opened = nil // the pane's count opened it too
	m, cmd = update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if !m.InExercises() || len(opened) != 1 || opened[0] != book {
		t.Fatalf("enter should open the runner on %s (opened %v):\n%s", book, opened, m.View())
	}

	// The folder is gone: said so, and a new one is offered.
	if err := os.RemoveAll(book); err != nil {
		t.Fatal(err)
	}
	m = newHome(t, Options{Workbooks: rememberingWorkbooks(t, here, memory, &opened)})
	m = send(m, m.countExercises()())
	if m.exDone.ok || !m.exDone.gone {
		t.Errorf("the Exercises pane with the workbook gone: %+v", m.exDone)
	}
	m = press(m, "up")
	m, cmd = update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	v = strings.Join(strings.Fields(ansi.Strip(m.View())), "")
	for _, want := range []string{"yourworkbookisgone", book + "isnolongerthere", "writeoneto"} {
		if !strings.Contains(v, want) {
			t.Errorf("with the workbook gone, the screen lacks %q:\n%s", want, m.View())
		}
	}
}

// The screen that names the workbook elsewhere, at 80x24.
func TestWorkbookElsewhereScreen(t *testing.T) {
	nf := &exercises.NotFoundError{Here: "/tmp", Remembered: "/home/learner/ws/breakerlab-workbook"}
	m := newHome(t, Options{Workbooks: &Workbooks{
		Here: "/tmp", Dir: "./" + exercises.DefaultDir,
		Find: func() (exercisesui.Backend, error) { return nil, nf },
		Open: func(string) (exercisesui.Backend, error) { return nil, errors.New("not opened in this test") },
	}})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	golden.Check(t, "workbook-elsewhere-80x24", send(m, tea.WindowSizeMsg{Width: 80, Height: 24}).View())
}

// With no way to open the workbook elsewhere (Workbooks.Open nil), the
// screen says where it is, and enter writes no second workbook.
func TestWorkbookElsewhereWithoutOpenWritesNone(t *testing.T) {
	nf := &exercises.NotFoundError{Here: "/tmp", Remembered: "/home/learner/ws/breakerlab-workbook"}
	m := newHome(t, Options{Workbooks: &Workbooks{
		Here: "/tmp", Dir: "./" + exercises.DefaultDir,
		Find: func() (exercisesui.Backend, error) { return nil, nf },
		Create: func() (exercisesui.Backend, error) {
			t.Error("Create was called: a second workbook")
			return nil, errors.New("no second workbook")
		},
	}})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Your workbook is in /home/learner/ws/breakerlab-workbook") || strings.Contains(v, "enter") {
		t.Errorf("the screen should say where the workbook is and offer no enter:\n%s", v)
	}
	for _, k := range []string{"enter", "c"} {
		if _, cmd := update(m, keyMsg(k)); cmd != nil {
			cmd()
		}
	}
}
