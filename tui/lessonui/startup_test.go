package lessonui

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The player draws its Markdown without glamour, whose code highlighting
// pulls in chroma: chroma v2.20.0 builds every lexer and style in package
// initialisers (lexers/lexers.go, styles/registry.go), some 27 ms of every
// start of the program, on any screen. Nothing in this package's imports
// may bring them back.
func TestNoChromaAtStartup(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, heavy := range []string{"github.com/alecthomas/chroma", "github.com/charmbracelet/glamour", "github.com/microcosm-cc/bluemonday"} {
			if strings.HasPrefix(pkg, heavy) {
				t.Errorf("the player imports %s, whose package initialisers slow every start", pkg)
			}
		}
	}
}

// BenchmarkFirstFrame is the work between the player's start and its first
// frame at 80×24: reading the lesson, preparing it (every run its numbers
// need, on a fresh lab), building the model, laying it out and drawing it.
// With the program's package initialisers (GODEBUG=inittrace=1 breakerlab
// version) it is the time to the first frame of `breakerlab lesson 4`.
func BenchmarkFirstFrame(b *testing.B) {
	th := tuitest.Plain()
	for b.Loop() {
		l, err := lessons.Open("04-breaker-states")
		if err != nil {
			b.Fatal(err)
		}
		p, err := lessons.Prepare(l, lessons.NewLab())
		if err != nil {
			b.Fatal(err)
		}
		m, err := New(p, Options{Theme: th})
		if err != nil {
			b.Fatal(err)
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if v := next.(Model).View(); !strings.Contains(v, "Stop calling") {
			b.Fatalf("first frame lacks the step's title:\n%s", v)
		}
	}
}
