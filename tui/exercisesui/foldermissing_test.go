package exercisesui

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// keyLine is the last row of the view: the key help.
func keyLine(view string) string {
	rows := strings.Split(strings.TrimRight(view, "\n"), "\n")
	return rows[len(rows)-1]
}

// x on an exercise whose folder the learner renamed, their code in it,
// writes no fresh folder beside it, which the runner would check instead
// of their code: it is not offered, and pressed it says why and what to
// do, until the next check. (It asked "…no code of yours to copy", and y
// wrote the stub in a new folder.)
func TestXRefusesAFolderRenamedWithTheCodeInIt(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand; no go command
	w, e, _ := workbookWithWork(t, "01")
	mine := filepath.Join(w.Dir, "mine01")
	if err := os.Rename(w.ExerciseDir(e), mine); err != nil {
		t.Fatal(err)
	}
	d := startOn(t, &firstCheckReal{Backend: NewBackend(w, 0)}, 100, 30)
	if r := d.m.results[e.Name]; !r.FolderMissing || r.RenamedTo != "mine01" {
		t.Fatalf("the check did not find the folder renamed to mine01: %+v", r)
	}
	if k := keyLine(d.view()); strings.Contains(k, "x reset") {
		t.Errorf("the key line offers x, which would leave the code in mine01 unchecked: %q", k)
	}
	d.keys("x")
	if d.m.screen == screenConfirm {
		t.Fatalf("x asks %q, as if a fresh folder were the way out", d.m.question())
	}
	want := "Not reset: the last check found your code in mine01, and a fresh 01-consecutive-breaker would leave it unchecked. " +
		"Rename mine01 back to 01-consecutive-breaker, then r checks it again."
	if v := d.view(); !strings.Contains(flowed(v), want) {
		t.Errorf("x does not say why it writes nothing; want %q:\n%s", want, v)
	}
	d.keys("y") // were it a question, the answer
	if _, err := os.Stat(w.ExerciseDir(e)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("x wrote a fresh %s beside mine01 (%v)", e.Name, err)
	}
	// Renamed back and checked again, the folder is no longer renamed:
	// what x said of the last check goes with it. The check is the
	// watcher's, of the folder's return, which no key starts.
	if err := os.Rename(mine, w.ExerciseDir(e)); err != nil {
		t.Fatal(err)
	}
	d.send(fileSavedMsg{e.Name})
	if v := d.view(); strings.Contains(v, "Not reset") || !strings.Contains(keyLine(v), "x reset") {
		t.Errorf("after the folder came back and was checked, the runner still speaks of it renamed:\n%s", v)
	}
}

// With the exercise's folder missing, e has no file to open: the key line
// leaves it out (in full too), and e pressed says so with the verdict's
// way out, instead of running the editor in a folder that is not there.
// x's fresh stub brings e back.
func TestEditWithTheFolderMissingSaysWhy(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	w, e, _ := workbookWithWork(t, "01")
	if err := os.RemoveAll(w.ExerciseDir(e)); err != nil {
		t.Fatal(err)
	}
	var ran *exec.Cmd
	m := New(&firstCheckReal{Backend: NewBackend(w, 0)}, Options{Manual: true, NoColor: true, Debounce: time.Millisecond,
		Tick: time.Microsecond, Renderer: lipgloss.NewRenderer(io.Discard), Editor: "vim",
		Exec: func(c *exec.Cmd, cb tea.ExecCallback) tea.Cmd {
			ran = c
			return nil
		}})
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.run(m.Init())
	if r := d.m.results[e.Name]; !r.FolderMissing || r.RenamedTo != "" {
		t.Fatalf("the check did not find the folder gone: %+v", r)
	}
	if k := keyLine(d.view()); strings.Contains(k, "e edit") {
		t.Errorf("the key line offers e with the folder gone: %q", k)
	}
	d.keys("?")
	if v := d.view(); strings.Contains(v, "e edit") {
		t.Errorf("the keys in full offer e with the folder gone:\n%s", v)
	}
	d.keys("?", "e")
	if ran != nil {
		t.Errorf("e ran %v in %s, a folder that is missing", ran.Args, ran.Dir)
	}
	want := "e has no file to open: the last check found the folder 01-consecutive-breaker missing. " +
		"Rename it back and press r, or x writes a fresh stub."
	if v := d.view(); !strings.Contains(flowed(v), want) {
		t.Errorf("e does not say why it opens nothing; want %q:\n%s", want, v)
	}
	d.keys("x", "y")
	if k := keyLine(d.view()); !strings.Contains(k, "e edit") {
		t.Errorf("x wrote a fresh stub, but the key line still leaves out e: %q", k)
	}
}
