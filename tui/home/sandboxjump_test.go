package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A palette jump away from the sandbox does not lose a fault injected
// and not written: it asks as the sandbox's own esc does, naming it; any
// other key stays, y goes where the palette said, and :quit asks as q
// does. It used to go at once, the fault gone. With nothing changed the
// jump goes at once.
func TestPaletteJumpFromTheSandboxAsksFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	if m = paletteTo(t, m, "sandbox cascade"); !m.InSandbox() {
		t.Fatalf(":sandbox cascade should open the sandbox:\n%s", ansi.Strip(m.View()))
	}
	if m = paletteTo(t, m, "home"); m.screen != onMenu {
		t.Fatalf(":home from a sandbox with nothing changed should go at once:\n%s", ansi.Strip(m.View()))
	}

	m = paletteTo(t, m, "sandbox cascade")
	sp, err := chaos.Parse("1s recommendations hang for 2s")
	if err != nil {
		t.Fatal(err)
	}
	if m.sb, err = m.sb.Inject(sp); err != nil {
		t.Fatal(err)
	}
	m = paletteTo(t, m, "home")
	v := ansi.Strip(m.View())
	if !m.InSandbox() || !strings.Contains(v, "would be lost: the fault 1s recommendations hang for 2s") || !strings.Contains(v, "y leaves") {
		t.Fatalf(":home with a fault injected should ask first, naming it:\n%s", v)
	}
	if m = press(m, "x"); !m.InSandbox() || strings.Contains(ansi.Strip(m.View()), "would be lost") {
		t.Fatalf("any other key should stay in the sandbox and close the question:\n%s", ansi.Strip(m.View()))
	}

	m = paletteTo(t, m, "new")
	m, cmd := update(m, keyMsg("y"))
	var jumped bool
	for _, msg := range sequenced(cmd) {
		if _, ok := msg.(sandboxLetGo); ok {
			jumped = true
		}
		m = send(m, msg)
	}
	if !jumped || m.screen != onBuilder {
		t.Fatalf("y should go where the palette said (the builder); on %v:\n%s", m.screen, ansi.Strip(m.View()))
	}

	// :quit asks as q does, and y then quits.
	m = paletteTo(t, m, "sandbox cascade")
	if m.sb, err = m.sb.Inject(sp); err != nil {
		t.Fatal(err)
	}
	m = press(m, PaletteKey, "q", "u", "i", "t")
	m, cmd = update(m, keyMsg("enter"))
	m, cmd = update(m, cmd())
	if quits(cmd) {
		t.Fatal(":quit dropped the sandbox's fault without asking")
	}
	if v := ansi.Strip(m.View()); !m.InSandbox() || !strings.Contains(v, "y quits") {
		t.Fatalf(":quit with a fault injected should ask as q does:\n%s", v)
	}
	if _, cmd = update(m, keyMsg("y")); !quitsAfter(m, cmd) {
		t.Error("y, once asked, should quit")
	}
}

// quitsAfter reports whether cmd, its messages handed back to m as the
// program would, ends in tea.Quit: the sandbox sends the jump back before
// the home screen quits.
func quitsAfter(m Model, cmd tea.Cmd) bool {
	for _, msg := range sequenced(cmd) {
		if _, ok := msg.(palette.JumpMsg); ok {
			return false // the jump itself must not come back: it would ask again
		}
		var next tea.Cmd
		m, next = update(m, msg)
		if quits(next) {
			return true
		}
	}
	return false
}
