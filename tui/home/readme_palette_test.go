package home

import (
	"os"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The command line (ctrl+k, and `:` where it goes nowhere else) is the home
// screen's: it jumps to places the home command sets up. A screen started
// by its own command is that screen alone. The README said the keys work
// on "every screen of `breakerlab`" and a reader took `breakerlab sandbox`
// for one: it must say which screens have the command line, and the
// sandbox as `breakerlab sandbox` opens it (tui.RunSandbox: no way home)
// must be what it says, no ctrl+k in its keys and q quitting.
func TestReadmeSaysWhereTheCommandLineWorks(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, moving, ok := strings.Cut(string(readme), "\n## Moving around\n")
	if !ok {
		t.Fatal("the README has no section \"Moving around\"")
	}
	moving, _, _ = strings.Cut(moving, "\n## ")
	moving = strings.Join(strings.Fields(moving), " ")
	for _, want := range []string{"every screen of `breakerlab`, the home screen, and of what it opens",
		"A screen started by its own command (`breakerlab sandbox`, `lesson`, `challenge`, `drill`) is that screen alone: it has no command line",
		"q quits the program"} {
		if !strings.Contains(moving, want) {
			t.Errorf("the README's \"Moving around\" lacks %q:\n%s", want, moving)
		}
	}

	b, _ := scenarios.Lookup("cascade")
	sb, err := sandbox.New(sandbox.Options{Theme: theme.New(theme.Plain()), Scenario: b.Build(), Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var m tea.Model = sb
	m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(m.View()); strings.Contains(v, PaletteKey) || !strings.Contains(v, "q quit") {
		t.Errorf("a sandbox of its own should list q quit and no %s:\n%s", PaletteKey, v)
	}
	help, _ := m.Update(tuitest.Key("?"))
	if v := ansi.Strip(help.View()); strings.Contains(v, PaletteKey) {
		t.Errorf("a sandbox of its own lists %s in its keys:\n%s", PaletteKey, v)
	}
	if _, cmd := m.Update(tuitest.Key("q")); cmd == nil {
		t.Error("q does not quit a sandbox of its own")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Error("q does not quit a sandbox of its own")
	}
}
