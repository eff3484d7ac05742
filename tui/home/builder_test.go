package home

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/builder"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// New system opens the builder; p plays its system in the sandbox, esc
// there comes back to the builder with the system as it was, esc again
// to the menu; opened again (here by :new) it is the draft left.
func TestNewSystemBuildsPlaysAndKeepsTheDraft(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter") // New system, above Exercises
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "new system › start from") {
		t.Fatalf("New system should open the builder's starts:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "enter", "s")
	if !strings.Contains(ansi.Strip(m.View()), "added service orders") {
		t.Fatalf("s should add a service:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "p")
	if !m.InSandbox() || !strings.Contains(ansi.Strip(m.View()), "new system › my-system") {
		t.Fatalf("p should play the system in the sandbox:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "esc")
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "orders · 16 workers") {
		t.Fatalf("esc in the sandbox should come back to the builder:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "esc", "y")
	if m.screen != onMenu {
		t.Fatalf("esc, y should leave the unsaved system for the menu:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, ":", "new", "enter")
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "orders · 16 workers") {
		t.Errorf(":new should open the draft as it was left:\n%s", ansi.Strip(m.View()))
	}
}

// ctrl+c with the palette open over the builder does what it does on the
// builder: with a draft not saved it asks, and the draft stays; a second
// ctrl+c, as on the builder, quits.
func TestCtrlCInThePaletteOverTheBuilderAsks(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter", "enter", "s") // New system, the empty server, a service
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "added service orders") {
		t.Fatalf("the builder should hold a draft:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, PaletteKey)
	if !m.pal.IsOpen() {
		t.Fatalf("%s should open the palette over the builder", PaletteKey)
	}
	next, cmd := m.Update(tuitest.Key("ctrl+c"))
	if quits(cmd) {
		t.Fatal("ctrl+c in the palette quit and dropped the builder's unsaved draft")
	}
	m = next.(Model)
	v := ansi.Strip(m.View())
	if m.pal.IsOpen() || m.screen != onBuilder || !strings.Contains(v, "Quit with unsaved changes?") {
		t.Fatalf("ctrl+c should close the palette and ask, as on the builder:\n%s", v)
	}
	m = typed(m, "x") // any other key stays
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "orders · 16 workers") {
		t.Fatalf("the draft should stay:\n%s", v)
	}
	m = typed(m, PaletteKey)
	m = run(m, tuitest.Key("ctrl+c"))
	if _, cmd := m.Update(tuitest.Key("ctrl+c")); !quits(cmd) {
		t.Error("a second ctrl+c, once asked, should quit as it does on the builder")
	}
}

// A fault injected while playing the builder's system comes back with it
// to the builder, which says so and keeps it for w.
func TestFaultsInjectedWhilePlayingComeBackToTheBuilder(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter", "enter", "s", "p") // New system, the empty server, a service, play
	if !m.InSandbox() {
		t.Fatalf("p should play the system:\n%s", ansi.Strip(m.View()))
	}
	sp, err := chaos.Parse("20s orders hang for 10s")
	if err != nil {
		t.Fatal(err)
	}
	if m.sb, err = m.sb.Inject(sp); err != nil {
		t.Fatal(err)
	}
	m = typed(m, "esc")
	v := ansi.Strip(m.View())
	if m.screen != onBuilder || !strings.Contains(v, "kept what you injected while playing: 20s orders hang for 10s") || !strings.Contains(v, "⚠ hang") {
		t.Errorf("the builder should keep the fault injected while playing:\n%s", v)
	}
	if s := m.bd.Scenario().Variants[0].System.Services[0]; len(s.Faults) != 1 {
		t.Errorf("orders should have the fault: %+v", s.Faults)
	}
}

// NewSystem (`breakerlab new`) opens the screen on the builder's starts,
// and with NewSystemFile on the file's system, built on at once, w
// saving back to it; esc comes to the menu as from New system.
func TestNewSystemOpensTheBuilderOnAFile(t *testing.T) {
	m := newHome(t, Options{NewSystem: true})
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "new system › start from") {
		t.Fatalf("NewSystem should open the builder's starts:\n%s", ansi.Strip(m.View()))
	}
	path := filepath.Join(t.TempDir(), "mine.toml")
	file := "name = \"mine\"\nduration = \"30s\"\n\n[system]\nworkers = 8\n\n[[system.endpoints]]\nname = \"/a\"\nrate = 5\ncalls = \"db\"\n\n" +
		"[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"exponential\", mean = \"20ms\" }\n"
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := builder.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m = newHome(t, Options{NewSystem: true, NewSystemFile: &f})
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "opened "+path) || !strings.Contains(v, "db") {
		t.Fatalf("NewSystemFile should open the builder on the file:\n%s", v)
	}
	if m = typed(m, "esc"); m.screen != onMenu {
		t.Errorf("esc on the file's system, nothing unsaved, should come to the menu:\n%s", ansi.Strip(m.View()))
	}
}
