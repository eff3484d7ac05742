package exercisesui

import (
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// e opens the current exercise's file in the learner's editor, in its
// folder, and checks the exercise again when the editor returns.
func TestEditOpensTheExerciseInTheEditor(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.current = "03-slow-calls"
	var ran *exec.Cmd
	var done tea.ExecCallback
	m := New(f, Options{Manual: true, NoColor: true, Debounce: time.Millisecond, Tick: time.Microsecond,
		Renderer: lipgloss.NewRenderer(io.Discard), Editor: "code -w",
		Exec: func(c *exec.Cmd, cb tea.ExecCallback) tea.Cmd {
			ran, done = c, cb
			return func() tea.Msg { return cb(nil) }
		}})
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.run(m.Init())
	before := len(f.checked())
	d.wantView("e edit")
	d.keys("e")
	if ran == nil {
		t.Fatal("e ran no editor")
	}
	want := []string{"code", "-w", filepath.Join("/wb", "03-slow-calls", d.m.current().MainFile())}
	if !slices.Equal(ran.Args, want) || ran.Dir != filepath.Join("/wb", "03-slow-calls") {
		t.Errorf("the editor ran as %v in %q, want %v in the exercise's folder", ran.Args, ran.Dir, want)
	}
	if got := f.checked(); len(got) != before+1 || got[len(got)-1] != "03-slow-calls" {
		t.Errorf("the editor's return should check the exercise again: checks %v", got)
	}
	// An editor that fails to start says so.
	d.send(done(errors.New("exec: \"code\": not found")))
	d.wantView("The editor (code -w) did not run")
}

func TestEditWithoutAnEditorSaysHowToSetOne(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 30)
	d.keys("e")
	d.wantView("No editor is set: set $EDITOR")
}

func TestEditorFromEnv(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	env := map[string]string{"EDITOR": "vim"}
	if got := EditorFromEnv(func(k string) string { return env[k] }); got != "vim" {
		t.Errorf("$EDITOR: got %q", got)
	}
	env["VISUAL"] = " code -w "
	if got := EditorFromEnv(func(k string) string { return env[k] }); got != "code -w" {
		t.Errorf("$VISUAL comes first: got %q", got)
	}
}
