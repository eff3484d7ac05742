package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A prompt typed in the home screen's sandbox, in presentation mode, is on
// the projector: the home screen says its key line asks, as the sandbox
// does on its own (present.KeyLineAsker), so the prompt's line is not
// given to the key corner.
func TestPresentedSandboxPromptFromHome(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	m = press(m, "down", "enter", "enter") // Sandbox, then cascade
	if !m.InSandbox() {
		t.Fatal("the sandbox should be open")
	}
	m = press(m, "t")
	if !m.sb.KeyLineAsks() {
		t.Fatal("t should open the sandbox's go-to-time prompt")
	}
	if !m.KeyLineAsks() {
		t.Fatal("the home screen does not say its sandbox's key line asks")
	}
	p := tuitest.Send(present.Wrap(m, m.th, true), tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(p.View()); !strings.Contains(v, "go to time") {
		t.Errorf("presentation mode hides the sandbox's prompt opened from home:\n%s", v)
	}
}
